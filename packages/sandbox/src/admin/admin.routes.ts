import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { appInputSchema, DEFAULT_LINKEDIN_CLIENT_ID, DEFAULT_X_CLIENT_ID, toRegisteredApp } from '../apps';
import type { SandboxContext } from '../context';
import { ensureMember } from '../linkedin/linkedin-personas';
import { DEFAULT_LINKEDIN_TEST_SCOPES, LINKEDIN_SCOPES } from '../linkedin/linkedin-scopes';
import { issueLinkedInTokens } from '../linkedin/linkedin-tokens';
import { applyRateLimitOptions, rateLimitOptionsSchema } from '../rate-limit-config';
import { findApp, registerApp } from '../state';
import { ensureXUser } from '../x/x-personas';
import { DEFAULT_X_TEST_SCOPES, X_SCOPES } from '../x/x-scopes';
import { issueXTokens } from '../x/x-tokens';
import { seedLinkedInHistory, seedXHistory } from '../history';
import {
  clockRequestSchema,
  faultsRequestSchema,
  linkedInHistoryRequestSchema,
  linkedInTokensRequestSchema,
  xHistoryRequestSchema,
  xTokensRequestSchema,
} from './admin-schemas';
import { adminLinkedInComment, adminLinkedInPost, adminMember, adminXPost } from './admin-views';
import { avatarSvg, logoSvg, placeholderSvg } from './avatars';

/** Carries `statusCode`, which the app-wide error handler turns into `{ error }` for /_sandbox. */
class AdminError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AdminError(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

function clockView(ctx: SandboxContext) {
  return { now: new Date(ctx.clock.now()).toISOString(), nowMs: ctx.clock.now(), offsetMs: ctx.clock.offsetMs };
}

export interface AdminHooks {
  reset(): void;
}

/** Test and benchmark controls under /_sandbox (JSON); documented in the package README. */
export function registerAdminRoutes(app: FastifyInstance, ctx: SandboxContext, hooks: AdminHooks): void {
  app.get('/_sandbox', async () => ({
    name: 'Postflow sandbox (X and LinkedIn imitation)',
    clock: clockView(ctx),
    counts: {
      apps: ctx.state.apps.size,
      xUsers: ctx.state.x.users.size,
      xPosts: ctx.state.x.tweets.size,
      linkedinMembers: ctx.state.linkedin.members.size,
      linkedinOrganizations: ctx.state.linkedin.organizations.size,
      linkedinPosts: ctx.state.linkedin.posts.size,
      linkedinComments: ctx.state.linkedin.comments.size,
    },
  }));

  app.post('/_sandbox/reset', async () => {
    hooks.reset();
    return { ok: true, ...clockView(ctx) };
  });

  app.get('/_sandbox/apps', async () => ({ apps: [...ctx.state.apps.values()] }));
  app.post('/_sandbox/apps', async (request, reply) => {
    const app = toRegisteredApp(parse(appInputSchema, request.body));
    const existed = findApp(ctx.state, app.network, app.clientId) !== undefined;
    registerApp(ctx.state, app);
    ctx.markDirty();
    reply.code(existed ? 200 : 201);
    return { app };
  });

  app.post('/_sandbox/x/tokens', async (request) => {
    const input = parse(xTokensRequestSchema, request.body);
    const clientId = input.clientId ?? DEFAULT_X_CLIENT_ID;
    if (!findApp(ctx.state, 'x', clientId)) throw new AdminError(400, `Unknown X client id ${clientId}`);
    const scopes = input.scopes ?? DEFAULT_X_TEST_SCOPES;
    const unknown = scopes.filter((scope) => !(scope in X_SCOPES));
    if (unknown.length) throw new AdminError(400, `Unknown X scopes: ${unknown.join(', ')}`);
    const user = ensureXUser(ctx, input.username.replace(/^@/, ''), input.name);
    return { ...issueXTokens(ctx, { userId: user.id, clientId, scopes }), user: { id: user.id, username: user.username, name: user.name } };
  });

  app.post('/_sandbox/linkedin/tokens', async (request) => {
    const input = parse(linkedInTokensRequestSchema, request.body);
    const clientId = input.clientId ?? DEFAULT_LINKEDIN_CLIENT_ID;
    const client = findApp(ctx.state, 'linkedin', clientId);
    if (!client) throw new AdminError(400, `Unknown LinkedIn client id ${clientId}`);
    const scopes = input.scopes ?? DEFAULT_LINKEDIN_TEST_SCOPES;
    const unknown = scopes.filter((scope) => !(scope in LINKEDIN_SCOPES));
    if (unknown.length) throw new AdminError(400, `Unknown LinkedIn scopes: ${unknown.join(', ')}`);
    const member = ensureMember(ctx, input.name);
    return { ...issueLinkedInTokens(ctx, { member, app: client, scopes }), member: adminMember(ctx, member.sub) };
  });

  // Past posts for a persona (analytics demos and tests): dated over the last `days`, at random hours.
  app.post('/_sandbox/x/history', async (request) => {
    const input = parse(xHistoryRequestSchema, request.body);
    const user = ensureXUser(ctx, input.username.replace(/^@/, ''));
    return { created: seedXHistory(ctx, user, input), user: { id: user.id, username: user.username } };
  });
  app.post('/_sandbox/linkedin/history', async (request) => {
    const input = parse(linkedInHistoryRequestSchema, request.body);
    const member = ensureMember(ctx, input.name);
    return { created: seedLinkedInHistory(ctx, member, input), member: { sub: member.sub, name: member.name } };
  });

  app.get('/_sandbox/x/personas', async () => ({
    personas: [...ctx.state.x.users.values()].map((user) => ({ id: user.id, username: user.username, name: user.name })),
  }));
  app.get('/_sandbox/linkedin/personas', async () => ({
    personas: [...ctx.state.linkedin.members.keys()].map((sub) => adminMember(ctx, sub)),
  }));

  app.get('/_sandbox/x/posts', async (request) => {
    const { username } = request.query as { username?: string };
    const userId = username ? ctx.state.x.userIdsByUsername.get(username.replace(/^@/, '').toLowerCase()) : undefined;
    const tweets = [...ctx.state.x.tweets.values()].filter((tweet) => !username || tweet.authorId === userId);
    return { posts: tweets.sort((a, b) => a.receivedAt - b.receivedAt).map((tweet) => adminXPost(ctx, tweet)) };
  });
  app.get('/_sandbox/linkedin/posts', async (request) => {
    const { author } = request.query as { author?: string };
    const posts = [...ctx.state.linkedin.posts.values()].filter((post) => !author || post.author === author);
    return { posts: posts.sort((a, b) => a.receivedAt - b.receivedAt).map((post) => adminLinkedInPost(ctx, post)) };
  });
  app.get('/_sandbox/linkedin/comments', async (request) => {
    const { object } = request.query as { object?: string };
    const comments = [...ctx.state.linkedin.comments.values()].filter((comment) => !object || comment.object === object);
    return { comments: comments.sort((a, b) => a.receivedAt - b.receivedAt).map(adminLinkedInComment) };
  });

  app.get('/_sandbox/faults', async () => ({ rules: ctx.faults.list() }));
  app.post('/_sandbox/faults', async (request) => {
    const input = parse(faultsRequestSchema, request.body);
    return { rules: ctx.faults.set(input.rules, input.seed === undefined ? undefined : String(input.seed)) };
  });
  app.delete('/_sandbox/faults', async () => {
    ctx.faults.clear();
    return { rules: [] };
  });

  app.get('/_sandbox/clock', async () => clockView(ctx));
  app.post('/_sandbox/clock', async (request) => {
    ctx.clock.advance(parse(clockRequestSchema, request.body).advanceMs);
    ctx.markDirty();
    return clockView(ctx);
  });

  app.get('/_sandbox/stats', async () => ctx.stats.snapshot());
  app.delete('/_sandbox/stats', async () => {
    ctx.stats.clear();
    return ctx.stats.snapshot();
  });

  app.get('/_sandbox/rate-limits', async () => ctx.rateLimits);
  app.post('/_sandbox/rate-limits', async (request) => {
    const input = parse(rateLimitOptionsSchema, request.body);
    ctx.rateLimits = applyRateLimitOptions(ctx.rateLimits, input);
    return ctx.rateLimits;
  });

  app.get('/_sandbox/avatars/:network/:file', async (request, reply) => {
    const { network, file } = request.params as { network: string; file: string };
    const key = decodeURIComponent(file.replace(/\.svg$/, ''));
    const name =
      network === 'x'
        ? (ctx.state.x.users.get(ctx.state.x.userIdsByUsername.get(key.toLowerCase()) ?? '')?.name ?? key)
        : (ctx.state.linkedin.members.get(key)?.name ?? key);
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600');
    return avatarSvg(name);
  });
  // docs/networks.md, LinkedIn · Page logos: where the Images API's download URL of a sandbox page's logo points.
  app.get('/_sandbox/logos/linkedin/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const organization = ctx.state.linkedin.organizations.get(Number(file.replace(/\.svg$/, '')));
    if (!organization) return reply.code(404).send({ message: 'No such organization' });
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600');
    return logoSvg(organization.name);
  });
  app.get('/_sandbox/media/:network/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600');
    return placeholderSvg(id.slice(-8));
  });
}
