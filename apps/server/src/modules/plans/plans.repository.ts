import type { PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export function createPlansRepository(db: Queryable) {
  return {
    async planOf(workspaceId: string): Promise<PlanId> {
      const { rows } = await db.query<{ plan: PlanId }>('SELECT plan FROM workspaces WHERE id = $1', [workspaceId]);
      return rows[0]?.plan ?? 'free';
    },
    /**
     * Makes counts against the workspace's limits take turns until the transaction ends, so two posts
     * or accounts added at once cannot both take the last one. Does not block inserts (their foreign
     * key takes a weaker lock) or reads.
     */
    async lockForCount(workspaceId: string): Promise<void> {
      await db.query('SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [workspaceId]);
    },
    async postsSince(workspaceId: string, since: Date): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE workspace_id = $1 AND created_at >= $2', [
        workspaceId,
        since,
      ]);
      return rows[0]?.n ?? 0;
    },
    async connectedAccounts(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM social_accounts WHERE workspace_id = $1', [
        workspaceId,
      ]);
      return rows[0]?.n ?? 0;
    },
    /** Members plus invitations that can still be accepted: each takes a seat. */
    async seatsTaken(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM workspace_members WHERE workspace_id = $1)
              + (SELECT count(*) FROM workspace_invitations
                 WHERE workspace_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now())::int AS n`,
        [workspaceId],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** A plan chosen on the pricing page, for the operator (migration 0027). */
    async addRequest(userId: string, workspaceId: string, plan: PlanId): Promise<void> {
      await db.query('INSERT INTO plan_requests (user_id, workspace_id, plan) VALUES ($1, $2, $3)', [userId, workspaceId, plan]);
    },
    /**
     * Sets the workspace's plan and marks its open requests handled: the operator has answered them,
     * whichever plan they chose. The plan before, or undefined when there is no such workspace.
     */
    async setPlan(workspaceId: string, plan: PlanId, now: Date): Promise<PlanId | undefined> {
      const { rows } = await db.query<{ before: PlanId }>(
        `WITH before AS (SELECT plan FROM workspaces WHERE id = $1 FOR UPDATE),
         changed AS (UPDATE workspaces SET plan = $2, updated_at = $3 WHERE id = $1),
         handled AS (UPDATE plan_requests SET handled_at = $3 WHERE workspace_id = $1 AND handled_at IS NULL)
         SELECT plan AS before FROM before`,
        [workspaceId, plan, now],
      );
      return rows[0]?.before;
    },
  };
}
