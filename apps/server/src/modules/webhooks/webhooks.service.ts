import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@postflow/contract';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { DAY_MS, type Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { createDeliveriesRepository, type DeliveryRow } from './deliveries.repository';
import { checkWebhookUrl, resolveWebhookTarget, WebhookAddressRefused, type LookupAll } from './webhook-address';
import { enqueueAttempt } from './webhook-deliver.job';
import { eventBody } from './webhook-fanout.job';
import { generateWebhookSecret } from './webhook-signing';
import { createWebhooksRepository, webhookSecretContext, type WebhookRow } from './webhooks.repository';

/** How long the secret a rotation replaces keeps signing alongside the new one. */
const PREVIOUS_SECRET_MS = DAY_MS;

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.messageId,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  lastResponse: row.lastResponse,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: row.createdAt.toISOString(),
});

const NOT_FOUND = 'That webhook endpoint does not exist in this workspace.';

/** Managing a workspace's endpoints (docs/webhooks.md); every call is scoped to the caller's workspace, others' are 404. */
export function createWebhooksService(deps: {
  db: Database;
  queue: JobQueue;
  secretBox: SecretBox;
  clock: Clock;
  allowPrivate: boolean;
  lookup?: LookupAll;
}) {
  const webhooks = createWebhooksRepository(deps.db);
  const deliveries = createDeliveriesRepository(deps.db);

  /** Refuses an address Postflow would not send to, naming the field; its host is looked up once to judge it. */
  async function acceptedUrl(address: string): Promise<string> {
    try {
      checkWebhookUrl(address, deps.allowPrivate);
      await resolveWebhookTarget(address, { allowPrivate: deps.allowPrivate, ...(deps.lookup ? { lookup: deps.lookup } : {}) });
      return address;
    } catch (error) {
      if (!(error instanceof WebhookAddressRefused)) throw error;
      throw new AppError('validation_failed', error.message, { fields: { url: error.message } });
    }
  }

  async function owned(workspaceId: string, id: string): Promise<WebhookRow> {
    const row = await webhooks.find(workspaceId, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  function refuseWhileOff(row: WebhookRow, doing: string): void {
    if (!row.enabled) throw conflict(`This endpoint is turned off, so Postflow cannot ${doing}. Turn it on first.`);
  }

  return {
    async create(
      auth: { workspaceId: string; userId: string },
      request: Omit<CreateWebhookRequest, 'events'> & { events: WebhookEventType[] },
    ): Promise<WebhookWithSecret> {
      const url = await acceptedUrl(request.url);
      const id = randomUUID();
      const secret = generateWebhookSecret();
      const row = await webhooks.insert(deps.db, {
        id,
        workspaceId: auth.workspaceId,
        url,
        description: request.description ?? '',
        events: request.events,
        secret: deps.secretBox.seal(secret, webhookSecretContext(id)),
        createdBy: auth.userId,
        at: deps.clock.now(),
      });
      return { ...toWebhook(row), secret };
    },

    async list(workspaceId: string): Promise<Webhook[]> {
      return (await webhooks.list(workspaceId)).map(toWebhook);
    },

    async update(
      workspaceId: string,
      id: string,
      change: Omit<UpdateWebhookRequest, 'events'> & { events?: WebhookEventType[] | undefined },
    ): Promise<Webhook> {
      await owned(workspaceId, id);
      const url = change.url === undefined ? undefined : await acceptedUrl(change.url);
      const row = await webhooks.update(workspaceId, id, { ...change, url }, deps.clock.now());
      if (!row) throw notFound(NOT_FOUND);
      return toWebhook(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await webhooks.remove(workspaceId, id))) throw notFound(NOT_FOUND);
    },

    async rotateSecret(workspaceId: string, id: string): Promise<WebhookWithSecret> {
      await owned(workspaceId, id);
      const secret = generateWebhookSecret();
      const now = deps.clock.now();
      const row = await webhooks.rotate(
        workspaceId,
        id,
        deps.secretBox.seal(secret, webhookSecretContext(id)),
        new Date(now.getTime() + PREVIOUS_SECRET_MS),
        now,
      );
      if (!row) throw notFound(NOT_FOUND);
      return { ...toWebhook(row), secret };
    },

    /** A `webhook.test` ping, delivered and retried like any event. */
    async test(workspaceId: string, id: string): Promise<WebhookDelivery> {
      const row = await owned(workspaceId, id);
      refuseWhileOff(row, 'send it a test');
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const body = eventBody({
          type: WEBHOOK_TEST_EVENT,
          createdAt: now,
          data: { webhookId: id, message: 'A test from Postflow: your endpoint receives and verifies events.' },
        });
        const delivery = await createDeliveriesRepository(tx).insert(tx, {
          id: randomUUID(),
          webhookId: id,
          eventId: null,
          type: WEBHOOK_TEST_EVENT,
          body,
          at: now,
        });
        if (!delivery) throw new Error('A test ping could not be recorded');
        await enqueueAttempt(deps.queue, tx, { id: delivery.id, attempt: 1 });
        return toDelivery(delivery);
      });
    },

    async deliveries(workspaceId: string, id: string): Promise<WebhookDelivery[]> {
      await owned(workspaceId, id);
      return (await deliveries.list(id)).map(toDelivery);
    },

    /** Sends a delivery again now, with the same webhook-id, and retries it for another whole window. */
    async redeliver(workspaceId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const row = await owned(workspaceId, id);
      refuseWhileOff(row, 'deliver to it');
      return deps.db.transaction(async (tx) => {
        const delivery = await createDeliveriesRepository(tx).restart(tx, id, deliveryId, deps.clock.now());
        if (!delivery) throw notFound('That delivery does not exist for this endpoint.');
        await enqueueAttempt(deps.queue, tx, { id: delivery.id, attempt: delivery.attempts + 1, manual: true });
        return toDelivery(delivery);
      });
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
