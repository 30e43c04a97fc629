import type { Queryable } from '../../db/client';

export interface OutboxEvent {
  id: string;
  workspaceId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

/** The events the database's triggers wrote (migration 0042) and that have no deliveries yet. */
export function createOutboxRepository(db: Queryable) {
  return {
    /** The oldest waiting event's id, so the relay knows there is work (and names the fan-out after it). */
    async oldestPending(): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM webhook_events WHERE dispatched_at IS NULL ORDER BY created_at, id LIMIT 1`,
      );
      return rows[0]?.id;
    },

    /** Takes up to `limit` waiting events for this transaction; another fan-out running at once takes others. */
    async claim(tx: Queryable, limit: number): Promise<OutboxEvent[]> {
      const { rows } = await tx.query<OutboxEvent>(
        `SELECT id, workspace_id AS "workspaceId", type, data, created_at AS "createdAt" FROM webhook_events
          WHERE dispatched_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      return rows;
    },

    async markDispatched(tx: Queryable, ids: string[], at: Date): Promise<void> {
      await tx.query(`UPDATE webhook_events SET dispatched_at = $2 WHERE id = ANY ($1::uuid[])`, [ids, at]);
    },
  };
}
