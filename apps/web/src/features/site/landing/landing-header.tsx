import type { Ref } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { MenuIcon } from '../../../components/ui/icons';
import { Wordmark } from '../../../components/ui/wordmark';
import { focusRing } from '../components/site-links';
import { SectionLink, type SectionHandler } from './section-link';
import { landingSections, type SectionId } from './section-nav';

export const MENU_ID = 'landing-menu';

export function LandingHeader({
  active,
  scrolled,
  onSection,
  menuOpen,
  onOpenMenu,
  menuButtonRef,
}: {
  active: SectionId;
  scrolled: boolean;
  onSection: SectionHandler;
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <header
      data-scrolled={scrolled}
      className={cx(
        'sticky top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200',
        scrolled ? 'border-slate-200 bg-white/95 shadow-sm backdrop-blur' : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <SectionLink section="home" onSection={onSection} className={cx('rounded', focusRing)}>
          <Wordmark />
        </SectionLink>
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex gap-1">
            {landingSections.map((section) => (
              <li key={section.id}>
                <SectionLink
                  section={section.id}
                  onSection={onSection}
                  active={active === section.id}
                  className={cx(
                    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    focusRing,
                    active === section.id ? 'bg-brand-soft text-brand-strong' : 'text-slate-700 hover:text-slate-950',
                  )}
                >
                  {section.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link to="/login" className={cx(buttonClasses({ variant: 'ghost', size: 'sm' }), 'hidden sm:inline-flex')}>
            Log in
          </Link>
          <Link to="/register" className={buttonClasses({ size: 'sm' })}>
            Start Free
          </Link>
          <button
            ref={menuButtonRef}
            type="button"
            onClick={onOpenMenu}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MENU_ID : undefined}
            className={cx(
              'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden',
              focusRing,
            )}
          >
            <MenuIcon className="size-6" />
            <span className="sr-only">Open menu</span>
          </button>
        </div>
      </div>
    </header>
  );
}
