import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { subjectText } from '../faults';
import { registerNetworkRoute } from '../network-route';
import { publicBaseUrl } from '../public-url';
import { authenticateX } from './x-auth';
import { xInvalidParameter, xNotFound, xResourceNotFoundError } from './x-errors';
import { parseTweetQueryFields } from './x-fields';
import { X_READ_SCOPES, X_WRITE_SCOPES } from './x-scopes';
import { createTweet, deleteTweet } from './x-tweet-create';
import { renderTweets } from './x-expansions';
import type { XTweet } from './x-store';

export function registerXTweetRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/tweets',
    network: 'x',
    endpoint: 'x.tweets.create',
    faultSubject: (request) => {
      const body = request.body as { text?: unknown; reply?: { in_reply_to_tweet_id?: unknown } } | null | undefined;
      return { inReplyTo: subjectText(body?.reply?.in_reply_to_tweet_id), text: subjectText(body?.text) };
    },
    handler: (request, reply) => {
      const { user, token } = authenticateX(ctx, request, reply, { endpoint: 'x.tweets.create', scopes: X_WRITE_SCOPES });
      const tweet = createTweet(ctx, { author: user, clientId: token.clientId, body: request.body, receivedAt: request.receivedAt });
      reply.code(201);
      return { data: { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] } };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'DELETE',
    url: '/x/2/tweets/:id',
    network: 'x',
    endpoint: 'x.tweets.delete',
    handler: (request, reply) => {
      const { user } = authenticateX(ctx, request, reply, { endpoint: 'x.tweets.delete', scopes: X_WRITE_SCOPES });
      const { id } = request.params as { id: string };
      const tweet = ctx.state.x.tweets.get(id);
      if (!tweet || tweet.deleted) throw xNotFound('tweet', 'id', id);
      deleteTweet(ctx, tweet, user);
      return { data: { deleted: true } };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/x/2/tweets',
    network: 'x',
    endpoint: 'x.tweets.lookup',
    handler: (request, reply) => {
      const { user } = authenticateX(ctx, request, reply, { endpoint: 'x.tweets.lookup', scopes: X_READ_SCOPES });
      const query = request.query as Record<string, unknown>;
      const fields = parseTweetQueryFields(query);
      const ids = String(query.ids ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      if (ids.length < 1 || ids.length > 100) {
        throw xInvalidParameter(
          'ids',
          query.ids ?? '',
          `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and 100`,
        );
      }
      const bad = ids.find((id) => !/^[0-9]{1,19}$/.test(id));
      if (bad) throw xInvalidParameter('ids', bad, `The \`ids\` query parameter value [${bad}] does not match ^[0-9]{1,19}$`);
      const found: XTweet[] = [];
      const missing: Record<string, unknown>[] = [];
      for (const id of ids) {
        const tweet = ctx.state.x.tweets.get(id);
        if (tweet && !tweet.deleted) found.push(tweet);
        else missing.push(xResourceNotFoundError('tweet', 'ids', id, true));
      }
      const rendered = renderTweets(ctx, found, user, fields, publicBaseUrl(request));
      const errors = [...missing, ...rendered.errors];
      return {
        ...(rendered.data.length ? { data: rendered.data } : {}),
        ...(rendered.includes ? { includes: rendered.includes } : {}),
        ...(errors.length ? { errors } : {}),
      };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/x/2/tweets/:id',
    network: 'x',
    endpoint: 'x.tweets.get',
    handler: (request, reply) => {
      const { user } = authenticateX(ctx, request, reply, { endpoint: 'x.tweets.get', scopes: X_READ_SCOPES });
      const { id } = request.params as { id: string };
      const fields = parseTweetQueryFields(request.query as Record<string, unknown>);
      const tweet = ctx.state.x.tweets.get(id);
      if (!tweet || tweet.deleted) throw xNotFound('tweet', 'id', id);
      const rendered = renderTweets(ctx, [tweet], user, fields, publicBaseUrl(request), 'id');
      return {
        ...(rendered.data[0] ? { data: rendered.data[0] } : {}),
        ...(rendered.includes ? { includes: rendered.includes } : {}),
        ...(rendered.errors.length ? { errors: rendered.errors } : {}),
      };
    },
  });
}
