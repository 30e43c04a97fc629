import type { Network } from '@postflow/contract';
import { LINKEDIN_SELF_SERVE_DAILY_CALLS } from '../../config/env';

export { LINKEDIN_PUBLISHING_RESERVE } from '../../config/env';
import { DAY_MS, nextUtcMidnight } from '../../lib/clock';

/**
 * The per-account limits of X and LinkedIn that Postflow counts itself, in PostgreSQL, so they hold
 * across every worker (docs/networks.md, rate limits). Publishing and metrics syncs both charge
 * these windows; this file is the one place their keys, sizes and costs are written down.
 */
export interface AccountLimit {
  /** The counter's key in `rate_limits`. */
  key: string;
  windowStart: Date;
  windowEnd: Date;
  max: number;
  /** What a person is told they are waiting for. */
  description: string;
}

const X_WINDOW_MS = 15 * 60_000;
const X_POSTS_PER_WINDOW = 100;

/**
 * What a LinkedIn metrics sync is charged: each chunk of a batch costs up to three calls (social
 * metadata, then posts or share statistics); reading the follower counts (the member's and their
 * organisations') four.
 */
export const LINKEDIN_SYNC_CALLS = { perChunk: 3, followers: 4 } as const;

/**
 * The counter of an account's LinkedIn calls today: one key and one UTC-day window (LinkedIn's
 * limits reset at midnight UTC), the same for publishing and for metrics syncs, which share it.
 */
export function linkedInDailyWindow(accountId: string, now: Date): { key: string; windowStart: Date; windowEnd: Date } {
  const windowEnd = nextUtcMidnight(now);
  return { key: `calls:linkedin:${accountId}`, windowStart: new Date(windowEnd.getTime() - DAY_MS), windowEnd };
}

/** The window a publish counts against, and what it costs there. */
export function publishLimit(
  network: Network,
  accountId: string,
  mediaCount: number,
  now: Date,
  linkedInDailyCalls = LINKEDIN_SELF_SERVE_DAILY_CALLS,
): AccountLimit & { cost: number } {
  if (network === 'x') {
    const windowStart = Math.floor(now.getTime() / X_WINDOW_MS) * X_WINDOW_MS;
    return {
      key: `publish:x:${accountId}`,
      windowStart: new Date(windowStart),
      windowEnd: new Date(windowStart + X_WINDOW_MS),
      max: X_POSTS_PER_WINDOW,
      cost: 1,
      description: `X's limit of ${X_POSTS_PER_WINDOW} posts per 15 minutes for this account`,
    };
  }
  return {
    ...linkedInDailyWindow(accountId, now),
    max: linkedInDailyCalls,
    // A LinkedIn publish is one call, plus two per image (initialize, upload).
    cost: 1 + 2 * mediaCount,
    description: `LinkedIn's limit of ${linkedInDailyCalls} calls per member per day`,
  };
}
