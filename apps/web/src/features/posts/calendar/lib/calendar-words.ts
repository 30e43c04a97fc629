import type { CalendarItem } from '@postflow/contract';
import { networkName } from '@postflow/contract/client';
import { postStatusLook } from '../../../../lib/post-status';

/** Statuses a post may be moved out of: the server's own list (EDITABLE_STATUSES), as they reach the web. */
const MOVABLE = new Set(['scheduled', 'failed', 'missed', 'needs_reconnect', 'pending_approval', 'rejected']);

/** Why an item cannot be moved on the calendar, in words; null when it can. */
export function whyNotMovable(item: CalendarItem): string | null {
  if (item.kind === 'draft') return 'Drafts are not moved here: open the draft to change its date.';
  if (item.status === 'published') return 'Published posts cannot be moved: they are already out.';
  if (item.status === 'pending') return 'This post is being published right now, so it cannot be moved.';
  if (item.status === 'partially_published') return 'Part of this thread is already out: open it to retry the rest.';
  return MOVABLE.has(item.status) ? null : 'This post cannot be moved.';
}

/** A mark next to the status word, so the status never rests on colour alone. */
const STATUS_MARK: Record<string, string> = {
  scheduled: '◷',
  pending: '↻',
  published: '✓',
  failed: '⚠',
  missed: '⚠',
  needs_reconnect: '⚠',
  pending_approval: '⏳',
  rejected: '✕',
  partially_published: '◐',
  draft: '✎',
};

export function statusOf(item: CalendarItem): { label: string; mark: string } {
  return { label: postStatusLook(item.status).label, mark: STATUS_MARK[item.status] ?? '•' };
}

export function networksOf(item: CalendarItem): string {
  return item.platforms.map(networkName).join(' and ') || 'No network yet';
}

/** ' · thread of 4 parts' after a thread's words, so a cell says it is more than one post. */
export function threadNote(item: CalendarItem): string {
  return item.thread && item.thread.length > 1 ? ` · thread of ${item.thread.length} parts` : '';
}

/** The first words of a post, for a cell. */
export function snippet(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return '(no text yet)';
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** Each network's look on the calendar; the network's name is always written too. */
export function networkClasses(item: CalendarItem): string {
  if (item.platforms.length !== 1) return 'border-l-slate-400 bg-white';
  return item.platforms[0] === 'linkedin' ? 'border-l-[#0a66c2] bg-sky-50' : 'border-l-slate-900 bg-slate-50';
}

/** 'Sun, Mar 29': a date's own name, whatever the zone (the key already is the person's day). */
export function dayName(key: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' }): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}
