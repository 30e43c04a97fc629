import type { WorkspaceRole } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface InvitationRow {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: WorkspaceRole;
  invitedBy: string | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const columns = `i.id, i.workspace_id AS "workspaceId", w.name AS "workspaceName", i.email, i.role, u.name AS "invitedBy",
  i.expires_at AS "expiresAt", i.accepted_at AS "acceptedAt", i.revoked_at AS "revokedAt", i.created_at AS "createdAt"`;
const from = `workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id LEFT JOIN users u ON u.id = i.invited_by`;

/** Changes to a workspace's invitations are made under its row lock (WorkspacesRepository.lockMembers), one at a time. */
export function createInvitationsRepository(db: Queryable) {
  return {
    async create(invitation: {
      workspaceId: string;
      email: string;
      role: WorkspaceRole;
      tokenHash: Buffer;
      invitedBy: string;
      expiresAt: Date;
      now: Date;
    }): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO workspace_invitations (workspace_id, email, role, token_hash, invited_by, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          invitation.workspaceId,
          invitation.email,
          invitation.role,
          invitation.tokenHash,
          invitation.invitedBy,
          invitation.expiresAt,
          invitation.now,
        ],
      );
      return (rows[0] as { id: string }).id;
    },

    /** Revokes the address's open invitation, if any: its link stops working. */
    async revokeOpenFor(workspaceId: string, email: string, now: Date): Promise<void> {
      await db.query(
        'UPDATE workspace_invitations SET revoked_at = $3 WHERE workspace_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL',
        [workspaceId, email, now],
      );
    },

    /** Revokes one pending invitation of the workspace; false when there is none by that id. */
    async revoke(workspaceId: string, invitationId: string, now: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE workspace_invitations SET revoked_at = $3
         WHERE id = $2 AND workspace_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3`,
        [workspaceId, invitationId, now],
      );
      return (rowCount ?? 0) > 0;
    },

    /** Invitations that can still be accepted, newest first. */
    async pending(workspaceId: string, now: Date): Promise<InvitationRow[]> {
      const { rows } = await db.query<InvitationRow>(
        `SELECT ${columns} FROM ${from}
         WHERE i.workspace_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2
         ORDER BY i.created_at DESC, i.email`,
        [workspaceId, now],
      );
      return rows;
    },

    async pendingCount(workspaceId: string, now: Date): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM workspace_invitations
         WHERE workspace_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2`,
        [workspaceId, now],
      );
      return rows[0]?.n ?? 0;
    },

    /** The invitation a link's secret names, whatever its state; `lock` holds it until the transaction ends. */
    async findByToken(tokenHash: Buffer, options: { lock?: boolean } = {}): Promise<InvitationRow | undefined> {
      const { rows } = await db.query<InvitationRow>(
        `SELECT ${columns} FROM ${from} WHERE i.token_hash = $1${options.lock ? ' FOR UPDATE OF i' : ''}`,
        [tokenHash],
      );
      return rows[0];
    },

    async markAccepted(invitationId: string, userId: string, now: Date): Promise<void> {
      await db.query('UPDATE workspace_invitations SET accepted_at = $3, accepted_by = $2 WHERE id = $1', [invitationId, userId, now]);
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
