import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Log } from '../../lib/logger';
import { stableUuid } from '../../lib/stable-id';
import { createOutboxRepository } from './outbox.repository';
import { webhookFanoutJob } from './webhook-fanout.job';

const POLL_MS = 1_000;
/** A fan-out is named after the oldest waiting event and the minute: one at a time, and a fresh one each minute if one gave up. */
const NAME_MS = 60_000;

/**
 * The worker's look at the outbox, every second: events are written by database triggers, which
 * cannot enqueue a pg-boss job, so this enqueues the fan-out job when events wait. Nothing here
 * needs to be durable: the events are, and the next look finds what a crash left.
 */
export function startOutboxRelay(deps: { db: Database; queue: JobQueue; log: Log; pollMs?: number }): { stop(): Promise<void> } {
  const outbox = createOutboxRepository(deps.db);
  let running: Promise<void> | undefined;
  let stopped = false;

  async function look(): Promise<void> {
    const oldest = await outbox.oldestPending();
    if (!oldest) return;
    const name = stableUuid('webhook-fanout', oldest, String(Math.floor(Date.now() / NAME_MS)));
    await deps.queue.enqueue(webhookFanoutJob, {}, { id: name });
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = look()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'could not look for webhook events; trying again in a moment'))
      .finally(() => {
        running = undefined;
      });
  }, deps.pollMs ?? POLL_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
