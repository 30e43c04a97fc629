import type { AdminWorkspace, PlanId, PlanRequest } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/** A workspace as the operator sees it; counts are subqueries on each table's workspace index. */
const workspaceSelect = `SELECT w.id, w.name, w.plan, w.personal_of IS NOT NULL AS personal, w.created_at AS "createdAt",
    (SELECT u.email FROM users u WHERE u.id = coalesce(w.personal_of,
      (SELECT m.user_id FROM workspace_members m WHERE m.workspace_id = w.id AND m.role = 'owner' ORDER BY m.created_at LIMIT 1))) AS "ownerEmail",
    (SELECT count(*)::int FROM workspace_members m WHERE m.workspace_id = w.id) AS members,
    (SELECT count(*)::int FROM social_accounts a WHERE a.workspace_id = w.id) AS accounts,
    (SELECT count(*)::int FROM posts p WHERE p.workspace_id = w.id AND p.created_at >= $1) AS "postsThisMonth"
  FROM workspaces w`;

type WorkspaceRow = Omit<AdminWorkspace, 'createdAt'> & { createdAt: Date };
type RequestRow = Omit<PlanRequest, 'createdAt' | 'handledAt'> & { createdAt: Date; handledAt: Date | null };

export function createAdminRepository(db: Queryable) {
  return {
    /** Every workspace, newest first; `monthStart` bounds "posts this month". */
    async workspaces(monthStart: Date): Promise<WorkspaceRow[]> {
      const { rows } = await db.query<WorkspaceRow>(`${workspaceSelect} ORDER BY w.created_at DESC, w.id`, [monthStart]);
      return rows;
    },

    async workspace(id: string, monthStart: Date): Promise<WorkspaceRow | undefined> {
      const { rows } = await db.query<WorkspaceRow>(`${workspaceSelect} WHERE w.id = $2`, [monthStart, id]);
      return rows[0];
    },

    /** Open requests first, then the newest. */
    async planRequests(): Promise<RequestRow[]> {
      const { rows } = await db.query<RequestRow>(
        `SELECT r.id, r.workspace_id AS "workspaceId", w.name AS "workspaceName", u.email, r.plan, w.plan AS "currentPlan",
           r.created_at AS "createdAt", r.handled_at AS "handledAt"
         FROM plan_requests r JOIN workspaces w ON w.id = r.workspace_id LEFT JOIN users u ON u.id = r.user_id
         ORDER BY r.handled_at IS NOT NULL, r.created_at DESC LIMIT 500`,
      );
      return rows;
    },

    async emailOf(userId: string): Promise<string | null> {
      const { rows } = await db.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [userId]);
      return rows[0]?.email ?? null;
    },

    /** The personal workspace of the person with this email (any case), with its name and plan. */
    async personalWorkspaceOf(email: string): Promise<{ id: string; name: string; plan: PlanId } | undefined> {
      const { rows } = await db.query<{ id: string; name: string; plan: PlanId }>(
        `SELECT w.id, w.name, w.plan FROM users u JOIN workspaces w ON w.personal_of = u.id WHERE lower(u.email) = lower($1)`,
        [email],
      );
      return rows[0];
    },

    async workspaceById(id: string): Promise<{ id: string; name: string; plan: PlanId } | undefined> {
      const { rows } = await db.query<{ id: string; name: string; plan: PlanId }>('SELECT id, name, plan FROM workspaces WHERE id = $1', [
        id,
      ]);
      return rows[0];
    },
  };
}
