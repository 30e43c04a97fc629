import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx';

export type ProfileTab = 'posts' | 'scheduled';
const TABS: readonly ProfileTab[] = ['posts', 'scheduled'];

const tabClasses = (selected: boolean) =>
  cx(
    'inline-flex items-center gap-2 border-b-2 px-4 py-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand',
    selected ? 'border-brand text-brand' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
  );

/** The ids that tie a tab to its panel (aria-controls and aria-labelledby). */
export const tabIds = (baseId: string, tab: ProfileTab) => ({ tab: `${baseId}-tab-${tab}`, panel: `${baseId}-panel-${tab}` });

/** The tab a key moves to, following the WAI-ARIA tabs pattern: arrows wrap around, Home and End go to the ends. */
export function tabAfterKey(key: string, current: ProfileTab): ProfileTab | undefined {
  const index = TABS.indexOf(current);
  switch (key) {
    case 'ArrowRight':
      return TABS[(index + 1) % TABS.length];
    case 'ArrowLeft':
      return TABS[(index - 1 + TABS.length) % TABS.length];
    case 'Home':
      return TABS[0];
    case 'End':
      return TABS[TABS.length - 1];
    default:
      return undefined;
  }
}

/**
 * The tab bar (docs/product.md, Profile · Page): Posts (published), Scheduled (with count) and Analytics, a link to /analytics
 * (not marked premium). A tab list in the WAI-ARIA pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab in the
 * Tab order (roving tabindex), arrows, Home and End move and select, each tab controls its own panel.
 */
export function ProfileTabs({
  selected,
  onSelect,
  scheduledCount,
  baseId,
}: {
  selected: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
  scheduledCount: number | null;
  baseId: string;
}) {
  const refs = { posts: useRef<HTMLButtonElement>(null), scheduled: useRef<HTMLButtonElement>(null) };

  function onKeyDown(event: KeyboardEvent) {
    const next = tabAfterKey(event.key, selected);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs[next].current?.focus();
  }

  const tab = (id: ProfileTab, label: string, count?: number | null) => (
    <button
      ref={refs[id]}
      type="button"
      role="tab"
      id={tabIds(baseId, id).tab}
      aria-selected={selected === id}
      aria-controls={tabIds(baseId, id).panel}
      tabIndex={selected === id ? 0 : -1}
      onClick={() => onSelect(id)}
      onKeyDown={onKeyDown}
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
      <div role="tablist" aria-label="Your content" className="flex">
        {tab('posts', 'Posts')}
        {tab('scheduled', 'Scheduled', scheduledCount)}
      </div>
      <Link to="/analytics" className={tabClasses(false)}>
        Analytics
      </Link>
    </div>
  );
}
