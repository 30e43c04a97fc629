import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegisteredApp } from '../apps';
import { formOrJsonFields, stringField } from '../body-parsers';
import type { SandboxContext } from '../context';
import { registerNetworkRoute } from '../network-route';
import { verifyPkce } from '../pkce';
import { findApp } from '../state';
import { X_INVALID_CODE, X_INVALID_TOKEN, X_MISSING_AUTH_HEADER, xOAuthError } from './x-errors';
import { issueXTokens, revokeXFamily } from './x-tokens';

function decodeBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const match = header ? /^Basic\s+(.+)$/i.exec(header.trim()) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // Client credentials are form-encoded before Basic encoding (RFC 6749 §2.3.1); twitter-api-v2 does so.
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

/**
 * docs/networks.md, X · Token exchange: confidential clients must send Basic auth (401 unauthorized_client otherwise); public
 * clients send client_id in the body. A secret in the body alone is not enough, as on X.
 */
function authenticateClient(ctx: SandboxContext, request: FastifyRequest, fields: Record<string, unknown>): RegisteredApp {
  const basic = decodeBasic(request.headers.authorization);
  if (basic) {
    const app = findApp(ctx.state, 'x', basic.id);
    if (!app || app.clientSecret === undefined || app.clientSecret !== basic.secret) {
      throw xOAuthError(401, 'unauthorized_client', X_MISSING_AUTH_HEADER);
    }
    return app;
  }
  const clientId = stringField(fields, 'client_id');
  if (!clientId) throw xOAuthError(401, 'unauthorized_client', X_MISSING_AUTH_HEADER);
  const app = findApp(ctx.state, 'x', clientId);
  if (!app || app.clientSecret !== undefined) throw xOAuthError(401, 'unauthorized_client', X_MISSING_AUTH_HEADER);
  return app;
}

function required(fields: Record<string, unknown>, name: string): string {
  const value = stringField(fields, name);
  if (!value) throw xOAuthError(400, 'invalid_request', `Missing required parameter [${name}].`);
  return value;
}

export function registerXOAuthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/oauth2/token',
    network: 'x',
    endpoint: (request) =>
      stringField(formOrJsonFields(request.body), 'grant_type') === 'refresh_token' ? 'x.oauth.refresh' : 'x.oauth.token',
    handler: (request) => {
      // twitter-api-v2 sends this body as JSON (its form detection misses /2/oauth2), X accepts both.
      const fields = formOrJsonFields(request.body);
      const client = authenticateClient(ctx, request, fields);
      const grantType = required(fields, 'grant_type');
      const now = ctx.clock.now();

      if (grantType === 'authorization_code') {
        const code = ctx.state.x.codes.get(required(fields, 'code'));
        const redirectUri = required(fields, 'redirect_uri');
        const verifier = required(fields, 'code_verifier');
        const valid =
          code &&
          !code.used &&
          now < code.expiresAt &&
          code.clientId === client.clientId &&
          code.redirectUri === redirectUri &&
          verifyPkce(code.codeChallenge, code.codeChallengeMethod, verifier);
        if (code) code.used = true;
        if (!valid || !code) throw xOAuthError(400, 'invalid_request', X_INVALID_CODE);
        return issueXTokens(ctx, { userId: code.userId, clientId: client.clientId, scopes: code.scopes });
      }

      if (grantType === 'refresh_token') {
        const refresh = ctx.state.x.refreshTokens.get(required(fields, 'refresh_token'));
        if (!refresh || refresh.revoked || refresh.clientId !== client.clientId) {
          throw xOAuthError(400, 'invalid_request', X_INVALID_TOKEN);
        }
        if (refresh.spent) {
          if (ctx.options.x.revokeFamilyOnRefreshReuse) revokeXFamily(ctx, refresh.familyId);
          throw xOAuthError(400, 'invalid_request', X_INVALID_TOKEN);
        }
        // Single use: the old refresh token dies the moment a new pair is minted (docs/networks.md, X · Token refresh).
        refresh.spent = true;
        return issueXTokens(ctx, {
          userId: refresh.userId,
          clientId: client.clientId,
          scopes: refresh.scopes,
          familyId: refresh.familyId,
        });
      }

      throw xOAuthError(400, 'unsupported_grant_type', `Value passed for the grant type was invalid.`);
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/oauth2/revoke',
    network: 'x',
    endpoint: 'x.oauth.revoke',
    handler: (request) => {
      const fields = formOrJsonFields(request.body);
      const client = authenticateClient(ctx, request, fields);
      const value = required(fields, 'token');
      const access = ctx.state.x.accessTokens.get(value);
      if (access && access.clientId === client.clientId) access.revoked = true;
      const refresh = ctx.state.x.refreshTokens.get(value);
      if (refresh && refresh.clientId === client.clientId) refresh.revoked = true;
      ctx.markDirty();
      // docs/networks.md, X · Token revocation: {"revoked": true} is the commonly reported body (UNCERTAIN in the docs).
      return { revoked: true };
    },
  });
}
