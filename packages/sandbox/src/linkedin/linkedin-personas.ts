import type { SandboxContext } from '../context';
import { randomAlphanumeric, seededRandom } from '../random';
import { addAcl, addMember, normalizeName, type LinkedInMember, type LinkedInOrganization, type OrganizationRole } from './linkedin-store';

/**
 * The persona rule shown on the consent page: a new persona whose name contains "admin"
 * administers one new organisation of its own, so organisation posting can be tried at once.
 */
export const ADMIN_PERSONA_RULE = /admin/i;

export function findMemberByName(ctx: SandboxContext, name: string): LinkedInMember | undefined {
  const sub = ctx.state.linkedin.memberSubsByName.get(normalizeName(name));
  return sub === undefined ? undefined : ctx.state.linkedin.members.get(sub);
}

function slug(value: string): string {
  return (
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'member'
  );
}

export function ensureMember(
  ctx: SandboxContext,
  rawName: string,
  { applyAdminRule = true }: { applyAdminRule?: boolean } = {},
): LinkedInMember {
  const name = rawName.trim().replace(/\s+/g, ' ');
  const existing = findMemberByName(ctx, name);
  if (existing) return existing;
  if (!name || name.length > 100) throw new RangeError('Member names are 1 to 100 characters');
  let sub = '';
  for (let attempt = 0; !sub || ctx.state.linkedin.members.has(sub); attempt++) {
    sub = randomAlphanumeric(10, seededRandom(ctx.options.seed, 'li-member', normalizeName(name), attempt));
  }
  const [givenName = name, ...rest] = name.split(' ');
  const member: LinkedInMember = {
    sub,
    name,
    givenName,
    familyName: rest.join(' '),
    email: `${slug(name)}@example.com`,
    createdAt: ctx.clock.now(),
    baseFollowers: ctx.metrics.baseFollowers('linkedin', normalizeName(name)),
  };
  addMember(ctx.state.linkedin, member);
  if (applyAdminRule && ADMIN_PERSONA_RULE.test(name)) {
    const organization = ensureOrganization(ctx, `${name} Company`);
    grantRole(ctx, member.sub, organization.id, 'ADMINISTRATOR');
  }
  ctx.markDirty();
  return member;
}

export function ensureOrganization(ctx: SandboxContext, name: string): LinkedInOrganization {
  for (const organization of ctx.state.linkedin.organizations.values()) {
    if (organization.name === name) return organization;
  }
  let id = 0;
  for (let attempt = 0; !id || ctx.state.linkedin.organizations.has(id); attempt++) {
    id = 1_000_000 + Math.floor(seededRandom(ctx.options.seed, 'li-org', name, attempt)() * 89_000_000);
  }
  const organization: LinkedInOrganization = {
    id,
    name,
    vanityName: slug(name),
    createdAt: ctx.clock.now(),
    baseFollowers: ctx.metrics.baseFollowers('organization', name),
  };
  ctx.state.linkedin.organizations.set(id, organization);
  ctx.markDirty();
  return organization;
}

export function grantRole(ctx: SandboxContext, sub: string, organizationId: number, role: OrganizationRole): void {
  const existing = ctx.state.linkedin.aclsByMember.get(sub)?.find((acl) => acl.organizationId === organizationId && acl.role === role);
  if (existing) return;
  addAcl(ctx.state.linkedin, { sub, organizationId, role, state: 'APPROVED' });
}

export function approvedRoles(ctx: SandboxContext, sub: string, organizationId: number): OrganizationRole[] {
  return (ctx.state.linkedin.aclsByMember.get(sub) ?? [])
    .filter((acl) => acl.organizationId === organizationId && acl.state === 'APPROVED')
    .map((acl) => acl.role);
}

export function organizationFollowersNow(ctx: SandboxContext, organization: LinkedInOrganization): number {
  return ctx.metrics.followersAt('organization', organization.baseFollowers, organization.createdAt, ctx.clock.now());
}

export function memberFollowersNow(ctx: SandboxContext, member: LinkedInMember): number {
  return ctx.metrics.followersAt('linkedin', member.baseFollowers, member.createdAt, ctx.clock.now());
}
