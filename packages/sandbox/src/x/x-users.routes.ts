import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerNetworkRoute } from '../network-route';
import { publicBaseUrl } from '../public-url';
import { authenticateX } from './x-auth';
import { xInvalidParameter, xNotFound } from './x-errors';
import { parseTweetQueryFields, parseUserFields } from './x-fields';
import { X_READ_SCOPES } from './x-scopes';
import { compareIds, type XTweet } from './x-store';
import { renderTweets } from './x-expansions';
import { renderXUser } from './x-user-view';

/** docs/networks.md, X · Reading posts and metrics: the timeline reaches the most recent 3,200 posts (800 when replies are excluded). */
const TIMELINE_REACH = 3200;
const TIMELINE_REACH_WITHOUT_REPLIES = 800;

interface PageToken {
  before?: string;
  after?: string;
}

function encodeToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(value: string): PageToken {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as PageToken;
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // fall through to the error below
  }
  throw xInvalidParameter('pagination_token', value, `The \`pagination_token\` query parameter value [${value}] is not valid`);
}

function parseTime(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(String(value));
  if (Number.isNaN(time))
    throw xInvalidParameter(name, value, `The \`${name}\` query parameter value [${String(value)}] is not a valid RFC3339 date-time`);
  return time;
}

export function registerXUserRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/x/2/users/me',
    network: 'x',
    endpoint: 'x.users.me',
    handler: (request, reply) => {
      const { user } = authenticateX(ctx, request, reply, { endpoint: 'x.users.me', scopes: X_READ_SCOPES });
      const fields = parseUserFields(request.query as Record<string, unknown>);
      return { data: renderXUser(ctx, user, fields, publicBaseUrl(request)) };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/x/2/users/:id/tweets',
    network: 'x',
    endpoint: 'x.users.tweets',
    handler: (request, reply) => {
      const { user: viewer } = authenticateX(ctx, request, reply, { endpoint: 'x.users.tweets', scopes: X_READ_SCOPES });
      const { id } = request.params as { id: string };
      const query = request.query as Record<string, unknown>;
      const fields = parseTweetQueryFields(query);
      const author = ctx.state.x.users.get(id);
      if (!author) throw xNotFound('user', 'id', id);

      const maxResults = query.max_results === undefined ? 10 : Number(query.max_results);
      if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
        throw xInvalidParameter(
          'max_results',
          query.max_results,
          `The \`max_results\` query parameter value [${String(query.max_results)}] is not between 5 and 100`,
        );
      }
      const exclude = new Set(
        String(query.exclude ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      );
      const startTime = parseTime('start_time', query.start_time);
      const endTime = parseTime('end_time', query.end_time);
      const sinceId = query.since_id === undefined ? undefined : String(query.since_id);
      const untilId = query.until_id === undefined ? undefined : String(query.until_id);
      const token = query.pagination_token === undefined ? {} : decodeToken(String(query.pagination_token));
      const reach = exclude.has('replies') ? TIMELINE_REACH_WITHOUT_REPLIES : TIMELINE_REACH;

      // Newest first, within the reachable window, after the filters.
      const eligible: XTweet[] = [];
      const ids = ctx.state.x.tweetIdsByAuthor.get(author.id) ?? [];
      for (let i = ids.length - 1; i >= 0 && eligible.length < reach; i--) {
        const tweet = ctx.state.x.tweets.get(ids[i] ?? '');
        if (!tweet || tweet.deleted) continue;
        if (exclude.has('replies') && tweet.replyToId) continue;
        eligible.push(tweet);
      }
      const filtered = eligible.filter(
        (tweet) =>
          (startTime === undefined || tweet.createdAt >= startTime) &&
          (endTime === undefined || tweet.createdAt <= endTime) &&
          (sinceId === undefined || compareIds(tweet.id, sinceId) > 0) &&
          (untilId === undefined || compareIds(tweet.id, untilId) < 0),
      );
      let page: XTweet[];
      if (token.before) {
        const before = token.before;
        page = filtered.filter((tweet) => compareIds(tweet.id, before) < 0).slice(0, maxResults);
      } else if (token.after) {
        const after = token.after;
        page = filtered.filter((tweet) => compareIds(tweet.id, after) > 0).slice(-maxResults);
      } else {
        page = filtered.slice(0, maxResults);
      }
      const rendered = renderTweets(ctx, page, viewer, fields, publicBaseUrl(request), 'id');
      const newest = page[0];
      const oldest = page[page.length - 1];
      const hasOlder = oldest !== undefined && filtered.some((tweet) => compareIds(tweet.id, oldest.id) < 0);
      const hasNewer =
        newest !== undefined &&
        (token.before !== undefined || token.after !== undefined) &&
        filtered.some((tweet) => compareIds(tweet.id, newest.id) > 0);
      const meta: Record<string, unknown> = { result_count: rendered.data.length };
      if (newest && oldest) {
        meta.newest_id = newest.id;
        meta.oldest_id = oldest.id;
      }
      if (hasOlder && oldest) meta.next_token = encodeToken({ before: oldest.id });
      if (hasNewer && newest) meta.previous_token = encodeToken({ after: newest.id });
      return {
        ...(rendered.data.length ? { data: rendered.data } : {}),
        ...(rendered.includes ? { includes: rendered.includes } : {}),
        ...(rendered.errors.length ? { errors: rendered.errors } : {}),
        meta,
      };
    },
  });
}
