import { AuthExpired, Duplicate, RateLimited, Rejected, type SocialProviderError } from '../errors';
import { nextUtcMidnight } from '../../../lib/clock';
import type { CallKind, HttpResponse } from '../http/http-client';
import { jsonOrUndefined } from '../http/parse';
import { redact } from '../http/redact';
import { oauthTokenError } from '../http/oauth-token-error';
import { statusError } from '../http/status-errors';
import { linkedInErrorSchema, type LinkedInErrorBody } from './linkedin-schemas';

/** The one place LinkedIn's failures become domain errors (docs/networks.md, LinkedIn · Token errors, Post errors, Rate limits, Errors). */

export interface LinkedInCall {
  kind: CallKind;
  /** "the post", "the image", "the request"… */
  subject: string;
}

function linkedInResetAt(headers: Headers, now: Date): Date {
  // Whether LinkedIn sends Retry-After is UNCERTAIN (docs/networks.md, LinkedIn · Rate limits); when it does, it is the better answer.
  const retryAfter = Number(headers.get('retry-after') ?? Number.NaN);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return new Date(now.getTime() + retryAfter * 1000);
  // docs/networks.md, LinkedIn · Rate limits: LinkedIn's limits are daily and reset at midnight UTC; it sends no rate-limit headers.
  return nextUtcMidnight(now);
}

function readError(text: string): LinkedInErrorBody {
  const parsed = linkedInErrorSchema.safeParse(jsonOrUndefined(text));
  return parsed.success ? parsed.data : {};
}

/** docs/networks.md, LinkedIn · Post errors: `{"message":"Content is a duplicate of urn:li:share:…","status":422}`. */
export function duplicateUrnOf(message: string | undefined): string | undefined {
  return message ? /duplicate of (urn:li:[A-Za-z]+:[^\s"',;]+)/i.exec(message)?.[1]?.replace(/\.$/, '') : undefined;
}

/** True for the 403 a token without the needed scopes or role gets (`ACCESS_DENIED`; docs/networks.md, LinkedIn · Errors). */
export function isAccessDenied(response: HttpResponse): boolean {
  return response.status === 403;
}

const TOKEN_PROBLEMS: Record<string, string> = {
  EXPIRED_ACCESS_TOKEN: 'LinkedIn’s access token for this account expired',
  REVOKED_ACCESS_TOKEN: 'The member revoked this app’s access on LinkedIn',
};

/** An error answer from LinkedIn's API (`/rest/*`, `/v2/*`, the image upload URL). */
export function linkedInApiError(response: HttpResponse, call: LinkedInCall, now: Date): SocialProviderError {
  const detail = { status: response.status, body: redact(response.text) };
  const body = readError(response.text);
  const reason = redact(body.message?.trim() || response.text.trim() || `HTTP ${response.status}`, 300);
  const { status } = response;

  if (status === 401) {
    const what = (body.code && TOKEN_PROBLEMS[body.code]) ?? 'LinkedIn no longer accepts this account’s access token';
    return new AuthExpired(`${what}; connect the account again.`, detail);
  }
  if (status === 429) {
    const resetAt = linkedInResetAt(response.headers, now);
    return new RateLimited(`LinkedIn’s daily limit is reached; try again after ${resetAt.toISOString()}.`, resetAt, detail);
  }
  const duplicateOf = status === 422 ? duplicateUrnOf(body.message) : undefined;
  if (duplicateOf) {
    return new Duplicate(`LinkedIn already has this post (${duplicateOf}).`, duplicateOf, detail);
  }
  if (status === 426) {
    return new Rejected(`LinkedIn refused ${call.subject}: ${reason} (update LINKEDIN_VERSION).`, detail);
  }
  return statusError('LinkedIn', status, reason, call, detail);
}

/** An error answer from `/oauth/v2/accessToken` (docs/networks.md, LinkedIn · Token errors). */
export function linkedInTokenError(response: HttpResponse, grant: 'authorization_code' | 'refresh_token', now: Date): SocialProviderError {
  return oauthTokenError(
    {
      network: 'LinkedIn',
      credentialVariables: 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET',
      limitName: 'LinkedIn’s daily limit',
      resetAt: linkedInResetAt,
    },
    response,
    grant,
    now,
  );
}
