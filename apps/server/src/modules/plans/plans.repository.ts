import type { PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export function createPlansRepository(db: Queryable) {
  return {
    async planOf(workspaceId: string): Promise<PlanId> {
      const { rows } = await db.query<{ plan: PlanId }>('SELECT plan FROM workspaces WHERE id = $1', [workspaceId]);
      return rows[0]?.plan ?? 'free';
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
  };
}
