import { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { defineJob } from '../../jobs/job';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { stableUuid } from '../../lib/stable-id';
import type { MailService } from '../mail/mail.service';
import { webhookDisabledMail } from '../mail/messages/webhook-disabled';
import { workspaceMailBrand } from '../mail/workspace-brand';
import { createDeliveriesRepository, type DeliveryToSend } from './deliveries.repository';
import type { LookupAll } from './webhook-address';
import { nextAttemptAt } from './webhook-retry';
import { sendWebhook } from './webhook-sender';
import { signatureHeader } from './webhook-signing';
import { createWebhooksRepository, webhookSecretContext } from './webhooks.repository';

/**
 * One attempt of one delivery. Our own retries (a failed attempt schedules the next as a job of
 * its own, docs/webhooks.md) are not pg-boss's: its few retries only cover a handler that could
 * not finish (the database away), and a repeat of an attempt already recorded does nothing.
 */
export const webhookDeliverJob = defineJob({
  name: 'webhook-deliver',
  schema: z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  // Longer than the longest attempt (WEBHOOK_TIMEOUT) with room for the database.
  expireInSeconds: 300,
  // Retries start seconds apart; the default 5 s look for due jobs would stretch the first ones.
  delayedPollSeconds: 1,
});

export interface WebhookDeliveryPolicy {
  allowPrivate: boolean;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  retryWindowMs: number;
}

export interface WebhookDeliverDeps {
  db: Database;
  queue: JobQueue;
  secretBox: SecretBox;
  mail: MailService;
  clock: Clock;
  publicUrl: string;
  policy: WebhookDeliveryPolicy;
  /** Tests answer names themselves. */
  lookup?: LookupAll;
}

/** Enqueues attempt `attempt` of a delivery; a scheduled retry has a stable id, so recording it twice enqueues it once. */
export function enqueueAttempt(
  queue: JobQueue,
  tx: Queryable,
  delivery: { id: string; attempt: number; at?: Date; manual?: boolean },
): Promise<void> {
  return queue.enqueue(
    webhookDeliverJob,
    { deliveryId: delivery.id, attempt: delivery.attempt },
    {
      tx,
      // A redelivery may overtake a retry already scheduled for the same attempt: whichever runs first records it.
      ...(delivery.manual ? {} : { id: stableUuid('webhook-deliver', delivery.id, String(delivery.attempt)) }),
      ...(delivery.at ? { startAfter: delivery.at } : {}),
    },
  );
}

/** The secrets signing now: the current one, and the previous one for a day after a rotation. */
function signingSecrets(delivery: DeliveryToSend, secretBox: SecretBox, now: Date): string[] {
  const context = webhookSecretContext(delivery.webhookId);
  const secrets = [secretBox.open(delivery.secret, context)];
  if (delivery.previousSecret && delivery.previousSecretUntil && delivery.previousSecretUntil > now)
    secrets.push(secretBox.open(delivery.previousSecret, context));
  return secrets;
}

/** Turns an endpoint off and tells the workspace's owner, in the transaction that records why. */
export async function disableEndpoint(
  tx: Queryable,
  deps: Pick<WebhookDeliverDeps, 'mail' | 'publicUrl'>,
  endpoint: { id: string; workspaceId: string; url: string },
  reason: string,
  at: Date,
): Promise<void> {
  const webhooks = createWebhooksRepository(tx);
  if (!(await webhooks.disable(tx, endpoint.id, reason, at))) return;
  const owner = await webhooks.owner(tx, endpoint.workspaceId);
  if (!owner?.email) return;
  const brand = await workspaceMailBrand(tx, endpoint.workspaceId);
  const mail = webhookDisabledMail({ ownerName: owner.name, url: endpoint.url, reason, publicUrl: deps.publicUrl, brand });
  await deps.mail.queue(tx, { userId: owner.id, to: owner.email, ...mail });
}

export function createWebhookDeliverHandler(deps: WebhookDeliverDeps) {
  const deliveries = createDeliveriesRepository(deps.db);
  return async ({ deliveryId, attempt }: z.output<typeof webhookDeliverJob.schema>): Promise<void> => {
    const delivery = await deliveries.toSend(deliveryId);
    // Gone with its endpoint, finished, or this attempt already made: a repeated job sends nothing.
    if (!delivery || delivery.status !== 'pending' || delivery.attempts >= attempt) return;
    const started = deps.clock.now();
    if (!delivery.enabled) {
      await deliveries.recordAttempt(deps.db, deliveryId, {
        attempt,
        status: 'failed',
        at: started,
        lastStatus: undefined,
        lastError: 'Not sent: the endpoint is turned off.',
        lastResponse: undefined,
        nextAttemptAt: undefined,
      });
      return;
    }
    const timestamp = Math.floor(started.getTime() / 1000);
    const message = { id: delivery.messageId, timestamp, body: delivery.body };
    const outcome = await sendWebhook(
      delivery.url,
      {
        body: delivery.body,
        headers: {
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(signingSecrets(delivery, deps.secretBox, started), message),
        },
      },
      { allowPrivate: deps.policy.allowPrivate, timeoutMs: deps.policy.timeoutMs, ...(deps.lookup ? { lookup: deps.lookup } : {}) },
    );
    const now = deps.clock.now();
    const gone = outcome.status === 410;
    const next = outcome.ok || gone ? undefined : nextAttemptAt(attempt, delivery.windowStartedAt, now, deps.policy);
    await deps.db.transaction(async (tx) => {
      const recorded = await createDeliveriesRepository(tx).recordAttempt(tx, deliveryId, {
        attempt,
        status: outcome.ok ? 'succeeded' : next ? 'pending' : 'failed',
        at: now,
        lastStatus: outcome.status,
        lastError: outcome.error,
        lastResponse: outcome.excerpt,
        nextAttemptAt: next,
      });
      if (!recorded || outcome.ok) return;
      if (next) return enqueueAttempt(deps.queue, tx, { id: deliveryId, attempt: attempt + 1, at: next });
      const reason = gone
        ? 'The receiver answered 410 Gone, which asks Postflow to stop sending.'
        : `Every attempt to deliver an event failed for ${Math.round(deps.policy.retryWindowMs / 3_600_000) || '<1'} hours (last: ${outcome.error ?? 'no answer'})`;
      await disableEndpoint(tx, deps, { id: delivery.webhookId, workspaceId: delivery.workspaceId, url: delivery.url }, reason, now);
    });
  };
}
