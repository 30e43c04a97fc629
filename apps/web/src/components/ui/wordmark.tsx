import { cx } from './cx';

/** The brand as its two-part wordmark: "Post" in ink, "flow" in the brand blue. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cx('text-xl font-extrabold tracking-tight', className)}>
      <span className="text-slate-900">Post</span>
      <span className="text-brand">flow</span>
    </span>
  );
}
