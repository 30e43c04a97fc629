import { record as recordActivity } from '../activity/activity.repository';
import { workspaceMailBrand } from '../mail/workspace-brand';
import {
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationDetails,
  type InviteRequest,
  type PendingInvitation,
  type Workspace,
  type WorkspaceRole,
} from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Log } from '../../lib/logger';
import { generateToken, hashToken } from '../../lib/tokens';
import { workspaceInvitationMail } from '../mail/messages/workspace-invitation';
import type { MailService } from '../mail/mail.service';
import type { PlanLimitsService } from '../plans/plan-limits';
import type { RateLimiter } from '../security/rate-limiter';
import { createUsersRepository } from '../users/users.repository';
import { toWorkspace } from '../workspaces/workspace-dto';
import { createWorkspacesRepository } from '../workspaces/workspaces.repository';
import { workspaceNotFound } from '../workspaces/workspaces.service';
import { createInvitationsRepository, type InvitationRow } from './invitations.repository';
import { withMembersLocked } from './members-lock';
import { createMembersRepository } from './members.repository';

const DAY_MS = 86_400_000;

/** Enough for an agency onboarding a team in one sitting; a stolen admin session cannot mail the world. */
const invitesPerPerson = {
  name: 'invite:person',
  max: 50,
  windowMs: 3_600_000,
  message: 'You have sent many invitations in the last hour.',
};

const roleNames: Record<WorkspaceRole, string> = { owner: 'an owner', admin: 'an admin', editor: 'an editor', viewer: 'a viewer' };

const askForAnother = 'Ask an owner or admin of the workspace for a new invitation if you still want to join.';
const LINK_PROBLEM = {
  unknown: 'This invitation link is not valid. Check that you opened the whole link, or ask for a new invitation.',
  used: `This invitation has already been used. ${askForAnother}`,
  revoked: `This invitation was withdrawn. ${askForAnother}`,
  expired: `This invitation has expired (invitations work for ${INVITATION_TTL_DAYS} days). ${askForAnother}`,
};

/** a…@example.com: enough for the invitee to recognise their address, not enough to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/** Why a link cannot be used any more, or undefined while it can. */
function problemWith(invitation: InvitationRow, now: Date): AppError | undefined {
  if (invitation.acceptedAt) return new AppError('gone', LINK_PROBLEM.used);
  if (invitation.revokedAt) return new AppError('gone', LINK_PROBLEM.revoked);
  if (invitation.expiresAt <= now) return new AppError('gone', LINK_PROBLEM.expired);
  return undefined;
}

const alreadyMember = (workspaceName: string) =>
  new AppError('conflict', `You are already a member of ${workspaceName}. Open it from the workspace switcher.`);

export function createInvitationsService(deps: {
  db: Database;
  clock: Clock;
  mail: MailService;
  planLimits: PlanLimitsService;
  rateLimiter: RateLimiter;
  publicUrl: string;
  /** True when there is no SMTP server: invitation links are printed to the log, as reset links are. */
  printInvitationLinks: boolean;
  log: Log;
}) {
  const { db, clock } = deps;

  async function emailOf(tx: Queryable, userId: string): Promise<string | null> {
    return (await createUsersRepository(tx).findById(userId))?.email?.toLowerCase() ?? null;
  }

  return {
    async invite(workspaceId: string, actorId: string, request: InviteRequest): Promise<Invitation> {
      await deps.rateLimiter.consume(invitesPerPerson, actorId);
      const token = generateToken('iv');
      const link = `${deps.publicUrl}/invitations/${encodeURIComponent(token)}`;
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const invitation = await withMembersLocked(db, workspaceId, actorId, async ({ tx, workspaces, actorRole }) => {
        if (request.role === 'owner' && actorRole !== 'owner') {
          throw new AppError('forbidden', 'Only owners can invite an owner. Invite them as an admin, or ask an owner.');
        }
        if (await createMembersRepository(tx).hasMemberWithEmail(workspaceId, request.email)) {
          throw new AppError('conflict', `${request.email} is already a member of this workspace. Change their role in the list instead.`);
        }
        const invitations = createInvitationsRepository(tx);
        // The address's earlier link stops working; its seat is this invitation's.
        await invitations.revokeOpenFor(workspaceId, request.email, now);
        await deps.planLimits.checkMemberAllowed(tx, workspaceId);
        const id = await invitations.create({ workspaceId, ...request, tokenHash: hashToken(token), invitedBy: actorId, expiresAt, now });
        await recordActivity(tx, {
          workspaceId,
          actorId,
          action: 'member.invited',
          subject: { type: 'invitation', id, label: request.email },
          details: { role: request.role },
          at: now,
        });
        const users = createUsersRepository(tx);
        const inviter = await users.findById(actorId);
        const workspace = await workspaces.findFor(workspaceId, actorId);
        const invitee = await users.findByEmail(request.email);
        await deps.mail.queue(tx, {
          userId: invitee?.id ?? null,
          to: request.email,
          ...workspaceInvitationMail({
            inviter: inviter?.name ?? 'A Postflow member',
            workspace: workspace?.name ?? 'a workspace',
            role: roleNames[request.role],
            link,
            days: INVITATION_TTL_DAYS,
            expiresAt,
            timeZone: invitee?.timeZone ?? null,
            brand: await workspaceMailBrand(tx, workspaceId),
          }),
        });
        return { id, email: request.email, role: request.role, expiresAt: expiresAt.toISOString() };
      });
      if (deps.printInvitationLinks) {
        deps.log.warn({ email: request.email }, `Workspace invitation link (no SMTP_URL set, so it is printed here): ${link}`);
      }
      return invitation;
    },

    async pending(workspaceId: string): Promise<PendingInvitation[]> {
      const rows = await createInvitationsRepository(db).pending(workspaceId, clock.now());
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedBy,
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async revoke(workspaceId: string, actorId: string, invitationId: string): Promise<void> {
      await withMembersLocked(db, workspaceId, actorId, async ({ tx }) => {
        if (!(await createInvitationsRepository(tx).revoke(workspaceId, invitationId, clock.now()))) {
          throw notFound('This invitation does not exist, or it was already accepted, revoked or expired.');
        }
      });
    },

    /** What the accept page shows; the address in full only to the person it was sent to. */
    async details(token: string, userId: string): Promise<InvitationDetails> {
      const invitation = await createInvitationsRepository(db).findByToken(hashToken(token));
      if (!invitation) throw notFound(LINK_PROBLEM.unknown);
      const problem = problemWith(invitation, clock.now());
      if (problem) throw problem;
      const yours = (await emailOf(db, userId)) === invitation.email;
      return {
        workspaceName: invitation.workspaceName,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
        email: yours ? invitation.email : maskEmail(invitation.email),
      };
    },

    /**
     * Makes the caller a member with the invitation's role. The workspace row is locked first (as every
     * invitation change does), then the invitation: two tabs accepting at once make one membership,
     * and the second is told the first already did.
     */
    async accept(token: string, userId: string): Promise<Workspace> {
      const tokenHash = hashToken(token);
      const found = await createInvitationsRepository(db).findByToken(tokenHash);
      if (!found) throw notFound(LINK_PROBLEM.unknown);
      return db.transaction(async (tx) => {
        const workspaces = createWorkspacesRepository(tx);
        if (!(await workspaces.lockMembers(found.workspaceId))) throw new AppError('gone', LINK_PROBLEM.revoked);
        const invitations = createInvitationsRepository(tx);
        const invitation = await invitations.findByToken(tokenHash, { lock: true });
        if (!invitation) throw notFound(LINK_PROBLEM.unknown);
        if (await workspaces.roleOf(invitation.workspaceId, userId)) throw alreadyMember(invitation.workspaceName);
        const problem = problemWith(invitation, clock.now());
        if (problem) throw problem;
        if ((await emailOf(tx, userId)) !== invitation.email) {
          throw new AppError(
            'forbidden',
            `This invitation was sent to ${maskEmail(invitation.email)}; sign in with that address to accept it.`,
          );
        }
        // Its own seat is free once it is used, so the limit counts everyone else.
        await invitations.markAccepted(invitation.id, userId, clock.now());
        await deps.planLimits.checkMemberAllowed(tx, invitation.workspaceId);
        await createMembersRepository(tx).add(invitation.workspaceId, userId, invitation.role, clock.now());
        const joined = await createUsersRepository(tx).findById(userId);
        await recordActivity(tx, {
          workspaceId: invitation.workspaceId,
          actorId: userId,
          action: 'member.joined',
          subject: { type: 'member', id: userId, label: joined?.name ?? invitation.email },
          details: { role: invitation.role },
          at: clock.now(),
        });
        const workspace = await workspaces.findFor(invitation.workspaceId, userId);
        if (!workspace) throw workspaceNotFound();
        return toWorkspace(workspace);
      });
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
