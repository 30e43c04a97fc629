import { PLAN_LIMITS, plans, type PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createPlansRepository } from './plans.repository';

/**
 * The plan table's limits (packages/contract/src/plans.ts), enforced only when PLAN_LIMITS=on.
 * Counted in the database at the moment of the change, so they hold across API processes.
 */
export function createPlanLimits(deps: { enabled: boolean }) {
  const nameOf = (plan: PlanId) => plans.find((candidate) => candidate.id === plan)?.name ?? plan;

  return {
    /** Before a new post is stored: posts composed since 00:00 UTC count against the daily limit. */
    async checkPostAllowed(db: Queryable, workspaceId: string, now: Date): Promise<void> {
      if (!deps.enabled) return;
      const repository = createPlansRepository(db);
      const plan = await repository.planOf(workspaceId);
      const limit = PLAN_LIMITS[plan].postsPerDay;
      if (limit === null) return;
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      if ((await repository.postsSince(workspaceId, dayStart)) >= limit) {
        throw new AppError(
          'forbidden',
          `Your ${nameOf(plan)} plan allows ${limit} post${limit === 1 ? '' : 's'} a day, and today's are used. Upgrade your plan, or schedule more from tomorrow (00:00 UTC).`,
        );
      }
    },

    /** Before another social account is connected. */
    async checkAccountAllowed(db: Queryable, workspaceId: string): Promise<void> {
      if (!deps.enabled) return;
      const repository = createPlansRepository(db);
      const plan = await repository.planOf(workspaceId);
      const limit = PLAN_LIMITS[plan].socialAccounts;
      if (limit === null) return;
      if ((await repository.connectedAccounts(workspaceId)) >= limit) {
        throw new AppError(
          'forbidden',
          `Your ${nameOf(plan)} plan allows ${limit} connected accounts. Disconnect one, or upgrade your plan.`,
        );
      }
    },
  };
}
export type PlanLimitsService = ReturnType<typeof createPlanLimits>;
