import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { linkedInLimitFor } from '../rate-limit-config';
import { bearerToken } from '../bearer';
import {
  linkedInAccessDenied,
  linkedInEmptyToken,
  linkedInError,
  linkedInExpiredToken,
  linkedInIllegalArgument,
  linkedInInvalidToken,
  linkedInRevokedToken,
  linkedInThrottled,
} from './linkedin-errors';
import type { LinkedInAccessToken, LinkedInMember } from './linkedin-store';
import { checkLinkedInVersion, type LinkedInVersion } from './linkedin-version';

export interface LinkedInCaller {
  member: LinkedInMember;
  token: LinkedInAccessToken;
  version?: LinkedInVersion;
}

export interface LinkedInAuthOptions {
  endpoint: string;
  /** /rest/* needs LinkedIn-Version and X-Restli-Protocol-Version; /v2/* and upload URLs do not. */
  versioned: boolean;
  /** For ACCESS_DENIED messages: "posts.CREATE" → "posts.CREATE.20260801". */
  resource: string;
  /** The token needs at least one of these. */
  anyScopes: string[];
}

const MAX_URL = 8 * 1024;
const MAX_QUERY = 4 * 1024;

export function hasAnyScope(token: LinkedInAccessToken, scopes: string[]): boolean {
  return scopes.some((scope) => token.scopes.includes(scope));
}

export function accessDenied(caller: LinkedInCaller, resource: string) {
  return linkedInAccessDenied(`${resource}.${caller.version?.echo ?? 'NO_VERSION'}`);
}

/** LinkedIn counts per member per app and per app, per resource, per UTC day (docs/networks.md, LinkedIn · Rate limits). */
function countDaily(ctx: SandboxContext, endpoint: string, token: LinkedInAccessToken): void {
  if (!ctx.rateLimits.enabled) return;
  const limit = linkedInLimitFor(ctx.rateLimits, endpoint);
  const now = ctx.clock.now();
  const memberKey = `${endpoint}|m|${token.clientId}|${token.sub}`;
  const appKey = `${endpoint}|a|${token.clientId}`;
  if (limit.perMemberPerDay !== null && ctx.daily.peek(memberKey, now) >= limit.perMemberPerDay) throw linkedInThrottled();
  if (limit.perAppPerDay !== null && ctx.daily.peek(appKey, now) >= limit.perAppPerDay) throw linkedInThrottled();
  ctx.daily.hit(memberKey, now);
  ctx.daily.hit(appKey, now);
}

export function authenticateLinkedIn(ctx: SandboxContext, request: FastifyRequest, options: LinkedInAuthOptions): LinkedInCaller {
  const url = request.raw.url ?? '';
  const queryLength = url.includes('?') ? url.length - url.indexOf('?') - 1 : 0;
  if (url.length > MAX_URL || queryLength > MAX_QUERY) throw linkedInError(414, 'Request-URI Too Long');
  let version: LinkedInVersion | undefined;
  if (options.versioned) {
    version = checkLinkedInVersion(ctx, request.headers['linkedin-version']);
    const protocol = request.headers['x-restli-protocol-version'];
    if (protocol !== '2.0.0') {
      // Not LinkedIn's documented behaviour: protocol 1.0 syntax would be misread, so the sandbox insists on 2.0.0 (docs/networks.md, LinkedIn · Rest.li conventions).
      throw linkedInIllegalArgument('X-Restli-Protocol-Version: 2.0.0 is required on versioned APIs');
    }
  }
  const value = bearerToken(request);
  if (!value) throw linkedInEmptyToken();
  const token = ctx.state.linkedin.accessTokens.get(value);
  if (!token) throw linkedInInvalidToken();
  if (token.revoked) throw linkedInRevokedToken();
  if (ctx.clock.now() >= token.expiresAt) throw linkedInExpiredToken();
  const member = ctx.state.linkedin.members.get(token.sub);
  if (!member) throw linkedInInvalidToken();
  const caller: LinkedInCaller = { member, token, ...(version ? { version } : {}) };
  countDaily(ctx, options.endpoint, token);
  if (options.anyScopes.length && !hasAnyScope(token, options.anyScopes)) throw accessDenied(caller, options.resource);
  return caller;
}
