import { z } from 'zod';
import { AuthExpired, RateLimited, Rejected, Unavailable, type SocialProviderError } from '../errors';
import type { HttpResponse } from './http-client';
import { jsonOrUndefined } from './parse';
import { redact } from './redact';

/** RFC 6749 §5.2: the error body of a token endpoint, which X and LinkedIn both follow. */
const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

export interface TokenEndpoint {
  network: 'X' | 'LinkedIn';
  /** The variables holding this server's app credentials, named when the network refuses them. */
  credentialVariables: string;
  /** "X’s rate limit", "LinkedIn’s daily limit". */
  limitName: string;
  resetAt: (headers: Headers, now: Date) => Date;
}

/**
 * An error answer from a token endpoint. Unknown, expired or used codes and spent refresh tokens
 * come back as 400/401 (`invalid_request`, `invalid_grant`…): the person must connect again. A
 * bad client id or secret is this server's configuration, which no reconnecting can fix.
 */
export function oauthTokenError(
  endpoint: TokenEndpoint,
  response: HttpResponse,
  grant: 'authorization_code' | 'refresh_token',
  now: Date,
): SocialProviderError {
  const { network } = endpoint;
  const detail = { status: response.status, body: redact(response.text) };
  const parsed = oauthErrorSchema.safeParse(jsonOrUndefined(response.text));
  const oauth = parsed.success ? parsed.data : undefined;
  const description = redact(oauth?.error_description ?? oauth?.error ?? `HTTP ${response.status}`, 300);

  if (oauth && (oauth.error === 'invalid_client' || oauth.error === 'unauthorized_client')) {
    return new Rejected(
      `${network} refused this server’s app credentials (${description}); check ${endpoint.credentialVariables}.`,
      detail,
    );
  }
  if (response.status === 400 || response.status === 401) {
    return new AuthExpired(
      grant === 'authorization_code'
        ? `The ${network} authorization code expired or was already used (${description}); connect the account again.`
        : `${network} no longer accepts the refresh token (${description}); connect the account again.`,
      detail,
    );
  }
  if (response.status === 429) {
    const resetAt = endpoint.resetAt(response.headers, now);
    return new RateLimited(`${endpoint.limitName} is reached; try again after ${resetAt.toISOString()}.`, resetAt, detail);
  }
  if (response.status >= 500) return new Unavailable(`${network} is not available right now (HTTP ${response.status}).`, detail);
  return new Rejected(`${network} refused the sign-in: ${description}`, detail);
}
