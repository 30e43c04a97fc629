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

/**
 * Fixed-window limits kept in PostgreSQL, so they hold across every API process and restart.
 * A refused call is answered 429 with Retry-After.
 */
export function createRateLimiter(deps: { repository: RateLimitRepository; clock: Clock }) {
  return {
    async consume(limit: RateLimit, subject: string): Promise<void> {
      const now = deps.clock.now().getTime();
      const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
      const hits = await deps.repository.hit(`${limit.name}:${subject}`, new Date(windowStart));
      if (hits > limit.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        throw new AppError('rate_limited', `${limit.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
          retryAfterSeconds,
        });
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
