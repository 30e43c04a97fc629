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

    /**
     * Before a seat is taken (an invitation sent or accepted): members and open invitations count, so
     * a plan's seats cannot be overbooked by inviting many at once. Call under the workspace's lock
     * (WorkspacesRepository.lockMembers) with the seat about to be taken not yet counted.
     */
    async checkMemberAllowed(db: Queryable, workspaceId: string): Promise<void> {
      if (!deps.enabled) return;
      const repository = createPlansRepository(db);
      const plan = await repository.planOf(workspaceId);
      const limit = PLAN_LIMITS[plan].teamMembers;
      if (limit === null) return;
      if ((await repository.seatsTaken(workspaceId)) < limit) return;
      const larger = plans.filter((candidate) => candidate.limits.teamMembers === null || candidate.limits.teamMembers > limit);
      const offers = larger.map((candidate, index) => {
        const allows = candidate.limits.teamMembers === null ? 'unlimited' : String(candidate.limits.teamMembers);
        return index === 0 ? `The ${candidate.name} plan allows ${allows}` : `${candidate.name} ${allows}`;
      });
      const lift =
        offers.length === 1 ? `${offers[0]} members: ` : offers.length ? `${offers.slice(0, -1).join(', ')} and ${offers.at(-1)}: ` : '';
      throw new AppError(
        'forbidden',
        `Your ${nameOf(plan)} plan allows ${limit} member${limit === 1 ? '' : 's'}, invitations included. ${lift}ask the instance's operator to change your plan.`,
      );
    },
  };
}
export type PlanLimitsService = ReturnType<typeof createPlanLimits>;
