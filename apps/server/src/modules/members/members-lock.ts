import { roleAllows, type WorkspaceRole } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createWorkspacesRepository, type WorkspacesRepository } from '../workspaces/workspaces.repository';
import { workspaceNotFound } from '../workspaces/workspaces.service';

export interface MembersLock {
  tx: Queryable;
  workspaces: WorkspacesRepository;
  personalOf: string | null;
  /** The actor's role, read under the lock: a role changed a moment ago counts. */
  actorRole: WorkspaceRole;
}

/**
 * Runs a change to a workspace's members or invitations under its row lock, so who owns it, who
 * belongs to it and how many seats are taken are decided one change at a time
 * (docs/decisions/128-workspaces.md). Only owners and admins change members.
 */
export function withMembersLocked<T>(
  db: Database,
  workspaceId: string,
  actorId: string,
  work: (lock: MembersLock) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const workspaces = createWorkspacesRepository(tx);
    const workspace = await workspaces.lockMembers(workspaceId);
    if (!workspace) throw workspaceNotFound();
    const actorRole = await workspaces.roleOf(workspaceId, actorId);
    if (!actorRole) throw workspaceNotFound();
    if (!roleAllows(actorRole, 'admin')) throw new AppError('forbidden', 'Only the workspace’s owners and admins can change its members.');
    return work({ tx, workspaces, personalOf: workspace.personalOf, actorRole });
  });
}
