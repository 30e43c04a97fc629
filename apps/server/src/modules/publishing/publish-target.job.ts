import { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createTargetsRepository, type ClaimedTarget } from './targets.repository';
import { stableUuid } from '../../lib/stable-id';
import { defineJob } from '../../jobs/job';
import type { JobQueue } from '../../jobs/queue';

export const publishTargetJob = defineJob({
  name: 'publish-target',
  schema: z.object({ targetId: z.uuid() }),
  // Retries cover a target still leased by a worker that may have died: once its lease runs out,
  // the retry claims it.
  retryLimit: 20,
  retryDelaySeconds: 15,
  expireInSeconds: 300,
  // A backstop falls due 2 s after its instant and must not wait long beyond.
  delayedPollSeconds: 0.5,
});

/** Seconds after the instant when the backstop looks: the dispatcher normally sent it already. */
export const BACKSTOP_DELAY_MS = 2_000;

/**
 * One backstop job per (target, due time), with an id derived from both, so enqueueing it twice
 * collides and a reschedule gets a job of its own.
 */
const backstopId = (targetId: string, dueAt: Date) => stableUuid('publish-target', targetId, dueAt.toISOString());

/** The durable backstop for a target due at `dueAt`. */
export function enqueuePublishBackstop(queue: JobQueue, tx: Queryable, targetId: string, dueAt: Date): Promise<void> {
  return queue.enqueue(
    publishTargetJob,
    { targetId },
    { id: backstopId(targetId, dueAt), startAfter: new Date(dueAt.getTime() + BACKSTOP_DELAY_MS), tx },
  );
}

/** Targets that went out (or failed for good) need no backstop for their instants: spare the work. */
export function removePublishBackstops(queue: JobQueue, tx: Queryable, finished: Array<{ targetId: string; dueAt: Date }>): Promise<void> {
  return queue.remove(
    publishTargetJob,
    finished.map(({ targetId, dueAt }) => backstopId(targetId, dueAt)),
    { tx },
  );
}

/**
 * Claims the target if it is due and nobody holds it, and publishes it. If another worker holds a
 * lease on it, fails so that pg-boss retries: once a dead worker's lease runs out, a retry claims it.
 */
export function createPublishTargetHandler(deps: {
  db: Database;
  publisher: { run(target: ClaimedTarget): Promise<unknown> };
  clock: Clock;
  workerId: string;
  leaseMs?: number;
}) {
  const targets = createTargetsRepository(deps.db);
  return async ({ targetId }: z.output<typeof publishTargetJob.schema>): Promise<void> => {
    const claimed = await targets.claimOne({ targetId, workerId: deps.workerId, now: deps.clock.now(), leaseMs: deps.leaseMs ?? 30_000 });
    if (claimed) {
      await deps.publisher.run(claimed);
      return;
    }
    const state = await targets.statusOf(targetId);
    if (state?.status === 'publishing') throw new Error('Another worker holds this post; checking again once its lease runs out.');
    // Moved to a later time (its own job exists), finished, or deleted: nothing to do.
  };
}
