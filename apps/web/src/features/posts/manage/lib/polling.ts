import type { Post } from '@postflow/contract';

export const POLL_FAST_MS = 3_000;
/** How soon before a post is due the lists start refreshing every few seconds. */
export const DUE_SOON_MS = 60_000;
/** A post this late without news has likely been missed by a stopped worker: stop fast polling for it. */
const STALE_AFTER_MS = 5 * 60_000;
const POLL_IDLE_MAX_MS = 10 * 60_000;

/**
 * When the profile's lists should be read again: every few seconds while something is being sent
 * or is due within a minute; otherwise just before the next post becomes due; never when nothing waits.
 */
export function nextRefreshIn(upcoming: readonly Post[], now: number, sendingIds: ReadonlySet<string> = new Set()): number | false {
  let soonest = Number.POSITIVE_INFINITY;
  for (const post of upcoming) {
    if (post.status === 'pending' || (sendingIds.has(post.id) && post.status === 'scheduled')) return POLL_FAST_MS;
    if (post.status !== 'scheduled' || !post.scheduled_for) continue;
    const dueIn = new Date(post.scheduled_for).getTime() - now;
    if (Number.isNaN(dueIn) || dueIn < -STALE_AFTER_MS) continue;
    if (dueIn <= DUE_SOON_MS) return POLL_FAST_MS;
    soonest = Math.min(soonest, dueIn - DUE_SOON_MS);
  }
  return Number.isFinite(soonest) ? Math.min(Math.max(soonest, POLL_FAST_MS), POLL_IDLE_MAX_MS) : false;
}
