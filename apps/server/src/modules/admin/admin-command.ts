import { isPlanId, planById, plans, type PlanId } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createPlansRepository } from '../plans/plans.repository';
import { createAdminRepository } from './admin.repository';

/** A refusal the operator can act on; the entry prints its message and exits 1. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

export const ADMIN_USAGE = `Usage: npm run admin -- plan <email|workspace-id> <plan>

  Changes a workspace's plan. An email changes that person's personal workspace.
  Plans: ${plans.map((plan) => `${plan.id} (${plan.name})`).join(', ')}.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A plan by its id or its name, in any case: `enterprise` and `Agency` are one plan. */
function planNamed(value: string): PlanId | undefined {
  const lower = value.toLowerCase();
  if (isPlanId(lower)) return lower;
  return plans.find((plan) => plan.name.toLowerCase() === lower)?.id;
}

const described = (plan: PlanId) => `${planById(plan).name} (${plan})`;

/**
 * `npm run admin -- plan <email|workspace-id> <plan>`: the operator's command, on the app's own
 * database (docs/product.md, Plans · The operator). Answers the line to print; throws
 * AdminCommandError with what to fix.
 */
export async function runAdminCommand(db: Database, clock: Clock, args: readonly string[]): Promise<string> {
  const [command, target, planName, ...rest] = args;
  if (command !== 'plan' || !target || !planName || rest.length > 0) throw new AdminCommandError(ADMIN_USAGE);
  const plan = planNamed(planName);
  if (!plan) throw new AdminCommandError(`There is no plan "${planName}". Plans: ${plans.map((entry) => entry.id).join(', ')}.`);
  const admin = createAdminRepository(db);
  const byEmail = target.includes('@');
  const workspace = byEmail ? await admin.personalWorkspaceOf(target) : UUID.test(target) ? await admin.workspaceById(target) : undefined;
  if (!workspace) {
    throw new AdminCommandError(
      byEmail
        ? `No one has the email ${target} on this instance.`
        : `There is no workspace ${target}. Give a person's email or a workspace id (the admin page lists them).`,
    );
  }
  const which = byEmail ? `${target}'s personal workspace` : `workspace "${workspace.name}"`;
  if (workspace.plan === plan) return `${which} (${workspace.id}) is already on ${described(plan)}; nothing changed.`;
  const before = await db.transaction((tx) => createPlansRepository(tx).setPlan(workspace.id, plan, clock.now()));
  return `${which} (${workspace.id}): plan changed from ${described(before ?? workspace.plan)} to ${described(plan)}.`;
}
