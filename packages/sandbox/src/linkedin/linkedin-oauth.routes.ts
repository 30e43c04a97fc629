import type { FastifyInstance } from 'fastify';
import type { RegisteredApp } from '../apps';
import { formOrJsonFields, stringField } from '../body-parsers';
import type { SandboxContext } from '../context';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { verifyPkce } from '../pkce';
import { findApp } from '../state';
import { jwks } from './id-token';
import { linkedInOAuthError } from './linkedin-errors';
import { formatLinkedInScopes, issueLinkedInTokens, refreshLinkedInAccessToken } from './linkedin-tokens';

const CODE_NOT_FOUND = 'Unable to retrieve access token: authorization code not found';
const CODE_MISMATCH =
  'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists';
const BAD_REFRESH = 'The provided authorization grant or refresh token is invalid, expired or revoked';

function required(fields: Record<string, unknown>, name: string): string {
  const value = stringField(fields, name);
  if (!value) throw linkedInOAuthError(400, 'invalid_request', `A required parameter "${name}" is missing`);
  return value;
}

/** docs/networks.md, LinkedIn · Token exchange: the secret travels in the form body; there is no Basic auth. */
function authenticateClient(ctx: SandboxContext, fields: Record<string, unknown>, secretRequired = true): RegisteredApp {
  const clientId = required(fields, 'client_id');
  const secret = secretRequired ? required(fields, 'client_secret') : stringField(fields, 'client_secret');
  const app = findApp(ctx.state, 'linkedin', clientId);
  if (!app || (secret !== undefined && app.clientSecret !== secret) || (secret === undefined && app.clientSecret !== undefined)) {
    throw linkedInOAuthError(401, 'invalid_client', 'Client authentication failed');
  }
  return app;
}

export function registerLinkedInOAuthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/oauth/v2/accessToken',
    network: 'linkedin',
    endpoint: (request) =>
      stringField(formOrJsonFields(request.body), 'grant_type') === 'refresh_token' ? 'linkedin.oauth.refresh' : 'linkedin.oauth.token',
    handler: (request) => {
      const fields = formOrJsonFields(request.body);
      const grantType = required(fields, 'grant_type');
      const now = ctx.clock.now();

      if (grantType === 'authorization_code') {
        const codeValue = required(fields, 'code');
        const redirectUri = required(fields, 'redirect_uri');
        const code = ctx.state.linkedin.codes.get(codeValue);
        const client = authenticateClient(ctx, fields, code?.codeChallenge === undefined);
        if (!code || code.used) throw linkedInOAuthError(400, 'invalid_request', CODE_NOT_FOUND);
        code.used = true;
        const pkceOk =
          code.codeChallenge === undefined ||
          verifyPkce(code.codeChallenge, code.codeChallengeMethod ?? 'plain', stringField(fields, 'code_verifier'));
        if (now >= code.expiresAt || code.clientId !== client.clientId || code.redirectUri !== redirectUri || !pkceOk) {
          throw linkedInOAuthError(400, 'invalid_redirect_uri', CODE_MISMATCH);
        }
        const member = ctx.state.linkedin.members.get(code.sub);
        if (!member) throw linkedInOAuthError(400, 'invalid_request', CODE_NOT_FOUND);
        return issueLinkedInTokens(ctx, { member, app: client, scopes: code.scopes });
      }

      if (grantType === 'refresh_token') {
        const value = required(fields, 'refresh_token');
        const client = authenticateClient(ctx, fields);
        const refresh = ctx.state.linkedin.refreshTokens.get(value);
        if (!client.refreshTokens || !refresh || refresh.revoked || now >= refresh.expiresAt || refresh.clientId !== client.clientId) {
          throw linkedInOAuthError(400, 'invalid_request', BAD_REFRESH);
        }
        return refreshLinkedInAccessToken(ctx, refresh);
      }

      if (grantType === 'client_credentials') {
        authenticateClient(ctx, fields);
        throw linkedInOAuthError(401, 'access_denied', 'This application is not allowed to create application tokens');
      }
      throw linkedInOAuthError(400, 'unsupported_grant_type', `The grant_type "${grantType}" is not supported`);
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/oauth/v2/revoke',
    network: 'linkedin',
    endpoint: 'linkedin.oauth.revoke',
    handler: (request) => {
      const fields = formOrJsonFields(request.body);
      const client = authenticateClient(ctx, fields);
      const value = required(fields, 'token');
      const access = ctx.state.linkedin.accessTokens.get(value);
      if (access && access.clientId === client.clientId) access.revoked = true;
      const refresh = ctx.state.linkedin.refreshTokens.get(value);
      if (refresh && refresh.clientId === client.clientId) refresh.revoked = true;
      ctx.markDirty();
      return EMPTY_BODY;
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/oauth/v2/introspectToken',
    network: 'linkedin',
    endpoint: 'linkedin.oauth.introspect',
    handler: (request) => {
      const fields = formOrJsonFields(request.body);
      const client = authenticateClient(ctx, fields);
      const token = ctx.state.linkedin.accessTokens.get(required(fields, 'token'));
      // docs/networks.md, LinkedIn · Token introspection: a token of another app (or an unknown one) is simply inactive.
      if (!token || token.clientId !== client.clientId) return { active: false };
      const now = ctx.clock.now();
      const status = token.revoked ? 'revoked' : now >= token.expiresAt ? 'expired' : 'active';
      return {
        active: status === 'active',
        client_id: token.clientId,
        authorized_at: Math.floor(token.createdAt / 1000),
        created_at: Math.floor(token.createdAt / 1000),
        status,
        expires_at: Math.floor(token.expiresAt / 1000),
        scope: formatLinkedInScopes(token.scopes),
        auth_type: '3L',
      };
    },
  });

  app.get('/linkedin/oauth/openid/jwks', async () => jwks());
  app.get('/linkedin/oauth/.well-known/openid-configuration', async (request) => {
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}/linkedin`;
    return {
      issuer: 'https://www.linkedin.com/oauth',
      authorization_endpoint: `${base}/oauth/v2/authorization`,
      token_endpoint: `${base}/oauth/v2/accessToken`,
      userinfo_endpoint: `${base}/v2/userinfo`,
      jwks_uri: `${base}/oauth/openid/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email'],
      claims_supported: [
        'iss',
        'aud',
        'iat',
        'exp',
        'sub',
        'name',
        'given_name',
        'family_name',
        'picture',
        'email',
        'email_verified',
        'locale',
      ],
    };
  });
}
