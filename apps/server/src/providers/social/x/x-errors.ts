import { AuthExpired, Duplicate, ParentUnavailable, RateLimited, type SocialProviderError } from '../errors';
import type { CallKind, HttpResponse } from '../http/http-client';
import { jsonOrUndefined } from '../http/parse';
import { redact } from '../http/redact';
import { oauthTokenError } from '../http/oauth-token-error';
import { statusError } from '../http/status-errors';
import { xProblemSchema, type XProblem } from './x-schemas';

/** The one place X's failures become domain errors (docs/networks.md, X · Token errors, Rate limits, Errors). */

/** What was attempted, for the message a person reads: "X refused the post: …". */
export interface XCall {
  kind: CallKind;
  /** "the post", "the image", "the request"… */
  subject: string;
}

const FALLBACK_WINDOW_MS = 15 * 60 * 1000;

/**
 * The `<name>` of a problem type. Live answers use `https://api.twitter.com/2/problems/<name>`,
 * newer docs print `https://api.x.com/…` (docs/networks.md, X · Errors): match the suffix, never the host.
 */
export function problemName(type: string | undefined): string | undefined {
  const match = type ? /\/2\/problems\/([^/?#]+)$/.exec(type) : null;
  return match?.[1];
}

function epochSeconds(headers: Headers, name: string): Date | undefined {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? new Date(value * 1000) : undefined;
}

/**
 * When X will take calls again (docs/networks.md, X · Rate limits). `x-rate-limit-reset` is the 15-minute window; on
 * POST /2/tweets the 24-hour counters are what actually blocks small apps, so an exhausted 24-hour
 * counter wins. Without any header (a usage cap, say) we assume the standard 15-minute window.
 */
export function xRateLimitReset(headers: Headers, now: Date): Date {
  const resets: Date[] = [];
  for (const prefix of ['x-user-limit-24hour', 'x-app-limit-24hour']) {
    const reset = epochSeconds(headers, `${prefix}-reset`);
    if (headers.get(`${prefix}-remaining`) === '0' && reset) resets.push(reset);
  }
  const windowReset = epochSeconds(headers, 'x-rate-limit-reset');
  if (windowReset && (resets.length === 0 || headers.get('x-rate-limit-remaining') === '0')) resets.push(windowReset);
  const retryAfter = Number(headers.get('retry-after') ?? Number.NaN);
  if (Number.isFinite(retryAfter) && retryAfter > 0) resets.push(new Date(now.getTime() + retryAfter * 1000));
  const latest = Math.max(...resets.map((date) => date.getTime()));
  return latest > now.getTime() ? new Date(latest) : new Date(now.getTime() + FALLBACK_WINDOW_MS);
}

function readProblem(text: string): XProblem {
  const parsed = xProblemSchema.safeParse(jsonOrUndefined(text));
  return parsed.success ? parsed.data : {};
}

/** X's own words: the specific 400 message when there is one ("Your Tweet text is too long."). */
function reasonOf(problem: XProblem, response: HttpResponse): string {
  const first = problem.errors?.find((error) => error.message ?? error.detail);
  const reason = first?.message ?? first?.detail ?? problem.detail ?? problem.title ?? (response.text.trim() || `HTTP ${response.status}`);
  return redact(reason, 300);
}

function isDuplicate(problem: XProblem): boolean {
  // docs/networks.md, X · Errors: 403, type about:blank, "You are not allowed to create a Tweet with duplicate content."
  const name = problemName(problem.type);
  return (name !== undefined && name.includes('duplicate')) || /duplicate content/i.test(`${problem.detail ?? ''} ${problem.title ?? ''}`);
}

/**
 * docs/networks.md, X · Threads: a reply to a deleted or invisible post is a 400 naming `reply.in_reply_to_tweet_id`,
 * "The Post you are replying to has been deleted or is not visible to you." The parent's id, when X echoes it.
 */
function missingParent(problem: XProblem): { id: string | undefined } | undefined {
  const error = problem.errors?.find(
    (entry) => entry.parameters?.['reply.in_reply_to_tweet_id'] !== undefined || /replying to has been deleted/i.test(entry.message ?? ''),
  );
  if (!error) return undefined;
  const id = error.parameters?.['reply.in_reply_to_tweet_id']?.[0];
  return { id: typeof id === 'string' ? id : undefined };
}

/** An error answer from the X API (`/2/*` except the OAuth endpoints). */
export function xApiError(response: HttpResponse, call: XCall, now: Date): SocialProviderError {
  const detail = { status: response.status, body: redact(response.text) };
  const problem = readProblem(response.text);
  const reason = reasonOf(problem, response);
  const { status } = response;

  if (status === 401) {
    return new AuthExpired('X no longer accepts this account’s access token (it expired or was revoked).', detail);
  }
  if (status === 429) {
    const resetAt = xRateLimitReset(response.headers, now);
    const what = problemName(problem.type) === 'usage-capped' ? 'X’s usage cap for this app is reached' : 'X’s rate limit is reached';
    return new RateLimited(`${what}; try again after ${resetAt.toISOString()}.`, resetAt, detail);
  }
  if (status === 403 && isDuplicate(problem)) {
    // X does not say which post holds the text; reconciling finds it among the recent posts.
    return new Duplicate('X already has a post with exactly this text from this account.', undefined, detail);
  }
  const parent = status === 400 ? missingParent(problem) : undefined;
  if (parent) {
    const which = parent.id ? `the post it replies to (${parent.id})` : 'the post it replies to';
    return new ParentUnavailable(`X refused ${call.subject}: ${which} was deleted or is not visible to this account.`, detail);
  }
  return statusError('X', status, reason, call, detail);
}

/** An error answer from `/2/oauth2/token` (docs/networks.md, X · Token errors). */
export function xTokenError(response: HttpResponse, grant: 'authorization_code' | 'refresh_token', now: Date): SocialProviderError {
  return oauthTokenError(
    { network: 'X', credentialVariables: 'X_CLIENT_ID and X_CLIENT_SECRET', limitName: 'X’s rate limit', resetAt: xRateLimitReset },
    response,
    grant,
    now,
  );
}
