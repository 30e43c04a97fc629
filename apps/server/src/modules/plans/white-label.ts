import { plans, type PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createPlansRepository } from './plans.repository';

/**
 * Whether a plan includes white-label. The pricing table sells it with Agency only; this is the one
 * place that says so until plans carry their features (issue 19, point 5).
 */
export function planAllowsWhiteLabel(plan: PlanId): boolean {
  return plan === 'enterprise';
}

const whiteLabelPlanName = plans.find((plan) => planAllowsWhiteLabel(plan.id))?.name ?? 'Agency';

/** Refuses to change the branding of a workspace whose plan does not include white-label. */
export async function requireWhiteLabel(db: Queryable, workspaceId: string): Promise<void> {
  const plan = await createPlansRepository(db).planOf(workspaceId);
  if (planAllowsWhiteLabel(plan)) return;
  const current = plans.find((candidate) => candidate.id === plan)?.name ?? plan;
  throw new AppError(
    'forbidden',
    `White-label (your own product name, logo and colour) is part of the ${whiteLabelPlanName} plan, and this workspace is on ${current}. Upgrade the workspace's plan to use it.`,
  );
}
