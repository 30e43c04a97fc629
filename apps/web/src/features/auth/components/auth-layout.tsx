import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../../components/ui/wordmark';

/** The centred card of the sign-in, register and reset screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10 sm:justify-center">
      <title>{`${title} · Postflow`}</title>
      <main className="w-full max-w-md">
        <div className="mb-6 text-center">
          <Link to="/" className="inline-block rounded focus-visible:outline-2 focus-visible:outline-brand">
            <Wordmark className="text-2xl" />
          </Link>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-center text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}

export const textLinkClass =
  'font-medium text-brand hover:text-brand-strong hover:underline focus-visible:outline-2 focus-visible:outline-brand rounded';
