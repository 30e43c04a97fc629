import type { WebhookEventType } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface WebhookRow {
  id: string;
  workspaceId: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
}

/** The sealed secrets an endpoint signs with (lib/secret-box.ts, sealed for `webhookSecretContext(id)`). */
export interface WebhookSecrets {
  secret: Buffer;
  previousSecret: Buffer | null;
  previousSecretUntil: Date | null;
}

/** Binds a sealed secret to its endpoint: copied into another row, it no longer opens. */
export const webhookSecretContext = (id: string) => `webhook:${id}`;

const columns = `id, workspace_id AS "workspaceId", url, description, events, enabled, disabled_reason AS "disabledReason",
  created_at AS "createdAt"`;

export function createWebhooksRepository(db: Queryable) {
  return {
    async insert(
      tx: Queryable,
      row: {
        id: string;
        workspaceId: string;
        url: string;
        description: string;
        events: string[];
        secret: Buffer;
        createdBy: string;
        at: Date;
      },
    ): Promise<WebhookRow> {
      const { rows } = await tx.query<WebhookRow>(
        `INSERT INTO webhooks (id, workspace_id, url, description, events, secret, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${columns}`,
        [row.id, row.workspaceId, row.url, row.description, row.events, row.secret, row.createdBy, row.at],
      );
      return rows[0] as WebhookRow;
    },

    async list(workspaceId: string): Promise<WebhookRow[]> {
      const { rows } = await db.query<WebhookRow>(`SELECT ${columns} FROM webhooks WHERE workspace_id = $1 ORDER BY created_at, id`, [
        workspaceId,
      ]);
      return rows;
    },

    async find(workspaceId: string, id: string): Promise<WebhookRow | undefined> {
      const { rows } = await db.query<WebhookRow>(`SELECT ${columns} FROM webhooks WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
      return rows[0];
    },

    async update(
      workspaceId: string,
      id: string,
      change: { url?: string | undefined; description?: string | undefined; events?: string[] | undefined; enabled?: boolean | undefined },
      at: Date,
    ): Promise<WebhookRow | undefined> {
      // Turned on again by a person, Postflow's reason for turning it off no longer applies.
      const { rows } = await db.query<WebhookRow>(
        `UPDATE webhooks SET url = coalesce($3, url), description = coalesce($4, description), events = coalesce($5, events),
           enabled = coalesce($6, enabled), disabled_reason = CASE WHEN $6::boolean IS NULL THEN disabled_reason ELSE NULL END,
           updated_at = $7
         WHERE id = $1 AND workspace_id = $2 RETURNING ${columns}`,
        [id, workspaceId, change.url ?? null, change.description ?? null, change.events ?? null, change.enabled ?? null, at],
      );
      return rows[0];
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const { rowCount } = await db.query(`DELETE FROM webhooks WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
      return (rowCount ?? 0) > 0;
    },

    /** The current secret becomes the previous one, signing alongside the new one until `previousUntil`. */
    async rotate(workspaceId: string, id: string, secret: Buffer, previousUntil: Date, at: Date): Promise<WebhookRow | undefined> {
      const { rows } = await db.query<WebhookRow>(
        `UPDATE webhooks SET previous_secret = secret, previous_secret_until = $4, secret = $3, updated_at = $5
         WHERE id = $1 AND workspace_id = $2 RETURNING ${columns}`,
        [id, workspaceId, secret, previousUntil, at],
      );
      return rows[0];
    },

    /** Turns an endpoint off for `reason`; false when it was off already (someone else said so first). */
    async disable(tx: Queryable, id: string, reason: string, at: Date): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE webhooks SET enabled = false, disabled_reason = $2, updated_at = $3 WHERE id = $1 AND enabled`,
        [id, reason, at],
      );
      return (rowCount ?? 0) > 0;
    },

    /** The enabled endpoints of a workspace that listen for `type`. */
    async subscribers(tx: Queryable, workspaceId: string, type: string): Promise<string[]> {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM webhooks WHERE workspace_id = $1 AND enabled AND $2 = ANY (events) ORDER BY id`,
        [workspaceId, type],
      );
      return rows.map((row) => row.id);
    },

    /** Whom to tell that an endpoint was turned off: the workspace's first owner. */
    async owner(tx: Queryable, workspaceId: string): Promise<{ id: string; email: string | null; name: string } | undefined> {
      const { rows } = await tx.query<{ id: string; email: string | null; name: string }>(
        `SELECT u.id, u.email, u.name FROM workspace_members m JOIN users u ON u.id = m.user_id
          WHERE m.workspace_id = $1 AND m.role = 'owner' ORDER BY m.created_at LIMIT 1`,
        [workspaceId],
      );
      return rows[0];
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
