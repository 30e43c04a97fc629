import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Wordmark } from '../../../components/ui/wordmark';

/** The frame of the public pages until the site issue builds them: the wordmark, the sign-in link and the page. */
export function SitePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-white">
      <title>{`${title} · Postflow`}</title>
      <header className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="rounded focus-visible:outline-2 focus-visible:outline-brand">
          <Wordmark />
        </Link>
        <Link to="/login" className={buttonClasses({ variant: 'ghost' })}>
          Log in
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}
