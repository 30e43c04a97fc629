import type { Slot } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface AccountQueueRow {
  accountId: string;
  workspaceId: string;
  timeZone: string;
  slots: Slot[];
  paused: boolean;
}

const columns = `account_id AS "accountId", workspace_id AS "workspaceId", time_zone AS "timeZone", slots, paused`;

/** Statuses in which a target holds its slot: failed, missed and rejected ones free it (decision 143). */
export const SLOT_HOLDING_STATUSES = ['scheduled', 'pending_approval', 'publishing', 'published'] as const;

export function createQueueRepository(db: Queryable) {
  return {
    async find(accountId: string): Promise<AccountQueueRow | undefined> {
      const { rows } = await db.query<AccountQueueRow>(`SELECT ${columns} FROM account_queues WHERE account_id = $1`, [accountId]);
      return rows[0];
    },

    async listInWorkspace(workspaceId: string): Promise<AccountQueueRow[]> {
      const { rows } = await db.query<AccountQueueRow>(`SELECT ${columns} FROM account_queues WHERE workspace_id = $1`, [workspaceId]);
      return rows;
    },

    /** The account's queue, locked until the transaction ends: adds for one account take turns here. */
    async lock(accountId: string): Promise<AccountQueueRow | undefined> {
      const { rows } = await db.query<AccountQueueRow>(`SELECT ${columns} FROM account_queues WHERE account_id = $1 FOR UPDATE`, [
        accountId,
      ]);
      return rows[0];
    },

    async save(queue: AccountQueueRow): Promise<AccountQueueRow> {
      const { rows } = await db.query<AccountQueueRow>(
        `INSERT INTO account_queues (account_id, workspace_id, time_zone, slots, paused, updated_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (account_id) DO UPDATE SET time_zone = $3, slots = $4, paused = $5, updated_at = now()
         RETURNING ${columns}`,
        [queue.accountId, queue.workspaceId, queue.timeZone, JSON.stringify(queue.slots), queue.paused],
      );
      return rows[0] as AccountQueueRow;
    },

    /** The instants in [from, until) some live target of the account already holds. */
    async takenInstants(accountId: string, from: Date, until: Date): Promise<Set<number>> {
      const { rows } = await db.query<{ at: Date }>(
        `SELECT DISTINCT scheduled_at AS at FROM post_targets
         WHERE account_id = $1 AND scheduled_at >= $2 AND scheduled_at < $3 AND status = ANY($4::text[])`,
        [accountId, from, until, SLOT_HOLDING_STATUSES],
      );
      return new Set(rows.map((row) => row.at.getTime()));
    },

    /** The live targets of the account in [from, until): what fills its slots on the queue page. */
    async targetsBetween(accountId: string, from: Date, until: Date): Promise<Array<{ id: string; at: Date }>> {
      const { rows } = await db.query<{ id: string; at: Date }>(
        `SELECT id, scheduled_at AS at FROM post_targets
         WHERE account_id = $1 AND kind = 'post' AND scheduled_at >= $2 AND scheduled_at < $3 AND status = ANY($4::text[])
         ORDER BY scheduled_at, created_at, id`,
        [accountId, from, until, SLOT_HOLDING_STATUSES],
      );
      return rows;
    },

    /** Sets a target's slot; answers false when it is no longer waiting (being sent, sent, or gone). */
    async moveTarget(workspaceId: string, id: string, at: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE post_targets SET scheduled_at = $3, due_at = $3, queued = true, updated_at = now()
         WHERE id = $1 AND workspace_id = $2 AND kind = 'post' AND status IN ('scheduled', 'pending_approval')`,
        [id, workspaceId, at],
      );
      return (rowCount ?? 0) > 0;
    },

    /** Lifts a target out of the unique slot index while a swap moves another one into its slot. */
    async park(id: string): Promise<void> {
      await db.query(`UPDATE post_targets SET queued = false WHERE id = $1`, [id]);
    },
  };
}
export type QueueRepository = ReturnType<typeof createQueueRepository>;
