import { z } from 'zod';
import { endpoints, workspaceRoles } from './endpoints';
import { idParamsSchema } from './fields';
import { defineRoute, emptyResponseSchema } from './http';
import { updateWorkspaceBrandingRequestSchema, workspaceBrandingSchema } from './workspace-branding';
import { WORKSPACE_NAME_MAX_LENGTH } from './workspace-client';

/*
 * Workspaces (docs/product.md, Workspaces): connected accounts, posts, media and analytics belong to
 * one; a person works in one at a time, named by the `X-Workspace-Id` header (their personal
 * workspace without it; `WORKSPACE_HEADER` in ./workspace-client.ts).
 */

export const workspaceRoleSchema = z.enum(workspaceRoles, { error: "role must be 'owner', 'admin', 'editor' or 'viewer'" });

export const workspaceNameSchema = z
  .string({ error: 'Enter a name for the workspace' })
  .trim()
  .min(1, 'Enter a name for the workspace')
  .max(WORKSPACE_NAME_MAX_LENGTH, `A workspace name must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters`);

export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The caller's role in it. */
  role: workspaceRoleSchema,
  /** The caller's own workspace, which they cannot leave or delete. */
  personal: z.boolean(),
  requireApproval: z.boolean(),
  /** Its white-label name, logo and colour; null when it has none or its plan does not include white-label. */
  branding: workspaceBrandingSchema.nullable(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const createWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

export const updateWorkspaceRequestSchema = z
  .object({
    name: workspaceNameSchema.optional(),
    requireApproval: z.boolean({ error: 'requireApproval must be true or false' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.requireApproval !== undefined, { message: 'Send a name or requireApproval to change' });
export type UpdateWorkspaceRequest = z.infer<typeof updateWorkspaceRequestSchema>;

export const workspacesResponseSchema = z.object({ workspaces: z.array(workspaceSchema) });

export const workspaceRoutes = {
  list: defineRoute({
    ...endpoints.workspaces.list,
    tag: 'workspaces',
    summary: 'The workspaces the caller belongs to, personal first',
    response: workspacesResponseSchema,
  }),
  create: defineRoute({
    ...endpoints.workspaces.create,
    tag: 'workspaces',
    summary: 'Create a workspace; the caller becomes its owner',
    body: createWorkspaceRequestSchema,
    status: 201,
    response: workspaceSchema,
  }),
  update: defineRoute({
    ...endpoints.workspaces.update,
    tag: 'workspaces',
    summary: 'Rename a workspace or turn approvals on or off (owner or admin)',
    params: idParamsSchema,
    body: updateWorkspaceRequestSchema,
    response: workspaceSchema,
  }),
  remove: defineRoute({
    ...endpoints.workspaces.remove,
    tag: 'workspaces',
    summary: 'Delete a workspace and everything in it (owner; not the personal workspace)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  leave: defineRoute({
    ...endpoints.workspaces.leave,
    tag: 'workspaces',
    summary: 'Leave a workspace (not one’s personal workspace, nor as its last owner)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  branding: defineRoute({
    ...endpoints.workspaces.branding,
    tag: 'workspaces',
    summary: 'Set the workspace’s white-label product name, logo and accent colour (owner or admin; plans with white-label)',
    params: idParamsSchema,
    body: updateWorkspaceBrandingRequestSchema,
    response: workspaceSchema,
  }),
} as const;
