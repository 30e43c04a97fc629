import { useDraftCount } from './api/use-drafts';

/** The sidebar's count of the workspace's drafts; nothing while there are none. */
export function DraftsCountBadge() {
  const count = useDraftCount();
  if (!count.data) return null;
  // The space keeps the link's name "Drafts 3", not "Drafts3".
  return (
    <>
      {' '}
      <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">
        {count.data.toLocaleString()}
      </span>
    </>
  );
}
