import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { subjectText } from '../faults';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { canPostAs, canReadAs, parseAuthorUrn } from './linkedin-access';
import { accessDenied, authenticateLinkedIn, type LinkedInCaller } from './linkedin-auth';
import { linkedInIllegalArgument, linkedInNotFound, linkedInSchemaError } from './linkedin-errors';
import { createLinkedInPost, markLinkedInPostDeleted } from './linkedin-post-create';
import { renderLinkedInPost } from './linkedin-post-view';
import { paging, restliMethod, restliQuery } from './linkedin-request';
import { asList, asString } from './restli';
import { publishedCommentary } from './little-text';
import type { LinkedInPost } from './linkedin-store';

const MEMBER_READ = ['r_member_social'];
const ORGANIZATION_READ = ['r_organization_social'];
const ANY_POST_READ = [...MEMBER_READ, ...ORGANIZATION_READ];
const ANY_POST_WRITE = ['w_member_social', 'w_organization_social'];
const PATCHABLE = new Set(['commentary', 'contentCallToActionLabel', 'contentLandingPage', 'lifecycleState']);

function canRead(ctx: SandboxContext, caller: LinkedInCaller, post: LinkedInPost): boolean {
  const author = parseAuthorUrn(post.author);
  return typeof author === 'object' && canReadAs(ctx, caller, author, MEMBER_READ, ORGANIZATION_READ);
}

function canWrite(ctx: SandboxContext, caller: LinkedInCaller, post: LinkedInPost): boolean {
  const author = parseAuthorUrn(post.author);
  return typeof author === 'object' && canPostAs(ctx, caller, author);
}

export function registerLinkedInPostRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/rest/posts',
    network: 'linkedin',
    endpoint: 'linkedin.posts.create',
    faultSubject: (request) => ({ text: subjectText((request.body as { commentary?: unknown } | null | undefined)?.commentary) }),
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.posts.create',
        versioned: true,
        resource: 'posts.CREATE',
        anyScopes: ANY_POST_WRITE,
      });
      const method = restliMethod(request);
      if (method !== undefined && method !== 'CREATE')
        throw linkedInIllegalArgument(`Unsupported X-RestLi-Method ${method} for /rest/posts`);
      const post = createLinkedInPost(ctx, caller, request.body, request.receivedAt);
      // docs/networks.md, LinkedIn · Creating a post: 201 with an empty body; the id is only in x-restli-id.
      reply
        .code(201)
        .header('x-restli-id', post.urn)
        .header('location', `/rest/posts/${encodeURIComponent(post.urn)}`);
      return EMPTY_BODY;
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/posts/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.posts.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.posts.get',
        versioned: true,
        resource: 'posts.GET',
        anyScopes: ANY_POST_READ,
      });
      const { urn } = request.params as { urn: string };
      const post = ctx.state.linkedin.posts.get(urn);
      if (!post || post.deleted) throw linkedInNotFound(`Post ${urn} not found`);
      if (!canRead(ctx, caller, post)) throw accessDenied(caller, 'posts.GET');
      return renderLinkedInPost(post);
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/posts',
    network: 'linkedin',
    endpoint: (request) => (restliQuery(request).q === 'author' ? 'linkedin.posts.findByAuthor' : 'linkedin.posts.batchGet'),
    handler: (request) => {
      const query = restliQuery(request);
      if (query.q === 'author') {
        const caller = authenticateLinkedIn(ctx, request, {
          endpoint: 'linkedin.posts.findByAuthor',
          versioned: true,
          resource: 'posts.FINDER-author',
          anyScopes: ANY_POST_READ,
        });
        const authorUrn = asString(query.author);
        if (!authorUrn) throw linkedInIllegalArgument('The author parameter is required for q=author');
        const author = parseAuthorUrn(authorUrn);
        if (typeof author !== 'object') throw linkedInIllegalArgument(`Invalid author urn ${authorUrn}`);
        if (!canReadAs(ctx, caller, author, MEMBER_READ, ORGANIZATION_READ)) throw accessDenied(caller, 'posts.FINDER-author');
        const { start, count } = paging(query);
        const sortBy = asString(query.sortBy) ?? 'LAST_MODIFIED';
        const posts = (ctx.state.linkedin.postUrnsByAuthor.get(authorUrn) ?? [])
          .map((urn) => ctx.state.linkedin.posts.get(urn))
          .filter((post): post is LinkedInPost => post !== undefined && !post.deleted)
          .sort((a, b) => (sortBy === 'CREATED' ? b.createdAt - a.createdAt : b.lastModifiedAt - a.lastModifiedAt));
        return {
          paging: { start, count, links: [], total: posts.length },
          elements: posts.slice(start, start + count).map(renderLinkedInPost),
        };
      }
      if (query.q !== undefined) throw linkedInIllegalArgument(`Unknown finder q=${String(query.q)} for /rest/posts`);
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.posts.batchGet',
        versioned: true,
        resource: 'posts.BATCH_GET',
        anyScopes: ANY_POST_READ,
      });
      const ids = asList(query.ids);
      if (!ids) throw linkedInIllegalArgument('Either q=author or ids=List(...) is required');
      const results: Record<string, unknown> = {};
      const statuses: Record<string, number> = {};
      const errors: Record<string, unknown> = {};
      for (const id of ids.map(String)) {
        const post = ctx.state.linkedin.posts.get(id);
        if (!post || post.deleted) {
          statuses[id] = 404;
          errors[id] = { status: 404, message: `Post ${id} not found` };
        } else if (!canRead(ctx, caller, post)) {
          statuses[id] = 403;
          errors[id] = { status: 403, message: 'Not enough permissions to access this post' };
        } else {
          statuses[id] = 200;
          results[id] = renderLinkedInPost(post);
        }
      }
      return { results, statuses, errors };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'DELETE',
    url: '/linkedin/rest/posts/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.posts.delete',
    handler: (request, reply) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.posts.delete',
        versioned: true,
        resource: 'posts.DELETE',
        anyScopes: ANY_POST_WRITE,
      });
      // docs/networks.md, LinkedIn · Deleting a post: clients always send X-RestLi-Method: DELETE; the sandbox insists on it.
      if (restliMethod(request) !== 'DELETE') throw linkedInIllegalArgument('The X-RestLi-Method: DELETE header is required');
      const { urn } = request.params as { urn: string };
      const post = ctx.state.linkedin.posts.get(urn);
      if (!post) throw linkedInNotFound(`Post ${urn} not found`);
      if (!canWrite(ctx, caller, post)) throw accessDenied(caller, 'posts.DELETE');
      markLinkedInPostDeleted(ctx, post);
      reply.code(204);
      return EMPTY_BODY;
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/rest/posts/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.posts.update',
    handler: (request, reply) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.posts.update',
        versioned: true,
        resource: 'posts.PARTIAL_UPDATE',
        anyScopes: ANY_POST_WRITE,
      });
      if (restliMethod(request) !== 'PARTIAL_UPDATE')
        throw linkedInIllegalArgument('The X-RestLi-Method: PARTIAL_UPDATE header is required');
      const { urn } = request.params as { urn: string };
      const post = ctx.state.linkedin.posts.get(urn);
      if (!post || post.deleted) throw linkedInNotFound(`Post ${urn} not found`);
      if (!canWrite(ctx, caller, post)) throw accessDenied(caller, 'posts.PARTIAL_UPDATE');
      const set = (request.body as { patch?: { $set?: Record<string, unknown> } } | undefined)?.patch?.$set;
      if (!set || typeof set !== 'object')
        throw linkedInSchemaError('/patch/$set', 'field is required but not found and has no default value');
      for (const [field, value] of Object.entries(set)) {
        if (!PATCHABLE.has(field)) throw linkedInSchemaError(`/patch/$set/${field}`, 'field cannot be updated');
        if (field === 'commentary' && typeof value === 'string') {
          post.commentary = value;
          post.publishedCommentary = publishedCommentary(value);
        }
        if (field === 'lifecycleState' && typeof value === 'string') post.lifecycleState = value;
      }
      post.lastModifiedAt = ctx.clock.now();
      ctx.markDirty();
      reply.code(204);
      return EMPTY_BODY;
    },
  });
}
