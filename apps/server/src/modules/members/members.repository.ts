import type { WorkspaceRole } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface MemberRow {
  personId: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  role: WorkspaceRole;
  joinedAt: Date;
}

const columns = `u.id AS "personId", u.name, u.email, u.avatar_url AS "avatarUrl", m.role, m.created_at AS "joinedAt"`;

export function createMembersRepository(db: Queryable) {
  return {
    /** Owners first, then admins, editors and viewers, each by name. */
    async list(workspaceId: string): Promise<MemberRow[]> {
      const { rows } = await db.query<MemberRow>(
        `SELECT ${columns} FROM workspace_members m JOIN users u ON u.id = m.user_id
         WHERE m.workspace_id = $1
         ORDER BY array_position(ARRAY['owner', 'admin', 'editor', 'viewer'], m.role), lower(u.name), m.created_at`,
        [workspaceId],
      );
      return rows;
    },

    async find(workspaceId: string, personId: string): Promise<MemberRow | undefined> {
      const { rows } = await db.query<MemberRow>(
        `SELECT ${columns} FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.user_id = $2`,
        [workspaceId, personId],
      );
      return rows[0];
    },

    async hasMemberWithEmail(workspaceId: string, email: string): Promise<boolean> {
      const { rowCount } = await db.query(
        'SELECT 1 FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND lower(u.email) = lower($2)',
        [workspaceId, email],
      );
      return (rowCount ?? 0) > 0;
    },

    async count(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspace_members WHERE workspace_id = $1', [
        workspaceId,
      ]);
      return rows[0]?.n ?? 0;
    },

    /** Adds the person with that role; false when they already were a member (nothing changes then). */
    async add(workspaceId: string, personId: string, role: WorkspaceRole, now: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (workspace_id, user_id) DO NOTHING`,
        [workspaceId, personId, role, now],
      );
      return (rowCount ?? 0) > 0;
    },

    async setRole(workspaceId: string, personId: string, role: WorkspaceRole): Promise<void> {
      await db.query('UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2', [workspaceId, personId, role]);
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
