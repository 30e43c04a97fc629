import { isPassingDatabaseError } from '../lib/database-errors';
import type { Database } from './client';

/**
 * Waits, with growing pauses, until the database answers, so that a process started while PostgreSQL
 * restarts (a deploy, a crash-looping worker) comes up instead of exiting. Gives up after `maxWaitMs`
 * or at once for an error no wait can fix, with a message naming DATABASE_URL.
 */
export async function waitForDatabase(
  db: Database,
  options: { maxWaitMs: number; onWait(attempt: number, error: Error, nextInMs: number): void; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.query('SELECT 1');
      return;
    } catch (error) {
      const waited = Date.now() - started;
      if (!isPassingDatabaseError(error) || waited >= options.maxWaitMs) {
        const reason = (error as Error).message;
        throw new Error(
          isPassingDatabaseError(error)
            ? `PostgreSQL did not answer within ${Math.round(options.maxWaitMs / 1000)} s (${reason}). Check that it runs and that DATABASE_URL points at it.`
            : `PostgreSQL refused the connection (${reason}). Check DATABASE_URL.`,
          { cause: error },
        );
      }
      const pause = Math.min(250 * 2 ** (attempt - 1), 5_000, options.maxWaitMs - waited);
      options.onWait(attempt, error as Error, pause);
      await sleep(pause);
    }
  }
}
