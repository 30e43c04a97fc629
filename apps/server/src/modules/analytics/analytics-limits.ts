import type { RateLimit } from '../security/rate-limiter';

const HOUR = 60 * 60_000;

/**
 * What a person may ask for by hand: each request queues work against the networks' limits or
 * the AI engine, and the same work also runs by itself (decision 112).
 */
export const analyticsLimits = {
  syncPerUser: {
    name: 'sync:user',
    max: 12,
    windowMs: HOUR,
    message: 'You have started 12 syncs in the last hour; your numbers also sync by themselves every hour.',
  },
  insightsPerUser: {
    name: 'insights:user',
    max: 10,
    windowMs: HOUR,
    message: 'You have asked for new insights 10 times in the last hour; they change only when new numbers arrive.',
  },
} satisfies Record<string, RateLimit>;
