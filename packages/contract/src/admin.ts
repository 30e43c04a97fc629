import { z } from 'zod';
import { endpoints } from './endpoints';
import { idParamsSchema, isoDateTimeSchema } from './fields';
import { defineRoute } from './http';
import { planIds } from './plans';

/**
 * The instance operator's area (docs/product.md, Plans · The operator): people listed in ADMIN_EMAILS
 * see every workspace and its plan, change plans, and see the plans people asked for at registration.
 * For everyone else these calls answer 404, as if the area did not exist.
 */
export const planIdSchema = z.enum(planIds, { error: "plan must be 'free', 'pro', 'business' or 'enterprise'" });

export const adminWorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The personal workspace's person, or a shared workspace's first owner; null if it has none. */
  ownerEmail: z.string().nullable(),
  personal: z.boolean(),
  plan: planIdSchema,
  members: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  /** Posts composed since the first day of this month, 00:00 UTC. */
  postsThisMonth: z.number().int().nonnegative(),
  createdAt: isoDateTimeSchema,
});
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

export const adminWorkspacesResponseSchema = z.object({ workspaces: z.array(adminWorkspaceSchema) });

export const setPlanRequestSchema = z.object({ plan: planIdSchema });
export type SetPlanRequest = z.infer<typeof setPlanRequestSchema>;

export const planRequestSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  email: z.string().nullable(),
  plan: planIdSchema,
  /** The workspace's plan now. */
  currentPlan: planIdSchema,
  createdAt: isoDateTimeSchema,
  /** Set when the operator changed the workspace's plan after the request. */
  handledAt: isoDateTimeSchema.nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

export const planRequestsResponseSchema = z.object({ requests: z.array(planRequestSchema) });

export const adminRoutes = {
  workspaces: defineRoute({
    ...endpoints.admin.workspaces,
    tag: 'admin',
    summary: 'Every workspace with its plan, members, accounts and posts this month (ADMIN_EMAILS only)',
    response: adminWorkspacesResponseSchema,
  }),
  setPlan: defineRoute({
    ...endpoints.admin.setPlan,
    tag: 'admin',
    summary: "Change a workspace's plan; its open plan requests become handled (ADMIN_EMAILS only)",
    params: idParamsSchema,
    body: setPlanRequestSchema,
    response: adminWorkspaceSchema,
  }),
  planRequests: defineRoute({
    ...endpoints.admin.planRequests,
    tag: 'admin',
    summary: 'Plans people chose on the pricing page, open ones first (ADMIN_EMAILS only)',
    response: planRequestsResponseSchema,
  }),
} as const;
