import type { RegisteredApp } from '../apps';
import type { SandboxContext } from '../context';
import { randomToken } from '../random';
import { signIdToken } from './id-token';
import type { LinkedInMember } from './linkedin-store';

export const LINKEDIN_CODE_LIFETIME_MS = 30 * 60_000;
export const LINKEDIN_ACCESS_TOKEN_LIFETIME_MS = 60 * 86_400_000;
export const LINKEDIN_REFRESH_TOKEN_LIFETIME_MS = 365 * 86_400_000;

export interface LinkedInTokenResponse {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
  id_token?: string;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/** Observed responses list scopes comma-separated and sorted (docs/networks.md, LinkedIn · Token exchange). */
export function formatLinkedInScopes(scopes: string[]): string {
  return [...scopes].sort().join(',');
}

function idTokenFor(member: LinkedInMember, app: RegisteredApp, scopes: string[], now: number): string {
  const issuedAt = Math.floor(now / 1000);
  return signIdToken({
    iss: 'https://www.linkedin.com/oauth',
    aud: app.clientId,
    iat: issuedAt,
    exp: issuedAt + 3600,
    sub: member.sub,
    ...(scopes.includes('profile')
      ? { name: member.name, given_name: member.givenName, family_name: member.familyName, locale: 'en_US' }
      : {}),
    ...(scopes.includes('email') ? { email: member.email, email_verified: 'true' } : {}),
  });
}

/**
 * 60-day access tokens; a refresh token (365 days, never rotated) only for apps approved for
 * programmatic refresh (docs/networks.md, LinkedIn · Token refresh). A different scope set invalidates the member's earlier tokens for
 * this app (docs/networks.md, LinkedIn · Token exchange).
 */
export function issueLinkedInTokens(
  ctx: SandboxContext,
  grant: { member: LinkedInMember; app: RegisteredApp; scopes: string[] },
): LinkedInTokenResponse {
  const now = ctx.clock.now();
  const store = ctx.state.linkedin;
  const grantKey = `${grant.member.sub}|${grant.app.clientId}`;
  const scopeSet = formatLinkedInScopes(grant.scopes);
  const previous = store.grants.get(grantKey);
  if (previous !== undefined && previous !== scopeSet) {
    for (const token of store.accessTokens.values()) {
      if (token.sub === grant.member.sub && token.clientId === grant.app.clientId) token.revoked = true;
    }
    for (const token of store.refreshTokens.values()) {
      if (token.sub === grant.member.sub && token.clientId === grant.app.clientId) token.revoked = true;
    }
  }
  store.grants.set(grantKey, scopeSet);
  const accessToken = randomToken(64);
  store.accessTokens.set(accessToken, {
    token: accessToken,
    sub: grant.member.sub,
    clientId: grant.app.clientId,
    scopes: grant.scopes,
    createdAt: now,
    expiresAt: now + LINKEDIN_ACCESS_TOKEN_LIFETIME_MS,
    revoked: false,
  });
  const response: LinkedInTokenResponse = {
    access_token: accessToken,
    expires_in: LINKEDIN_ACCESS_TOKEN_LIFETIME_MS / 1000,
    scope: scopeSet,
    token_type: 'Bearer',
    ...(grant.scopes.includes('openid') ? { id_token: idTokenFor(grant.member, grant.app, grant.scopes, now) } : {}),
  };
  if (grant.app.refreshTokens) {
    const refreshToken = randomToken(64);
    store.refreshTokens.set(refreshToken, {
      token: refreshToken,
      sub: grant.member.sub,
      clientId: grant.app.clientId,
      scopes: grant.scopes,
      createdAt: now,
      expiresAt: now + LINKEDIN_REFRESH_TOKEN_LIFETIME_MS,
      revoked: false,
    });
    response.refresh_token = refreshToken;
    response.refresh_token_expires_in = LINKEDIN_REFRESH_TOKEN_LIFETIME_MS / 1000;
  }
  ctx.markDirty();
  return response;
}

/** Refresh: a new 60-day access token, the same refresh token with its remaining lifetime. */
export function refreshLinkedInAccessToken(
  ctx: SandboxContext,
  refresh: { token: string; sub: string; clientId: string; scopes: string[]; expiresAt: number },
): LinkedInTokenResponse {
  const now = ctx.clock.now();
  const accessToken = randomToken(64);
  ctx.state.linkedin.accessTokens.set(accessToken, {
    token: accessToken,
    sub: refresh.sub,
    clientId: refresh.clientId,
    scopes: refresh.scopes,
    createdAt: now,
    expiresAt: now + LINKEDIN_ACCESS_TOKEN_LIFETIME_MS,
    revoked: false,
  });
  ctx.markDirty();
  return {
    access_token: accessToken,
    expires_in: LINKEDIN_ACCESS_TOKEN_LIFETIME_MS / 1000,
    refresh_token: refresh.token,
    refresh_token_expires_in: Math.max(0, Math.floor((refresh.expiresAt - now) / 1000)),
    scope: formatLinkedInScopes(refresh.scopes),
    token_type: 'Bearer',
  };
}
