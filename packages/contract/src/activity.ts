import { z } from 'zod';
import { endpoints } from './endpoints';
import { networkSchema } from './accounts';
import { idParamsSchema } from './fields';
import { defineRoute } from './http';

/**
 * A workspace's activity log (docs/product.md, Workspaces · Activity log): who connected an account,
 * wrote, approved, published or deleted a post, invited or removed whom, and when.
 */
export const activityActions = [
  'account.connected',
  'account.disconnected',
  'post.created',
  'post.edited',
  'post.deleted',
  'post.published',
  'post.failed',
  'post.approved',
  'post.rejected',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'workspace.created',
  'workspace.renamed',
  'workspace.approval_changed',
  'api_key.created',
  'api_key.revoked',
] as const;
export type ActivityAction = (typeof activityActions)[number];

export const activitySubjectTypes = ['post', 'account', 'member', 'invitation', 'workspace', 'api_key'] as const;
export type ActivitySubjectType = (typeof activitySubjectTypes)[number];

export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 100;

/**
 * What an entry says beyond its subject, as it was when it happened; each action sets the fields
 * that apply to it (a post's networks, a member's role, a workspace's former name, …).
 */
export const activityDetailsSchema = z.object({
  networks: z.array(networkSchema).optional(),
  /** The account's handle (`@name`) or, without one, its display name. */
  handle: z.string().optional(),
  scheduledAt: z.string().optional(),
  /** Publish-now: the post was sent at once instead of at its time. */
  publishNow: z.boolean().optional(),
  /** "Retry from part k" (POST /api/v1/posts/:id/retry): the thread resumed from this part (docs/decisions/155-threads.md). */
  retryFromPart: z.number().int().optional(),
  /** A reschedule (PATCH /api/v1/posts/:id): only the time changed, from this instant to `scheduledAt`. */
  rescheduledFrom: z.string().optional(),
  url: z.string().optional(),
  status: z.string().optional(),
  reason: z.string().optional(),
  role: z.string().optional(),
  previousRole: z.string().optional(),
  previousName: z.string().optional(),
  requireApproval: z.boolean().optional(),
  reconnected: z.boolean().optional(),
  /** An API key's scopes (docs/decisions/162-api-keys.md). */
  scopes: z.array(z.string()).optional(),
});
export type ActivityDetails = z.infer<typeof activityDetailsSchema>;

export const activityEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(activityActions),
  /** Who did it; null when Postflow did (publishing) or the person has since deleted their account. */
  actor: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  /** What it was done to; `label` is its words at the time (a post's opening, an account's handle, a person's name). */
  subject: z.object({ type: z.enum(activitySubjectTypes), id: z.string().nullable(), label: z.string() }),
  details: activityDetailsSchema,
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page boundary: the `nextBefore` of the page before, `<ISO time>_<entry id>`. */
const ACTIVITY_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}`)
    .max(ACTIVITY_PAGE_MAX, `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}`)
    .default(ACTIVITY_PAGE_DEFAULT),
  before: z
    .string()
    .regex(ACTIVITY_CURSOR, 'before must be the nextBefore of an earlier page')
    // A day that does not exist (2026-02-30) would be read as another; only an instant that reads back the same is one.
    .refine((cursor) => {
      const instant = new Date(cursor.slice(0, 24));
      return !Number.isNaN(instant.getTime()) && instant.toISOString() === cursor.slice(0, 24);
    }, 'before must be the nextBefore of an earlier page')
    .optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityRoutes = {
  list: defineRoute({
    ...endpoints.activity.list,
    tag: 'workspaces',
    summary: 'The workspace’s activity log, newest first, paged by time (any member; invitees’ addresses for owners and admins only)',
    params: idParamsSchema,
    query: activityQuerySchema,
    response: activityPageSchema,
  }),
} as const;
