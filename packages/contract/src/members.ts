import { z } from 'zod';
import { endpoints } from './endpoints';
import { emailSchema, isoDateTimeSchema, uuidSchema } from './fields';
import { defineRoute, emptyResponseSchema } from './http';
import { workspaceRoleSchema, workspaceSchema } from './workspaces';

/*
 * A workspace's members and the invitations that bring new ones in (docs/product.md, Workspaces ·
 * Members and invitations): owners and admins invite by email; the invitee accepts a single-use link
 * valid for INVITATION_TTL_DAYS (./limits.ts) while signed in with that address.
 */

export const memberSchema = z.object({
  personId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: workspaceRoleSchema,
  joinedAt: isoDateTimeSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const membersResponseSchema = z.object({ members: z.array(memberSchema) });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const memberParamsSchema = z.object({ id: uuidSchema, personId: uuidSchema });

export const updateMemberRoleRequestSchema = z.object({ role: workspaceRoleSchema });
export type UpdateMemberRoleRequest = z.infer<typeof updateMemberRoleRequestSchema>;

export const inviteRequestSchema = z.object({ email: emailSchema, role: workspaceRoleSchema });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  expiresAt: isoDateTimeSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A pending invitation as owners and admins see it in the list. */
export const pendingInvitationSchema = invitationSchema.extend({
  /** The name of the member who sent it; null once that person's account is gone. */
  invitedBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const invitationsResponseSchema = z.object({ invitations: z.array(pendingInvitationSchema) });

export const invitationParamsSchema = z.object({ id: uuidSchema, invitationId: uuidSchema });

/** The secret from the invitation link (`/invitations/<token>`). */
export const invitationTokenParamsSchema = z.object({
  token: z.string().min(1, 'The invitation link is incomplete').max(200, 'The invitation link is not valid'),
});

/**
 * What the accept page shows. `email` is the invited address in full only when it is the caller's;
 * otherwise masked (a…@example.com), so a forwarded link does not reveal whom it was sent to.
 */
export const invitationDetailsSchema = z.object({
  workspaceName: z.string(),
  role: workspaceRoleSchema,
  invitedBy: z.string().nullable(),
  email: z.string(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const membersRoutes = {
  list: defineRoute({
    ...endpoints.members.list,
    tag: 'members',
    summary: 'The workspace’s members with their roles (any member)',
    params: z.object({ id: uuidSchema }),
    response: membersResponseSchema,
  }),
  updateRole: defineRoute({
    ...endpoints.members.updateRole,
    tag: 'members',
    summary: 'Change a member’s role (owner or admin; only owners make or unmake owners)',
    params: memberParamsSchema,
    body: updateMemberRoleRequestSchema,
    response: memberSchema,
  }),
  remove: defineRoute({
    ...endpoints.members.remove,
    tag: 'members',
    summary: 'Remove a member (owner or admin; admins cannot remove owners; never the last owner)',
    params: memberParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  invite: defineRoute({
    ...endpoints.members.invite,
    tag: 'members',
    summary: 'Invite someone by email (owner or admin); replaces a pending invitation to the same address',
    params: z.object({ id: uuidSchema }),
    body: inviteRequestSchema,
    status: 201,
    response: invitationSchema,
  }),
  invitations: defineRoute({
    ...endpoints.members.invitations,
    tag: 'members',
    summary: 'The workspace’s pending invitations (owner or admin)',
    params: z.object({ id: uuidSchema }),
    response: invitationsResponseSchema,
  }),
  revokeInvitation: defineRoute({
    ...endpoints.members.revokeInvitation,
    tag: 'members',
    summary: 'Revoke a pending invitation; its link stops working (owner or admin)',
    params: invitationParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  invitation: defineRoute({
    ...endpoints.members.invitation,
    tag: 'members',
    summary: 'What an invitation link offers, for the accept page',
    params: invitationTokenParamsSchema,
    response: invitationDetailsSchema,
  }),
  accept: defineRoute({
    ...endpoints.members.accept,
    tag: 'members',
    summary: 'Accept an invitation sent to the caller’s email address; answers the workspace joined',
    params: invitationTokenParamsSchema,
    response: workspaceSchema,
  }),
} as const;
