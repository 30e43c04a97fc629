import { cx } from './cx';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

/** A decorative spinner; give it a `label` to announce it as a loading status. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  const icon = (
    <svg className={cx('animate-spin text-current', sizes[size], className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A grey placeholder block shown while content loads (docs/product.md, Dashboard · States and messages). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** A centred loading or progress message for a whole page or panel. */
export function PageStatus({ children }: { children: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 p-6 text-slate-600">
      <Spinner />
      <span>{children}</span>
    </div>
  );
}
