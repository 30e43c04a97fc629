import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../bearer';
import type { SandboxContext } from '../context';
import type { WindowState } from '../rate-limiter';
import { xForbidden, xTooManyRequests, xUnauthorized } from './x-errors';
import type { XRateLimitedEndpoint } from './x-rate-limits';
import type { XAccessToken, XUser } from './x-store';

export interface XCaller {
  user: XUser;
  token: XAccessToken;
}

const DAY_MS = 86_400_000;

function resetSeconds(window: WindowState): string {
  return String(Math.ceil(window.resetAt / 1000));
}

/**
 * docs/networks.md, X · Rate limits: every answer carries x-rate-limit-* (the tightest 15-minute window), POST /2/tweets also
 * the 24-hour pairs, and an exhausted window answers 429 without doing the work.
 */
function applyRateLimits(ctx: SandboxContext, reply: FastifyReply, endpoint: XRateLimitedEndpoint, caller: XCaller): void {
  if (!ctx.rateLimits.enabled) return;
  const rule = ctx.rateLimits.x[endpoint];
  const now = ctx.clock.now();
  const windows: Array<{ key: string; limit: number; windowMs: number; kind: 'short' | 'userDay' | 'appDay' }> = [];
  if (rule.perUser !== null)
    windows.push({ key: `${endpoint}|u|${caller.user.id}`, limit: rule.perUser, windowMs: rule.windowMs, kind: 'short' });
  if (rule.perApp !== null)
    windows.push({ key: `${endpoint}|a|${caller.token.clientId}`, limit: rule.perApp, windowMs: rule.windowMs, kind: 'short' });
  if (rule.perUserDay !== null)
    windows.push({ key: `${endpoint}|ud|${caller.user.id}`, limit: rule.perUserDay, windowMs: DAY_MS, kind: 'userDay' });
  if (rule.perAppDay !== null)
    windows.push({ key: `${endpoint}|ad|${caller.token.clientId}`, limit: rule.perAppDay, windowMs: DAY_MS, kind: 'appDay' });
  if (windows.length === 0) return;

  const exhausted = windows.some((window) => ctx.windows.peek(window.key, window.limit, window.windowMs, now).remaining <= 0);
  const states = windows.map((window) => ({
    ...window,
    state: exhausted
      ? ctx.windows.peek(window.key, window.limit, window.windowMs, now)
      : ctx.windows.hit(window.key, window.limit, window.windowMs, now),
  }));
  const headers: Record<string, string> = {};
  const short = states.filter((entry) => entry.kind === 'short');
  const main = (short.length ? short : states).reduce((tightest, entry) =>
    entry.state.remaining < tightest.state.remaining ? entry : tightest,
  );
  headers['x-rate-limit-limit'] = String(main.state.limit);
  headers['x-rate-limit-remaining'] = String(main.state.remaining);
  headers['x-rate-limit-reset'] = resetSeconds(main.state);
  if (rule.dailyHeaders) {
    for (const entry of states) {
      const prefix = entry.kind === 'userDay' ? 'x-user-limit-24hour' : entry.kind === 'appDay' ? 'x-app-limit-24hour' : undefined;
      if (!prefix) continue;
      headers[`${prefix}-limit`] = String(entry.state.limit);
      headers[`${prefix}-remaining`] = String(entry.state.remaining);
      headers[`${prefix}-reset`] = resetSeconds(entry.state);
    }
  }
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (exhausted) throw xTooManyRequests(headers);
}

export function authenticateX(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { endpoint, scopes }: { endpoint: XRateLimitedEndpoint; scopes: string[] },
): XCaller {
  const value = bearerToken(request);
  const token = value === undefined ? undefined : ctx.state.x.accessTokens.get(value);
  if (!token || token.revoked || ctx.clock.now() >= token.expiresAt) throw xUnauthorized();
  const user = ctx.state.x.users.get(token.userId);
  if (!user) throw xUnauthorized();
  const caller = { user, token };
  applyRateLimits(ctx, reply, endpoint, caller);
  if (!scopes.every((scope) => token.scopes.includes(scope))) throw xForbidden();
  return caller;
}
