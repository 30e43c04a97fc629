import type { ReactNode } from 'react';

/** docs/product.md, Public site · Terms and privacy: the 'last updated' date always equals today's date. */
export function LastUpdated({ today = new Date() }: { today?: Date }) {
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return (
    <p className="mt-3 text-sm text-slate-600">
      Last updated: <time dateTime={iso}>{formatLegalDate(today)}</time>
    </p>
  );
}

export function formatLegalDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-3 flex flex-col gap-3 leading-7 text-slate-700 [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-6">{children}</div>
    </section>
  );
}
