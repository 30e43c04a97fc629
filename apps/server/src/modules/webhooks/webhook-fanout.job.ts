import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/job';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { createDeliveriesRepository } from './deliveries.repository';
import { createOutboxRepository, type OutboxEvent } from './outbox.repository';
import { enqueueAttempt } from './webhook-deliver.job';
import { createWebhooksRepository } from './webhooks.repository';

/**
 * Turns the outbox's events into deliveries: one per event and endpoint listening for it, each
 * with its first attempt enqueued, in the transaction that marks the event dispatched, so an
 * event gets its deliveries exactly once whatever crashes (docs/decisions/163-webhooks.md).
 */
export const webhookFanoutJob = defineJob({
  name: 'webhook-fanout',
  schema: z.object({}).passthrough(),
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
});

const BATCH = 100;

/** The body every attempt of every delivery of the event sends, byte for byte. */
export function eventBody(event: Pick<OutboxEvent, 'type' | 'data' | 'createdAt'>): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}

export function createWebhookFanoutHandler(deps: { db: Database; queue: JobQueue; clock: Clock }) {
  return async (): Promise<void> => {
    for (;;) {
      const claimed = await deps.db.transaction(async (tx) => {
        const outbox = createOutboxRepository(tx);
        const events = await outbox.claim(tx, BATCH);
        if (!events.length) return 0;
        const webhooks = createWebhooksRepository(tx);
        const deliveries = createDeliveriesRepository(tx);
        const now = deps.clock.now();
        for (const event of events) {
          for (const webhookId of await webhooks.subscribers(tx, event.workspaceId, event.type)) {
            const delivery = await deliveries.insert(tx, {
              id: randomUUID(),
              webhookId,
              eventId: event.id,
              type: event.type,
              body: eventBody(event),
              at: now,
            });
            if (delivery) await enqueueAttempt(deps.queue, tx, { id: delivery.id, attempt: 1 });
          }
        }
        await outbox.markDispatched(
          tx,
          events.map((event) => event.id),
          now,
        );
        return events.length;
      });
      if (claimed < BATCH) return;
    }
  };
}
