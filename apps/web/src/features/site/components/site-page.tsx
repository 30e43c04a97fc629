import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Wordmark } from '../../../components/ui/wordmark';
import { SiteFooter } from './site-footer';
import { focusRing, navLinkClass } from './site-links';

const siteNav = [
  { to: '/guides', label: 'Guides' },
  // /pricing is not a route (docs/decisions/070); the pricing section of the landing page is.
  { to: '/#pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
];

/** A page opened from a link starts at its top (the router keeps the previous page's scroll position). */
export function useStartAtTop(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    document.documentElement.scrollTop = 0;
    document.body.scrollTop = 0;
  }, [pathname, hash]);
}

export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900 focus:shadow"
    >
      Skip to content
    </a>
  );
}

/** The frame of the public pages other than the landing page: header, the page's title and lead, footer. */
export function SitePage({
  title,
  lead,
  children,
  width = 'narrow',
  before,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: 'narrow' | 'wide';
  /** Shown above the title (a breadcrumb). */
  before?: ReactNode;
}) {
  useStartAtTop();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <title>{`${title} · Postflow`}</title>
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 sm:px-6">
          <Link to="/" className={cx('rounded', focusRing)}>
            <Wordmark />
          </Link>
          <nav aria-label="Site" className="order-last w-full md:order-none md:w-auto">
            <ul className="flex gap-5">
              {siteNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to !== '/guides'}
                    className={({ isActive }) =>
                      cx(navLinkClass, isActive ? 'text-brand-strong underline underline-offset-4' : 'text-slate-700')
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Log in
            </Link>
            <Link to="/register" className={buttonClasses({ size: 'sm' })}>
              Start Free
            </Link>
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className={cx('mx-auto px-4 py-10 sm:px-6 sm:py-14', width === 'wide' ? 'max-w-6xl' : 'max-w-3xl')}>
          {before}
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
          {lead && <div className="mt-3 text-lg text-pretty text-slate-600">{lead}</div>}
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
