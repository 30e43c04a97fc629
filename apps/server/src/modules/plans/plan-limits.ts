import { PLAN_LIMITS, planById, plans, type PlanFeature, type PlanId, type PlanLimits } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createPlansRepository } from './plans.repository';

const DAY_MS = 86_400_000;

const ASK_OPERATOR = "ask the instance's operator to change this workspace's plan.";

const FEATURE_NAMES: Record<PlanFeature, string> = {
  bulkScheduling: 'Bulk scheduling',
  apiAccess: 'API access',
  whiteLabel: 'White-label',
};

/** "A", "A and B", "A, B and C". */
const listOf = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The plans above `plan` and what each allows, those allowing the same grouped:
 * "Creator allows 15, Scale 50, Agency unlimited", or "Creator, Scale and Agency allow unlimited accounts".
 */
export function higherPlansText(plan: PlanId, allowance: (limits: PlanLimits) => number | null, unlimited = 'unlimited'): string {
  const above = plans.slice(plans.findIndex((candidate) => candidate.id === plan) + 1);
  const groups: Array<{ names: string[]; value: number | null }> = [];
  for (const candidate of above) {
    const value = allowance(candidate.limits);
    const last = groups.at(-1);
    if (last && last.value === value) last.names.push(candidate.name);
    else groups.push({ names: [candidate.name], value });
  }
  return groups
    .map((group, index) => {
      const value = group.value === null ? unlimited : String(group.value);
      if (index > 0) return `${listOf(group.names)} ${value}`;
      return `${listOf(group.names)} ${group.names.length === 1 ? 'allows' : 'allow'} ${value}`;
    })
    .join(', ');
}

const utcMidnight = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * The plan table's limits (packages/contract/src/plans.ts), per workspace: every member's posts and
 * accounts count against the workspace's plan. Enforced only when PLAN_LIMITS=on; off, every
 * workspace has everything (docs/decisions/132-plans-per-workspace.md). Counted in the database at
 * the moment of the change, so they hold across API processes.
 */
export function createPlanLimits(deps: { enabled: boolean }) {
  return {
    enabled: deps.enabled,

    /**
     * Before a new post is stored, in its transaction: the workspace's posts composed since 00:00 UTC
     * count against the daily limit.
     */
    async checkPostAllowed(db: Queryable, workspaceId: string, now: Date): Promise<void> {
      if (!deps.enabled) return;
      const repository = createPlansRepository(db);
      const plan = await repository.planOf(workspaceId);
      const limit = PLAN_LIMITS[plan].postsPerDay;
      if (limit === null) return;
      await repository.lockForCount(workspaceId);
      if ((await repository.postsSince(workspaceId, utcMidnight(now))) >= limit) {
        const allows = limit === 1 ? "1 post a day and today's is used" : `${limit} posts a day and today's are used`;
        throw new AppError(
          'forbidden',
          `Your ${planById(plan).name} plan allows ${allows}. ${higherPlansText(plan, (limits) => limits.postsPerDay)}: ${ASK_OPERATOR}`,
        );
      }
    },

    /**
     * How many more posts the workspace may compose today (since 00:00 UTC), or null when its plan
     * sets no daily limit; for a check that creates nothing (the bulk import's dry run).
     */
    async postsLeftToday(db: Queryable, workspaceId: string, now: Date): Promise<number | null> {
      if (!deps.enabled) return null;
      const repository = createPlansRepository(db);
      const limit = PLAN_LIMITS[await repository.planOf(workspaceId)].postsPerDay;
      if (limit === null) return null;
      return Math.max(0, limit - (await repository.postsSince(workspaceId, utcMidnight(now))));
    },

    /** Before another social account is connected in the workspace, in the transaction that saves it. */
    async checkAccountAllowed(db: Queryable, workspaceId: string): Promise<void> {
      if (!deps.enabled) return;
      const repository = createPlansRepository(db);
      const plan = await repository.planOf(workspaceId);
      const limit = PLAN_LIMITS[plan].socialAccounts;
      if (limit === null) return;
      await repository.lockForCount(workspaceId);
      const connected = await repository.connectedAccounts(workspaceId);
      if (connected >= limit) {
        throw new AppError(
          'forbidden',
          `Your ${planById(plan).name} plan allows ${limit} connected account${limit === 1 ? '' : 's'} and this workspace has ${connected}. ${higherPlansText(plan, (limits) => limits.socialAccounts, 'unlimited accounts')}: ${ASK_OPERATOR}`,
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
        `Your ${planById(plan).name} plan allows ${limit} member${limit === 1 ? '' : 's'}, invitations included. ${lift}ask the instance's operator to change your plan.`,
      );
    },

    /**
     * Refuses with 403 unless the workspace's plan includes `feature` (bulk scheduling, API access,
     * white-label), for the code that builds each of them to call first.
     */
    async requireFeature(db: Queryable, workspaceId: string, feature: PlanFeature): Promise<void> {
      if (!deps.enabled) return;
      const plan = await createPlansRepository(db).planOf(workspaceId);
      if (PLAN_LIMITS[plan].features[feature]) return;
      const having = plans.filter((candidate) => candidate.limits.features[feature]).map((candidate) => candidate.name);
      throw new AppError(
        'forbidden',
        `${FEATURE_NAMES[feature]} is not part of your ${planById(plan).name} plan. ${listOf(having)} ${having.length === 1 ? 'includes' : 'include'} it: ${ASK_OPERATOR}`,
      );
    },

    /**
     * The oldest instant the workspace's plan shows posts and figures from (UTC midnight `historyDays`
     * before today's, so a day's figures are whole and cached figures stay valid all day), or undefined
     * when nothing is hidden. Without PLAN_LIMITS no query is made.
     */
    async historyStart(db: Queryable, workspaceId: string, now: Date): Promise<Date | undefined> {
      if (!deps.enabled) return undefined;
      const days = PLAN_LIMITS[await createPlansRepository(db).planOf(workspaceId)].historyDays;
      return days === null ? undefined : new Date(utcMidnight(now).getTime() - days * DAY_MS);
    },
  };
}
export type PlanLimitsService = ReturnType<typeof createPlanLimits>;

/** A workspace's history start (PlanLimitsService.historyStart, bound to the app's database and clock). */
export type HistoryStart = (workspaceId: string) => Promise<Date | undefined>;
