import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx';

export type ProfileTab = 'posts' | 'scheduled';

const tabClasses = (selected: boolean) =>
  cx(
    'inline-flex items-center gap-2 border-b-2 px-4 py-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand',
    selected ? 'border-brand text-brand' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
  );

/**
 * The tab bar (docs/product.md, Profile · Page): Posts (published), Scheduled (with count) and Analytics, a link to /analytics
 * (not marked premium). Arrow keys move between the two tabs, as a tab list should.
 */
export function ProfileTabs({
  selected,
  onSelect,
  scheduledCount,
  panelId,
}: {
  selected: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
  scheduledCount: number | null;
  panelId: string;
}) {
  const refs = { posts: useRef<HTMLButtonElement>(null), scheduled: useRef<HTMLButtonElement>(null) };

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: ProfileTab = selected === 'posts' ? 'scheduled' : 'posts';
    onSelect(next);
    refs[next].current?.focus();
  }

  const tab = (id: ProfileTab, label: string, count?: number | null) => (
    <button
      ref={refs[id]}
      type="button"
      role="tab"
      id={`${panelId}-${id}`}
      aria-selected={selected === id}
      aria-controls={panelId}
      tabIndex={selected === id ? 0 : -1}
      onClick={() => onSelect(id)}
      className={tabClasses(selected === id)}
    >
      {label}
      {count !== undefined && count !== null && (
        <>
          {' '}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">{count}</span>
        </>
      )}
    </button>
  );

  return (
    <div className="flex items-end border-b border-slate-200">
      <div role="tablist" aria-label="Your content" onKeyDown={onKeyDown} className="flex">
        {tab('posts', 'Posts')}
        {tab('scheduled', 'Scheduled', scheduledCount)}
      </div>
      <Link to="/analytics" className={tabClasses(false)}>
        Analytics
      </Link>
    </div>
  );
}
