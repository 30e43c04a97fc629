import type { AdminWorkspace, PlanId, PlanRequest } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { createPlansRepository } from '../plans/plans.repository';
import { createAdminRepository } from './admin.repository';

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

const toWorkspace = (row: Omit<AdminWorkspace, 'createdAt'> & { createdAt: Date }): AdminWorkspace => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The instance operator's area: every workspace and its plan, plan changes, plan requests. Only people
 * whose email is in ADMIN_EMAILS get in; anyone else is told the call does not exist (404), as for an
 * unknown path, so the area cannot be discovered (docs/decisions/132-plans-per-workspace.md).
 */
export function createAdminService(deps: { db: Database; clock: Clock; adminEmails: readonly string[] }) {
  const { db, clock } = deps;
  const repository = createAdminRepository(db);

  return {
    /** Throws `absent()` unless the person's email is in ADMIN_EMAILS (compared lower-cased). */
    async assertAdmin(userId: string, absent: () => Error): Promise<void> {
      if (deps.adminEmails.length === 0) throw absent();
      const email = await repository.emailOf(userId);
      if (!email || !deps.adminEmails.includes(email.toLowerCase())) throw absent();
    },

    async workspaces(): Promise<AdminWorkspace[]> {
      return (await repository.workspaces(monthStartOf(clock.now()))).map(toWorkspace);
    },

    /** Changes the plan and marks the workspace's open plan requests handled. */
    async setPlan(workspaceId: string, plan: PlanId): Promise<AdminWorkspace> {
      const now = clock.now();
      const before = await db.transaction((tx) => createPlansRepository(tx).setPlan(workspaceId, plan, now));
      if (!before) throw notFound('No such workspace.');
      const row = await repository.workspace(workspaceId, monthStartOf(now));
      if (!row) throw notFound('No such workspace.');
      return toWorkspace(row);
    },

    async planRequests(): Promise<PlanRequest[]> {
      return (await repository.planRequests()).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        handledAt: row.handledAt?.toISOString() ?? null,
      }));
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
