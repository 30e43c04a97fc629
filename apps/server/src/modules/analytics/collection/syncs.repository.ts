import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';

export interface SyncRecord {
  id: string;
  network: Network;
  syncType: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  postsSynced: number;
  error: string | null;
  requestedAt: Date;
  finishedAt: Date | null;
}

const columns = `id, network, sync_type AS "syncType", status, posts_synced AS "postsSynced", error,
  requested_at AS "requestedAt", finished_at AS "finishedAt"`;

export function createSyncsRepository(db: Queryable) {
  return {
    async create(sync: {
      workspaceId: string;
      accountId: string;
      network: Network;
      syncType: string;
      trigger: 'schedule' | 'manual';
      now: Date;
    }): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO metric_syncs (workspace_id, account_id, network, sync_type, trigger, requested_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [sync.workspaceId, sync.accountId, sync.network, sync.syncType, sync.trigger, sync.now],
      );
      return (rows[0] as { id: string }).id;
    },
    async markRunning(id: string): Promise<void> {
      await db.query(`UPDATE metric_syncs SET status = 'running' WHERE id = $1 AND status = 'queued'`, [id]);
    },
    async finish(
      id: string,
      outcome: { status: 'succeeded' | 'failed'; postsSynced: number; error: string | null; now: Date },
    ): Promise<void> {
      await db.query(`UPDATE metric_syncs SET status = $2, posts_synced = $3, error = $4, finished_at = $5 WHERE id = $1`, [
        id,
        outcome.status,
        outcome.postsSynced,
        outcome.error,
        outcome.now,
      ]);
    },
    async latest(workspaceId: string, network: Network): Promise<SyncRecord | undefined> {
      const { rows } = await db.query<SyncRecord>(
        `SELECT ${columns} FROM metric_syncs WHERE workspace_id = $1 AND network = $2 ORDER BY requested_at DESC LIMIT 1`,
        [workspaceId, network],
      );
      return rows[0];
    },
    async lastSucceededAt(workspaceId: string, network: Network): Promise<Date | undefined> {
      const { rows } = await db.query<{ at: Date | null }>(
        `SELECT max(finished_at) AS at FROM metric_syncs WHERE workspace_id = $1 AND network = $2 AND status = 'succeeded'`,
        [workspaceId, network],
      );
      return rows[0]?.at ?? undefined;
    },
  };
}
