import type { SandboxContext } from '../context';
import { approvedRoles } from './linkedin-personas';
import type { LinkedInCaller } from './linkedin-auth';
import type { OrganizationRole } from './linkedin-store';

/** docs/networks.md, LinkedIn · Scopes and access: roles allowed to post for an organization (w_organization_social). */
const POSTER_ROLES: OrganizationRole[] = ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER', 'CONTENT_ADMINISTRATOR'];

/** docs/networks.md, LinkedIn · Comments: roles allowed to comment as an organization. */
const COMMENTER_ROLES: OrganizationRole[] = ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER', 'RECRUITING_POSTER'];
/** The Comments API page lists the `_feed` scopes; Share on LinkedIn grants commenting with `w_member_social` (docs/networks.md, LinkedIn · Comments). */
export const MEMBER_COMMENT_WRITE = ['w_member_social', 'w_member_social_feed'];
export const ORGANIZATION_COMMENT_WRITE = ['w_organization_social', 'w_organization_social_feed'];
export const MEMBER_COMMENT_READ = ['r_member_social', 'r_member_social_feed'];
export const ORGANIZATION_COMMENT_READ = ['r_organization_social', 'r_organization_social_feed'];

export type AuthorRef = { kind: 'person'; sub: string } | { kind: 'organization'; id: number };

export function parseAuthorUrn(urn: string): AuthorRef | 'bad-type' | 'bad-id' {
  const match = /^urn:li:([A-Za-z]+):(.*)$/.exec(urn);
  if (!match) return 'bad-type';
  const [, type, id = ''] = match;
  if (type === 'person') return /^[A-Za-z0-9_-]+$/.test(id) ? { kind: 'person', sub: id } : 'bad-id';
  if (type === 'organization') return /^\d+$/.test(id) ? { kind: 'organization', id: Number(id) } : 'bad-id';
  return 'bad-type';
}

export function hasScope(caller: LinkedInCaller, ...scopes: string[]): boolean {
  return scopes.some((scope) => caller.token.scopes.includes(scope));
}

export function canPostAs(ctx: SandboxContext, caller: LinkedInCaller, author: AuthorRef): boolean {
  if (author.kind === 'person') return author.sub === caller.member.sub && hasScope(caller, 'w_member_social');
  return (
    hasScope(caller, 'w_organization_social') &&
    approvedRoles(ctx, caller.member.sub, author.id).some((role) => POSTER_ROLES.includes(role))
  );
}

/** Commenting as the member (the caller only) or as an organization the caller holds a commenting role in. */
export function canCommentAs(ctx: SandboxContext, caller: LinkedInCaller, actor: AuthorRef): boolean {
  if (actor.kind === 'person') return actor.sub === caller.member.sub && hasScope(caller, ...MEMBER_COMMENT_WRITE);
  return (
    hasScope(caller, ...ORGANIZATION_COMMENT_WRITE) &&
    approvedRoles(ctx, caller.member.sub, actor.id).some((role) => COMMENTER_ROLES.includes(role))
  );
}

/** Reading a member's posts needs r_member_social (restricted); an organization's, r_organization_social and a role. */
export function canReadAs(
  ctx: SandboxContext,
  caller: LinkedInCaller,
  author: AuthorRef,
  memberScopes: string[],
  organizationScopes: string[],
): boolean {
  if (author.kind === 'person') return author.sub === caller.member.sub && hasScope(caller, ...memberScopes);
  return hasScope(caller, ...organizationScopes) && approvedRoles(ctx, caller.member.sub, author.id).length > 0;
}

export function isAdministrator(ctx: SandboxContext, caller: LinkedInCaller, organizationId: number): boolean {
  return approvedRoles(ctx, caller.member.sub, organizationId).includes('ADMINISTRATOR');
}
