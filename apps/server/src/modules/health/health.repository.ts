import type { Queryable } from '../../db/client';

export function createHealthRepository(db: Queryable) {
  return {
    async ping(): Promise<void> {
      await db.query('SELECT 1');
    },
    async lastWorkerHeartbeat(): Promise<Date | undefined> {
      const { rows } = await db.query<{ lastSeenAt: Date | null }>('SELECT max(last_seen_at) AS "lastSeenAt" FROM worker_heartbeats');
      return rows[0]?.lastSeenAt ?? undefined;
    },
    async recordHeartbeat(worker: { id: string; hostname: string; pid: number; startedAt: Date }, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO worker_heartbeats (worker_id, hostname, pid, started_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (worker_id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
        [worker.id, worker.hostname, worker.pid, worker.startedAt, now],
      );
    },
    async removeHeartbeat(workerId: string): Promise<void> {
      await db.query('DELETE FROM worker_heartbeats WHERE worker_id = $1', [workerId]);
    },
    async deleteHeartbeatsOlderThan(cutoff: Date): Promise<void> {
      await db.query('DELETE FROM worker_heartbeats WHERE last_seen_at < $1', [cutoff]);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
