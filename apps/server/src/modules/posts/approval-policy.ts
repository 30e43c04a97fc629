import { roleAllows, type WorkspaceRole } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/**
 * Whether what this member schedules or publishes waits for an owner or admin
 * (docs/decisions/130-approvals.md): only below admin, and only where the workspace asks for it.
 * Owners and admins never wait, and cost no query.
 */
export async function needsApproval(db: Queryable, workspaceId: string, role: WorkspaceRole): Promise<boolean> {
  if (roleAllows(role, 'admin')) return false;
  const { rows } = await db.query<{ required: boolean }>('SELECT require_approval AS required FROM workspaces WHERE id = $1', [
    workspaceId,
  ]);
  return rows[0]?.required ?? false;
}

/** States in which a post waits for a decision: an edit never releases it, only an approval does. */
export const AWAITING_DECISION = ['pending_approval', 'rejected'] as const;
