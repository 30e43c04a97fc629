import {
  WORKSPACE_NOT_FOUND_MESSAGE,
  type CreateWorkspaceRequest,
  type PlanId,
  type UpdateWorkspaceRequest,
  type Workspace,
  type WorkspaceRole,
} from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { record as recordActivity } from '../activity/activity.repository';
import { createUsersRepository } from '../users/users.repository';
import { toWorkspace } from './workspace-dto';
import { createWorkspacesRepository } from './workspaces.repository';

/** One answer for "no such workspace" and "not yours", so workspace ids cannot be probed (docs/decisions/128-workspaces.md). */
export const workspaceNotFound = () => notFound(WORKSPACE_NOT_FOUND_MESSAGE);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `defaultPlan` (DEFAULT_PLAN) is the plan a created workspace gets. */
export function createWorkspacesService(deps: { db: Database; clock: Clock; defaultPlan: PlanId }) {
  const { db, clock } = deps;
  const repository = createWorkspacesRepository(db);

  async function workspaceFor(workspaceId: string, userId: string): Promise<Workspace> {
    const found = await repository.findFor(workspaceId, userId);
    if (!found) throw workspaceNotFound();
    return toWorkspace(found);
  }

  return {
    /**
     * The caller's role in the workspace a call names, or 404. A person's own workspace has their id
     * and they always own it, so calls in it (every call without the header) cost no query.
     */
    async roleIn(workspaceId: string, userId: string): Promise<WorkspaceRole> {
      if (workspaceId === userId) return 'owner';
      if (!UUID.test(workspaceId)) throw workspaceNotFound();
      const role = await repository.roleOf(workspaceId, userId);
      if (!role) throw workspaceNotFound();
      return role;
    },

    async list(userId: string): Promise<Workspace[]> {
      return (await repository.listFor(userId)).map(toWorkspace);
    },

    async create(userId: string, request: CreateWorkspaceRequest): Promise<Workspace> {
      const id = await db.transaction(async (tx) => {
        const now = clock.now();
        const created = await createWorkspacesRepository(tx).create(request.name, userId, deps.defaultPlan, now);
        await recordActivity(tx, {
          workspaceId: created,
          actorId: userId,
          action: 'workspace.created',
          subject: { type: 'workspace', id: created, label: request.name },
          at: now,
        });
        return created;
      });
      return workspaceFor(id, userId);
    },

    async update(workspaceId: string, userId: string, change: UpdateWorkspaceRequest): Promise<Workspace> {
      await db.transaction(async (tx) => {
        const workspaces = createWorkspacesRepository(tx);
        const before = await workspaces.lockSettings(workspaceId);
        if (!before) throw workspaceNotFound();
        const now = clock.now();
        await workspaces.update(workspaceId, change, now);
        const name = change.name ?? before.name;
        const subject = { type: 'workspace' as const, id: workspaceId, label: name };
        // Only what changed is logged: saving the same name again did nothing.
        if (change.name !== undefined && change.name !== before.name) {
          await recordActivity(tx, {
            workspaceId,
            actorId: userId,
            action: 'workspace.renamed',
            subject,
            details: { previousName: before.name },
            at: now,
          });
        }
        if (change.requireApproval !== undefined && change.requireApproval !== before.requireApproval) {
          await recordActivity(tx, {
            workspaceId,
            actorId: userId,
            action: 'workspace.approval_changed',
            subject,
            details: { requireApproval: change.requireApproval },
            at: now,
          });
        }
      });
      return workspaceFor(workspaceId, userId);
    },

    async remove(workspaceId: string): Promise<void> {
      if (!(await repository.remove(workspaceId))) {
        throw new AppError('conflict', 'Your personal workspace cannot be deleted. You can delete the workspaces you created.');
      }
    },

    async leave(workspaceId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const members = createWorkspacesRepository(tx);
        const workspace = await members.lockMembers(workspaceId);
        if (!workspace) throw workspaceNotFound();
        if (workspace.personalOf === userId) throw new AppError('conflict', 'You cannot leave your personal workspace.');
        const role = await members.roleOf(workspaceId, userId);
        if (!role) throw workspaceNotFound();
        if (role === 'owner' && (await members.ownerCount(workspaceId)) <= 1) {
          throw new AppError(
            'conflict',
            'You are this workspace’s only owner. Make another member an owner first, or delete the workspace.',
          );
        }
        await members.removeMember(workspaceId, userId);
        const name = (await createUsersRepository(tx).findById(userId))?.name ?? '';
        await recordActivity(tx, {
          workspaceId,
          actorId: userId,
          action: 'member.left',
          subject: { type: 'member', id: userId, label: name },
          details: { role },
          at: clock.now(),
        });
      });
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
