import { membersRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { InvitationsService } from './invitations.service';
import type { MembersService } from './members.service';

export function registerMembersRoutes(router: Router, deps: { members: MembersService; invitations: InvitationsService }) {
  const { members, invitations } = deps;
  router.authed(membersRoutes.list, async ({ auth }) => ({ members: await members.list(auth.workspaceId) }));
  router.authed(membersRoutes.updateRole, ({ auth, params, body }) =>
    members.updateRole(auth.workspaceId, auth.userId, params.personId, body.role),
  );
  router.authed(membersRoutes.remove, async ({ auth, params }) => {
    await members.remove(auth.workspaceId, auth.userId, params.personId);
    return null;
  });
  router.authed(membersRoutes.invite, ({ auth, body }) => invitations.invite(auth.workspaceId, auth.userId, body));
  router.authed(membersRoutes.invitations, async ({ auth }) => ({ invitations: await invitations.pending(auth.workspaceId) }));
  router.authed(membersRoutes.revokeInvitation, async ({ auth, params }) => {
    await invitations.revoke(auth.workspaceId, auth.userId, params.invitationId);
    return null;
  });
  router.authed(membersRoutes.invitation, ({ auth, params }) => invitations.details(params.token, auth.userId));
  router.authed(membersRoutes.accept, ({ auth, params }) => invitations.accept(params.token, auth.userId));
}
