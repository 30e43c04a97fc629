import type { PlanId, WorkspaceRole } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface WorkspaceRow {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
  requireApproval: boolean;
  /** White-label fields (docs/decisions/133-white-label.md), null when not set. */
  productName: string | null;
  logoUrl: string | null;
  accentColor: string | null;
}

const workspaceColumns = `w.id, w.name, m.role, w.personal_of IS NOT NULL AND w.personal_of = m.user_id AS personal,
  w.require_approval AS "requireApproval",
  b.product_name AS "productName", b.logo_url AS "logoUrl", b.accent_color AS "accentColor"`;
const membershipsWithBranding = `workspace_members m JOIN workspaces w ON w.id = m.workspace_id
  LEFT JOIN workspace_branding b ON b.workspace_id = w.id`;

export function createWorkspacesRepository(db: Queryable) {
  return {
    /** The person's role in a workspace, or undefined when they are not a member (or it does not exist). */
    async roleOf(workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
      const { rows } = await db.query<{ role: WorkspaceRole }>(
        'SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2',
        [workspaceId, userId],
      );
      return rows[0]?.role;
    },

    /** The person's workspaces: their personal one first, then by name. */
    async listFor(userId: string): Promise<WorkspaceRow[]> {
      const { rows } = await db.query<WorkspaceRow>(
        `SELECT ${workspaceColumns} FROM ${membershipsWithBranding}
         WHERE m.user_id = $1 ORDER BY (w.personal_of = m.user_id) IS NOT TRUE, lower(w.name), w.created_at`,
        [userId],
      );
      return rows;
    },

    async findFor(workspaceId: string, userId: string): Promise<WorkspaceRow | undefined> {
      const { rows } = await db.query<WorkspaceRow>(
        `SELECT ${workspaceColumns} FROM ${membershipsWithBranding}
         WHERE m.workspace_id = $1 AND m.user_id = $2`,
        [workspaceId, userId],
      );
      return rows[0];
    },

    async create(name: string, ownerId: string, plan: PlanId, now: Date): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `WITH created AS (INSERT INTO workspaces (name, plan, created_at, updated_at) VALUES ($1, $4, $3, $3) RETURNING id),
         owner AS (INSERT INTO workspace_members (workspace_id, user_id, role, created_at) SELECT id, $2, 'owner', $3 FROM created)
         SELECT id FROM created`,
        [name, ownerId, now, plan],
      );
      return (rows[0] as { id: string }).id;
    },

    async update(
      workspaceId: string,
      change: { name?: string | undefined; requireApproval?: boolean | undefined },
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE workspaces SET name = coalesce($2, name), require_approval = coalesce($3, require_approval), updated_at = $4 WHERE id = $1`,
        [workspaceId, change.name ?? null, change.requireApproval ?? null, now],
      );
    },

    /** The settings a change is compared with, locked until the transaction ends so two changes are logged one after the other. */
    async lockSettings(workspaceId: string): Promise<{ name: string; requireApproval: boolean } | undefined> {
      const { rows } = await db.query<{ name: string; requireApproval: boolean }>(
        'SELECT name, require_approval AS "requireApproval" FROM workspaces WHERE id = $1 FOR UPDATE',
        [workspaceId],
      );
      return rows[0];
    },

    /** Deletes a shared workspace and, by cascade, everything it owns; a personal workspace is never deleted here. */
    async remove(workspaceId: string): Promise<boolean> {
      const { rowCount } = await db.query('DELETE FROM workspaces WHERE id = $1 AND personal_of IS NULL', [workspaceId]);
      return (rowCount ?? 0) > 0;
    },

    /**
     * Locks the workspace for a change to its members: who owns it is decided one change at a time,
     * so two owners leaving at once cannot leave it with none. Call inside a transaction.
     */
    async lockMembers(workspaceId: string): Promise<{ personalOf: string | null } | undefined> {
      const { rows } = await db.query<{ personalOf: string | null }>(
        'SELECT personal_of AS "personalOf" FROM workspaces WHERE id = $1 FOR UPDATE',
        [workspaceId],
      );
      return rows[0];
    },

    async ownerCount(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM workspace_members WHERE workspace_id = $1 AND role = 'owner'",
        [workspaceId],
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Their API keys for the workspace are revoked with them: a key must not come back to life if
     * they are invited again (docs/decisions/165-removed-members-keys.md).
     */
    async removeMember(workspaceId: string, userId: string): Promise<void> {
      await db.query(
        `WITH gone AS (DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 RETURNING user_id)
         UPDATE api_keys SET revoked_at = now() WHERE workspace_id = $1 AND user_id IN (SELECT user_id FROM gone) AND revoked_at IS NULL`,
        [workspaceId, userId],
      );
    },
  };
}
export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
