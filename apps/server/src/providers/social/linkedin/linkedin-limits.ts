import { nextUtcMidnight } from '../../../lib/clock';

/**
 * LinkedIn's calls per member per application per day for a self-serve app (docs/networks.md, LinkedIn · Rate limits);
 * a Community Management development tier allows 100. LINKEDIN_DAILY_CALLS overrides it.
 */
export const LINKEDIN_SELF_SERVE_DAILY_CALLS = 150;

const DAY_MS = 86_400_000;

/**
 * The counter of an account's LinkedIn calls today: one key and one UTC-day window (docs/networks.md, LinkedIn · Rate limits: limits
 * reset at midnight UTC), the same for publishing and for metrics syncs, which share it.
 */
export function linkedInDailyWindow(accountId: string, now: Date): { key: string; windowStart: Date; windowEnd: Date } {
  const windowEnd = nextUtcMidnight(now);
  return { key: `calls:linkedin:${accountId}`, windowStart: new Date(windowEnd.getTime() - DAY_MS), windowEnd };
}
