import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerNetworkRoute } from '../network-route';
import { publicBaseUrl } from '../public-url';
import { authenticateLinkedIn } from './linkedin-auth';

export function registerLinkedInUserinfoRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // docs/networks.md, LinkedIn · Member profile: unversioned, needs openid; profile and email add their claims.
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/v2/userinfo',
    network: 'linkedin',
    endpoint: 'linkedin.userinfo',
    handler: (request) => {
      const { member, token } = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.userinfo',
        versioned: false,
        resource: 'userinfo.GET',
        anyScopes: ['openid'],
      });
      const profile = token.scopes.includes('profile');
      const email = token.scopes.includes('email');
      return {
        sub: member.sub,
        ...(email ? { email_verified: true } : {}),
        ...(profile
          ? {
              name: member.name,
              locale: { country: 'US', language: 'en' },
              given_name: member.givenName,
              family_name: member.familyName,
            }
          : {}),
        ...(email ? { email: member.email } : {}),
        ...(profile ? { picture: `${publicBaseUrl(request)}/_sandbox/avatars/linkedin/${member.sub}.svg` } : {}),
      };
    },
  });

  // docs/networks.md, LinkedIn · Member profile: /v2/me needs r_liteprofile or r_basicprofile and fails for OIDC-only apps.
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/v2/me',
    network: 'linkedin',
    endpoint: 'linkedin.me',
    handler: (request) => {
      const { member } = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.me',
        versioned: false,
        resource: 'me.GET',
        anyScopes: ['r_liteprofile', 'r_basicprofile'],
      });
      return { id: member.sub, localizedFirstName: member.givenName, localizedLastName: member.familyName };
    },
  });
}
