import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RateLimitRepository } from './rate-limit.repository';

export interface RateLimit {
  /** A stable name, part of the counter key, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

/** A subject's allowance in its current window. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the allowance is whole again. */
  resetSeconds: number;
}

/**
 * Fixed-window limits kept in PostgreSQL, so they hold across every API process and restart.
 * A refused call is answered 429 with Retry-After.
 */
export function createRateLimiter(deps: { repository: RateLimitRepository; clock: Clock }) {
  const windowOf = (limit: RateLimit, now: number) => Math.floor(now / limit.windowMs) * limit.windowMs;

  return {
    /** Counts one call, refusing past the limit; `onState` hears what is left first (for RateLimit-* headers). */
    async consume(limit: RateLimit, subject: string, onState?: (state: RateLimitState) => void): Promise<void> {
      const now = deps.clock.now().getTime();
      const windowStart = windowOf(limit, now);
      const hits = await deps.repository.hit(`${limit.name}:${subject}`, new Date(windowStart));
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));
      onState?.({ limit: limit.max, remaining: Math.max(0, limit.max - hits), resetSeconds: retryAfterSeconds });
      if (hits > limit.max) {
        const minutes = Math.ceil(retryAfterSeconds / 60);
        throw new AppError('rate_limited', `${limit.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
          retryAfterSeconds,
        });
      }
    },

    /** Counts one event in the subject's current window without ever refusing (for slow-downs). */
    async record(limit: RateLimit, subject: string): Promise<void> {
      await deps.repository.hit(`${limit.name}:${subject}`, new Date(windowOf(limit, deps.clock.now().getTime())));
    },

    /** The events counted in the subject's current window. */
    async count(limit: RateLimit, subject: string): Promise<number> {
      return deps.repository.current(`${limit.name}:${subject}`, new Date(windowOf(limit, deps.clock.now().getTime())));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
