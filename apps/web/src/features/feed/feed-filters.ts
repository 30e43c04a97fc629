import type { RouteQuery, feedRoutes } from '@postflow/contract';
import { FEED_PAGE_SIZE, wallClockAt } from '@postflow/contract/client';
import { channelQuery, readChannelParam } from '../../lib/channel-param';
import { personTimeZone } from '../../lib/person-time-zone';

export const PLATFORM_FILTERS = [
  { value: 'all', label: 'All Platforms' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'x', label: 'Twitter/X' },
] as const;
export const TIME_FILTERS = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
] as const;
export const STATUS_FILTERS = [
  { value: 'all', label: 'All Posts' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'pending_approval', label: 'Pending approval' },
] as const;

export type PlatformFilter = (typeof PLATFORM_FILTERS)[number]['value'];
export type TimeFilter = (typeof TIME_FILTERS)[number]['value'];
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

export interface FeedFilters {
  platform: PlatformFilter;
  time: TimeFilter;
  status: StatusFilter;
  /** One channel's id (GET /api/v1/channels), or 'all'. */
  channel: string;
}

export const DEFAULT_FILTERS: FeedFilters = { platform: 'all', time: 'all', status: 'all', channel: 'all' };

function pick<T extends string>(value: string | null, options: ReadonlyArray<{ value: T }>): T {
  return options.find((option) => option.value === value)?.value ?? (options[0] as { value: T }).value;
}

/** The filters and page kept in the address (`?platform=x&time=week&status=published&channel=<id>&page=2`), so reload and Back keep them. */
export function readFeedParams(params: URLSearchParams): FeedFilters & { page: number } {
  const page = Number(params.get('page'));
  return {
    platform: pick(params.get('platform'), PLATFORM_FILTERS),
    time: pick(params.get('time'), TIME_FILTERS),
    status: pick(params.get('status'), STATUS_FILTERS),
    channel: readChannelParam(params),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes in the address; page 1 is left out. */
export function writeFeedParams(state: FeedFilters & { page: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (state.platform !== 'all') params.set('platform', state.platform);
  if (state.time !== 'all') params.set('time', state.time);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.channel !== 'all') params.set('channel', state.channel);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Time filters (docs/product.md, Feed · Filters). Today starts at midnight and This Month on the 1st, both in the browser's
 * zone: sent as a date with `tz`, so the server finds that midnight. This Week is the last 7 × 24 h.
 */
export function timeFilterQuery(time: TimeFilter, now: Date, timeZone: string): { start_date?: string; tz?: string } {
  if (time === 'all') return {};
  if (time === 'week') return { start_date: new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString() };
  const wall = wallClockAt(now, timeZone);
  const day = time === 'today' ? wall.day : 1;
  return { start_date: `${wall.year}-${pad(wall.month)}-${pad(day)}`, tz: timeZone };
}

export type FeedQueryInput = RouteQuery<typeof feedRoutes.personal>;

/** The query of GET /api/v1/social/feed for a page of the feed screen (10 a page). */
export function feedQuery(filters: FeedFilters, page: number, now: Date, timeZone: string): FeedQueryInput {
  return {
    type: 'personal',
    limit: FEED_PAGE_SIZE,
    offset: (page - 1) * FEED_PAGE_SIZE,
    ...(filters.platform !== 'all' ? { platform: filters.platform } : {}),
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...channelQuery(filters.channel),
    ...timeFilterQuery(filters.time, now, timeZone),
  };
}

/** The person's zone (lib/date-time.ts); UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return personTimeZone();
  } catch {
    return 'UTC';
  }
}
