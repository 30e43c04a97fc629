import { cx } from './cx';

/** A bar filled to `value` of `max` (clamped), announced as a progress bar with its percentage. */
export function ProgressBar({ value, max, label, className }: { value: number; max: number; label: string; className?: string }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, Math.round((value / max) * 100))) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className="h-full rounded-full bg-brand transition-[width] duration-700 ease-out" style={{ width: `${percent}%` }} />
    </div>
  );
}
