import type { Queryable } from '../../db/client';
import type { WebhookSecrets } from './webhooks.repository';

export interface DeliveryRow {
  id: string;
  messageId: string;
  type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastResponse: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
}

/** A delivery with what an attempt needs: its endpoint's address, state and secrets. */
export interface DeliveryToSend extends WebhookSecrets {
  id: string;
  webhookId: string;
  workspaceId: string;
  url: string;
  enabled: boolean;
  messageId: string;
  body: string;
  status: DeliveryRow['status'];
  attempts: number;
  windowStartedAt: Date;
}

export interface AttemptRecord {
  attempt: number;
  status: DeliveryRow['status'];
  at: Date;
  lastStatus: number | undefined;
  lastError: string | undefined;
  lastResponse: string | undefined;
  nextAttemptAt: Date | undefined;
}

const columns = `id, message_id AS "messageId", type, status, attempts, last_status AS "lastStatus", last_error AS "lastError",
  last_response_excerpt AS "lastResponse", last_attempt_at AS "lastAttemptAt", next_attempt_at AS "nextAttemptAt", created_at AS "createdAt"`;

/** How many deliveries the log shows. */
const LOG_SIZE = 50;

export function createDeliveriesRepository(db: Queryable) {
  return {
    /** One delivery of an event (or a ping, `eventId` null) to one endpoint; undefined when the event already has one there. */
    async insert(
      tx: Queryable,
      row: { id: string; webhookId: string; eventId: string | null; type: string; body: string; at: Date },
    ): Promise<DeliveryRow | undefined> {
      const { rows } = await tx.query<DeliveryRow>(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, message_id, type, body, window_started_at, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7)
         ON CONFLICT (webhook_id, event_id) DO NOTHING RETURNING ${columns}`,
        [row.id, row.webhookId, row.eventId, `msg_${row.id.replaceAll('-', '')}`, row.type, row.body, row.at],
      );
      return rows[0];
    },

    async toSend(id: string): Promise<DeliveryToSend | undefined> {
      const { rows } = await db.query<DeliveryToSend>(
        `SELECT d.id, d.webhook_id AS "webhookId", w.workspace_id AS "workspaceId", w.url, w.enabled, d.message_id AS "messageId",
           d.body, d.status, d.attempts, d.window_started_at AS "windowStartedAt", w.secret, w.previous_secret AS "previousSecret",
           w.previous_secret_until AS "previousSecretUntil"
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = $1`,
        [id],
      );
      return rows[0];
    },

    /** Records attempt number `attempt`; false when it was recorded already (a repeated job), so nothing follows twice. */
    async recordAttempt(tx: Queryable, id: string, record: AttemptRecord): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE webhook_deliveries SET attempts = $2, status = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
           last_response_excerpt = $7, next_attempt_at = $8
         WHERE id = $1 AND attempts = $2 - 1 AND status = 'pending'`,
        [
          id,
          record.attempt,
          record.status,
          record.at,
          record.lastStatus ?? null,
          record.lastError ?? null,
          record.lastResponse ?? null,
          record.nextAttemptAt ?? null,
        ],
      );
      return (rowCount ?? 0) > 0;
    },

    async list(webhookId: string): Promise<DeliveryRow[]> {
      const { rows } = await db.query<DeliveryRow>(
        `SELECT ${columns} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${LOG_SIZE}`,
        [webhookId],
      );
      return rows;
    },

    /** Sends a delivery again from now on, for another whole retry window, keeping its message id. */
    async restart(tx: Queryable, webhookId: string, id: string, at: Date): Promise<DeliveryRow | undefined> {
      const { rows } = await tx.query<DeliveryRow>(
        `UPDATE webhook_deliveries SET status = 'pending', window_started_at = $3, next_attempt_at = $3
         WHERE id = $1 AND webhook_id = $2 RETURNING ${columns}`,
        [id, webhookId, at],
      );
      return rows[0];
    },
  };
}
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
