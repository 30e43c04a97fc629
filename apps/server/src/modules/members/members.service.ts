import type { Clock } from '../../lib/clock';
import { record as recordActivity } from '../activity/activity.repository';
import type { Member, WorkspaceRole } from '@postflow/contract';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { withMembersLocked } from './members-lock';
import { createMembersRepository, type MemberRow } from './members.repository';

export const toMember = (row: MemberRow): Member => ({ ...row, joinedAt: row.joinedAt.toISOString() });

const notAMember = () => notFound('This person is not a member of this workspace.');

export function createMembersService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async list(workspaceId: string): Promise<Member[]> {
      return (await createMembersRepository(db).list(workspaceId)).map(toMember);
    },

    async updateRole(workspaceId: string, actorId: string, personId: string, role: WorkspaceRole): Promise<Member> {
      return withMembersLocked(db, workspaceId, actorId, async ({ tx, workspaces, personalOf, actorRole }) => {
        const members = createMembersRepository(tx);
        const target = await members.find(workspaceId, personId);
        if (!target) throw notAMember();
        if ((target.role === 'owner' || role === 'owner') && actorRole !== 'owner') {
          throw new AppError('forbidden', 'Only owners can make someone an owner or change an owner’s role. Ask an owner.');
        }
        if (target.role === role) return toMember(target);
        if (personalOf === personId) {
          throw new AppError('conflict', `This is ${target.name}’s personal workspace, so they always stay its owner.`);
        }
        if (target.role === 'owner' && (await workspaces.ownerCount(workspaceId)) <= 1) {
          throw new AppError('conflict', 'A workspace always keeps an owner. Make another member an owner first.');
        }
        await members.setRole(workspaceId, personId, role);
        await recordActivity(tx, {
          workspaceId,
          actorId,
          action: 'member.role_changed',
          subject: { type: 'member', id: personId, label: target.name },
          details: { role, previousRole: target.role },
          at: clock.now(),
        });
        return toMember({ ...target, role });
      });
    },

    async remove(workspaceId: string, actorId: string, personId: string): Promise<void> {
      await withMembersLocked(db, workspaceId, actorId, async ({ tx, workspaces, personalOf, actorRole }) => {
        const members = createMembersRepository(tx);
        const target = await members.find(workspaceId, personId);
        if (!target) throw notAMember();
        if (target.role === 'owner' && actorRole !== 'owner') {
          throw new AppError('forbidden', 'Admins cannot remove an owner. Ask an owner.');
        }
        if (personalOf === personId) {
          throw new AppError('conflict', `This is ${target.name}’s personal workspace; they cannot be removed from it.`);
        }
        if (target.role === 'owner' && (await workspaces.ownerCount(workspaceId)) <= 1) {
          throw new AppError('conflict', 'A workspace always keeps an owner. Make another member an owner first, or delete the workspace.');
        }
        await workspaces.removeMember(workspaceId, personId);
        await recordActivity(tx, {
          workspaceId,
          actorId,
          action: 'member.removed',
          subject: { type: 'member', id: personId, label: target.name },
          at: clock.now(),
        });
      });
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
