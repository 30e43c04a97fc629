import { cx } from '../../../../components/ui/cx';

const badges: Record<string, { label: string; className: string }> = {
  published: { label: 'Published', className: 'bg-blue-100 text-blue-800' },
  completed: { label: 'Published', className: 'bg-blue-100 text-blue-800' },
  // docs/product.md, Profile · Scheduled posts: scheduled green, pending amber, failed red.
  scheduled: { label: 'Scheduled', className: 'bg-green-100 text-green-800' },
  pending: { label: 'Publishing', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
  missed: { label: 'Missed', className: 'bg-red-100 text-red-800' },
  needs_reconnect: { label: 'Needs reconnect', className: 'bg-amber-100 text-amber-900' },
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700' },
};

export function StatusBadge({ status }: { status: string }) {
  const badge = badges[status.toLowerCase()] ?? { label: 'Unknown', className: 'bg-slate-100 text-slate-700' };
  return (
    <span data-status={status} className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', badge.className)}>
      {badge.label}
    </span>
  );
}
