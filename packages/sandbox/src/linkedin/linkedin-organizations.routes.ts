import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerNetworkRoute } from '../network-route';
import { approvedRoles, organizationFollowersNow } from './linkedin-personas';
import { hasScope, parseAuthorUrn } from './linkedin-access';
import { accessDenied, authenticateLinkedIn } from './linkedin-auth';
import { organizationLogo } from './linkedin-logos';
import { linkedInError, linkedInIllegalArgument, linkedInNotFound } from './linkedin-errors';
import { paging, restliQuery } from './linkedin-request';
import { organizationUrn, personUrn, type LinkedInAcl, type LinkedInOrganization } from './linkedin-store';
import { asList, asString } from './restli';

const ADMIN_SCOPES = ['rw_organization_admin', 'r_organization_admin'];
const ORGANIZATION_SCOPES = [...ADMIN_SCOPES, 'w_organization_social', 'r_organization_social'];

function renderAcl(acl: LinkedInAcl) {
  return { roleAssignee: personUrn(acl.sub), state: acl.state, role: acl.role, organization: organizationUrn(acl.organizationId) };
}

/** The full record of an administered organisation (docs/networks.md, LinkedIn · Organisation pages). */
function renderOrganization(organization: LinkedInOrganization) {
  return {
    id: organization.id,
    localizedName: organization.name,
    vanityName: organization.vanityName,
    name: { localized: { en_US: organization.name }, preferredLocale: { country: 'US', language: 'en' } },
    primaryOrganizationType: 'NONE',
    locations: [{ staffCountRange: 'SIZE_11_TO_50', locationType: 'HEADQUARTERS', address: { country: 'US' } }],
    logoV2: organizationLogo(organization),
  };
}

/** docs/networks.md, LinkedIn · Organisation pages: the lookup gives anyone the name, address name and logo. */
function renderLookup(organization: LinkedInOrganization) {
  return {
    id: organization.id,
    localizedName: organization.name,
    vanityName: organization.vanityName,
    logoV2: organizationLogo(organization),
  };
}

export function registerLinkedInOrganizationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/organizationAcls',
    network: 'linkedin',
    endpoint: 'linkedin.organizationAcls.find',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.organizationAcls.find',
        versioned: true,
        resource: 'organizationAcls.FINDER',
        anyScopes: ADMIN_SCOPES,
      });
      const query = restliQuery(request);
      const role = asString(query.role);
      const state = asString(query.state);
      let acls: LinkedInAcl[];
      if (query.q === 'roleAssignee') {
        acls = ctx.state.linkedin.aclsByMember.get(caller.member.sub) ?? [];
      } else if (query.q === 'organization') {
        const target = parseAuthorUrn(asString(query.organization) ?? '');
        if (typeof target !== 'object' || target.kind !== 'organization')
          throw linkedInIllegalArgument('organization must be an organization urn');
        if (!approvedRoles(ctx, caller.member.sub, target.id).includes('ADMINISTRATOR'))
          throw accessDenied(caller, 'organizationAcls.FINDER');
        acls = ctx.state.linkedin.acls.filter((acl) => acl.organizationId === target.id);
      } else {
        throw linkedInIllegalArgument('q must be roleAssignee or organization');
      }
      const filtered = acls.filter((acl) => (!role || acl.role === role) && (!state || acl.state === state));
      const { start, count } = paging(query);
      return { paging: { start, count, links: [], total: filtered.length }, elements: filtered.slice(start, start + count).map(renderAcl) };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/organizations/:id',
    network: 'linkedin',
    endpoint: 'linkedin.organizations.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.organizations.get',
        versioned: true,
        resource: 'organizations.GET',
        anyScopes: ORGANIZATION_SCOPES,
      });
      const { id } = request.params as { id: string };
      const organization = ctx.state.linkedin.organizations.get(Number(id));
      if (!organization) throw linkedInNotFound(`Organization ${id} not found`);
      if (approvedRoles(ctx, caller.member.sub, organization.id).length === 0) throw accessDenied(caller, 'organizations.GET');
      return renderOrganization(organization);
    },
  });

  for (const [url, endpoint, adminOnly] of [
    ['/linkedin/rest/organizations', 'linkedin.organizations.batchGet', true],
    ['/linkedin/rest/organizationsLookup', 'linkedin.organizationsLookup.batchGet', false],
  ] as const) {
    registerNetworkRoute(app, ctx, {
      method: 'GET',
      url,
      network: 'linkedin',
      endpoint,
      handler: (request) => {
        const caller = authenticateLinkedIn(ctx, request, {
          endpoint,
          versioned: true,
          resource: adminOnly ? 'organizations.BATCH_GET' : 'organizationsLookup.BATCH_GET',
          anyScopes: ORGANIZATION_SCOPES,
        });
        const ids = asList(restliQuery(request).ids);
        if (!ids) throw linkedInIllegalArgument('ids=List(...) is required');
        const results: Record<string, unknown> = {};
        const statuses: Record<string, number> = {};
        const errors: Record<string, unknown> = {};
        for (const id of ids.map(String)) {
          const organization = ctx.state.linkedin.organizations.get(Number(id));
          if (!organization) {
            statuses[id] = 404;
            errors[id] = { status: 404, message: `Organization ${id} not found` };
          } else if (adminOnly && approvedRoles(ctx, caller.member.sub, organization.id).length === 0) {
            statuses[id] = 403;
            errors[id] = { status: 403, message: 'Not enough permissions to access this organization' };
          } else {
            statuses[id] = 200;
            results[id] = adminOnly ? renderOrganization(organization) : renderLookup(organization);
          }
        }
        return { results, statuses, errors };
      },
    });
  }

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/networkSizes/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.networkSizes.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.networkSizes.get',
        versioned: true,
        resource: 'networkSizes.GET',
        anyScopes: ORGANIZATION_SCOPES,
      });
      const edgeType = asString(restliQuery(request).edgeType);
      if (edgeType !== 'COMPANY_FOLLOWED_BY_MEMBER') {
        // docs/networks.md, LinkedIn · Organisation pages: the pre-202304 spelling CompanyFollowedByMember is rejected by current versions.
        throw linkedInError(400, `Invalid value ${edgeType ?? '(missing)'} for field edgeType`, { code: 'INVALID_VALUE_FOR_FIELD' });
      }
      const { urn } = request.params as { urn: string };
      const target = parseAuthorUrn(urn);
      if (typeof target !== 'object' || target.kind !== 'organization') throw linkedInIllegalArgument(`Unsupported urn ${urn}`);
      const organization = ctx.state.linkedin.organizations.get(target.id);
      if (!organization) throw linkedInNotFound(`Organization ${target.id} not found`);
      if (!hasScope(caller, ...ORGANIZATION_SCOPES)) throw accessDenied(caller, 'networkSizes.GET');
      return { firstDegreeSize: organizationFollowersNow(ctx, organization) };
    },
  });
}
