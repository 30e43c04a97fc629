import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { subjectText } from '../faults';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { MEMBER_COMMENT_READ, MEMBER_COMMENT_WRITE, ORGANIZATION_COMMENT_READ, ORGANIZATION_COMMENT_WRITE } from './linkedin-access';
import { authenticateLinkedIn } from './linkedin-auth';
import { createLinkedInComment, deleteLinkedInComment, readableComments, renderLinkedInComment } from './linkedin-comments';
import { paging, restliQuery } from './linkedin-request';
import { asString } from './restli';

const ANY_COMMENT_WRITE = [...MEMBER_COMMENT_WRITE, ...ORGANIZATION_COMMENT_WRITE];
const ANY_COMMENT_READ = [...MEMBER_COMMENT_READ, ...ORGANIZATION_COMMENT_READ];

/** docs/networks.md, LinkedIn · Comments: create, list and delete top-level comments on a post. */
export function registerLinkedInCommentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/rest/socialActions/:urn/comments',
    network: 'linkedin',
    endpoint: 'linkedin.comments.create',
    // A comment answers the post it is on, as a thread part answers its parent.
    faultSubject: (request) => ({
      inReplyTo: (request.params as { urn: string }).urn,
      text: subjectText((request.body as { message?: { text?: unknown } } | null | undefined)?.message?.text),
    }),
    handler: (request, reply) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.comments.create',
        versioned: true,
        resource: 'comments.CREATE',
        anyScopes: ANY_COMMENT_WRITE,
      });
      const { urn } = request.params as { urn: string };
      const comment = createLinkedInComment(ctx, caller, urn, request.body, request.receivedAt);
      // The comment's id in x-restli-id, the created comment (with its commentUrn) in the body.
      reply.code(201).header('x-restli-id', comment.id);
      return renderLinkedInComment(comment);
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/socialActions/:urn/comments',
    network: 'linkedin',
    endpoint: 'linkedin.comments.list',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.comments.list',
        versioned: true,
        resource: 'comments.GET_ALL',
        anyScopes: ANY_COMMENT_READ,
      });
      const { urn } = request.params as { urn: string };
      const comments = readableComments(ctx, caller, urn);
      const { start, count } = paging(restliQuery(request));
      return {
        paging: { start, count, links: [], total: comments.length },
        elements: comments.slice(start, start + count).map(renderLinkedInComment),
      };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'DELETE',
    url: '/linkedin/rest/socialActions/:urn/comments/:commentId',
    network: 'linkedin',
    endpoint: 'linkedin.comments.delete',
    handler: (request, reply) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.comments.delete',
        versioned: true,
        resource: 'comments.DELETE',
        anyScopes: ANY_COMMENT_WRITE,
      });
      const { urn, commentId } = request.params as { urn: string; commentId: string };
      deleteLinkedInComment(ctx, caller, urn, commentId, asString(restliQuery(request).actor));
      reply.code(204);
      return EMPTY_BODY;
    },
  });
}
