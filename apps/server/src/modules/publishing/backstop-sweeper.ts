import type { Queryable } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { JobQueue } from '../../jobs/queue';
import { removePublishBackstops } from './publish-target.job';

/** How long a finished target's backstop waits to be removed with others. */
const SWEEP_DELAY_MS = 250;
/** Removed at once when this many are waiting. */
const SWEEP_BATCH = 200;

/**
 * Removes the backstop jobs of finished targets in batches, one statement for many posts instead of
 * one per post (each round trip costs the worker and the database more CPU than the delete). A
 * backstop left behind (a crash before the sweep, a failed delete) falls due, finds its target
 * finished and does nothing, so nothing here needs to be durable.
 */
export function createBackstopSweeper(deps: { queue: JobQueue; db: Queryable; log: Log }) {
  let waiting: Array<{ targetId: string; dueAt: Date }> = [];
  let timer: NodeJS.Timeout | undefined;

  async function sweep(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (!batch.length) return;
    await removePublishBackstops(deps.queue, deps.db, batch).catch((error: unknown) =>
      deps.log.warn(
        { targets: batch.length, err: error },
        'could not remove the backstop jobs of finished posts; they will find nothing to do',
      ),
    );
  }

  return {
    spare(targetId: string, dueAt: Date): void {
      waiting.push({ targetId, dueAt });
      if (waiting.length >= SWEEP_BATCH) void sweep();
      else if (!timer) timer = setTimeout(() => void sweep(), SWEEP_DELAY_MS).unref();
    },
    /** Removes what waits now (a worker stopping). */
    sweep,
  };
}
export type BackstopSweeper = ReturnType<typeof createBackstopSweeper>;
