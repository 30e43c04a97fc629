import type { Queryable } from '../../db/client';

export function createRateLimitRepository(db: Queryable) {
  return {
    /** Adds `cost` hits to the window starting at `windowStart` and answers the window's total. */
    async hit(key: string, windowStart: Date, cost = 1): Promise<number> {
      const { rows } = await db.query<{ hits: number }>(
        `INSERT INTO rate_limit_counters (key, window_start, hits) VALUES ($1, $2, $3)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + EXCLUDED.hits
         RETURNING hits`,
        [key, windowStart, cost],
      );
      return rows[0]?.hits ?? 1;
    },
    /** The window's total so far, without adding to it. */
    async current(key: string, windowStart: Date): Promise<number> {
      const { rows } = await db.query<{ hits: number }>('SELECT hits FROM rate_limit_counters WHERE key = $1 AND window_start = $2', [
        key,
        windowStart,
      ]);
      return rows[0]?.hits ?? 0;
    },
    /**
     * Adds `cost` hits only if the window's total stays within `ceiling`, in one statement: a
     * refused charge never shows, even for an instant, to others counting in the same window.
     * Answers whether it was charged.
     */
    async hitIfRoom(key: string, windowStart: Date, cost: number, ceiling: number): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO rate_limit_counters (key, window_start, hits) SELECT $1::text, $2::timestamptz, $3::int WHERE $3::int <= $4::int
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + EXCLUDED.hits
           WHERE rate_limit_counters.hits + EXCLUDED.hits <= $4::int
         RETURNING hits`,
        [key, windowStart, cost, ceiling],
      );
      return (rowCount ?? 0) > 0;
    },
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const { rowCount } = await db.query('DELETE FROM rate_limit_counters WHERE window_start < $1', [cutoff]);
      return rowCount ?? 0;
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
