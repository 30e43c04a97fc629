import type { SandboxContext } from '../context';
import { randomToken } from '../random';

export const X_CODE_LIFETIME_MS = 30_000;
export const X_ACCESS_TOKEN_LIFETIME_MS = 2 * 3_600_000;

export interface XTokenResponse {
  token_type: 'bearer';
  expires_in: number;
  access_token: string;
  scope: string;
  refresh_token?: string;
}

/** docs/networks.md, X · Token exchange, Token refresh: 2 h access token; a refresh token only with offline.access, new on every refresh. */
export function issueXTokens(
  ctx: SandboxContext,
  grant: { userId: string; clientId: string; scopes: string[]; familyId?: string },
): XTokenResponse {
  const now = ctx.clock.now();
  const familyId = grant.familyId ?? randomToken(12);
  const accessToken = randomToken(48);
  ctx.state.x.accessTokens.set(accessToken, {
    token: accessToken,
    userId: grant.userId,
    clientId: grant.clientId,
    scopes: grant.scopes,
    issuedAt: now,
    expiresAt: now + X_ACCESS_TOKEN_LIFETIME_MS,
    revoked: false,
    familyId,
  });
  const response: XTokenResponse = {
    token_type: 'bearer',
    expires_in: X_ACCESS_TOKEN_LIFETIME_MS / 1000,
    access_token: accessToken,
    scope: grant.scopes.join(' '),
  };
  if (grant.scopes.includes('offline.access')) {
    const refreshToken = randomToken(48);
    ctx.state.x.refreshTokens.set(refreshToken, {
      token: refreshToken,
      userId: grant.userId,
      clientId: grant.clientId,
      scopes: grant.scopes,
      issuedAt: now,
      spent: false,
      revoked: false,
      familyId,
    });
    response.refresh_token = refreshToken;
  }
  ctx.markDirty();
  return response;
}

export function revokeXFamily(ctx: SandboxContext, familyId: string): void {
  for (const token of ctx.state.x.accessTokens.values()) if (token.familyId === familyId) token.revoked = true;
  for (const token of ctx.state.x.refreshTokens.values()) if (token.familyId === familyId) token.revoked = true;
}
