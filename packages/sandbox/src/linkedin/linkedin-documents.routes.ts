import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { looksLikeDocument } from '../media-bytes';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { publicBaseUrl } from '../public-url';
import { randomAlphanumeric, randomToken } from '../random';
import { canPostAs, parseAuthorUrn } from './linkedin-access';
import { accessDenied, authenticateLinkedIn } from './linkedin-auth';
import { linkedInError, linkedInIllegalArgument, linkedInNotFound } from './linkedin-errors';
import { checkOwner, documentStatus, MEDIA_READ_SCOPES, UPLOAD_URL_LIFETIME_MS, uploadToken, urnId } from './linkedin-media';
import { restliMethod, restliQuery } from './linkedin-request';

/** docs/networks.md, LinkedIn · Document upload: up to 100 MB. */
const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

/** docs/networks.md, LinkedIn · Document upload: initializeUpload, one PUT with the bearer token, poll until AVAILABLE. */
export function registerLinkedInDocumentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/rest/documents',
    network: 'linkedin',
    endpoint: 'linkedin.documents.initializeUpload',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.documents.initializeUpload',
        versioned: true,
        resource: 'documents.ACTION-initializeUpload',
        anyScopes: ['w_member_social', 'w_organization_social'],
      });
      if (restliQuery(request).action !== 'initializeUpload')
        throw linkedInIllegalArgument('Unsupported action; expected action=initializeUpload');
      const method = restliMethod(request);
      if (method !== undefined && method !== 'ACTION') throw linkedInIllegalArgument(`Unsupported X-RestLi-Method ${method}`);
      const input = (request.body as { initializeUploadRequest?: Record<string, unknown> } | undefined)?.initializeUploadRequest;
      const owner = checkOwner(ctx, caller, input?.owner, 'documents.ACTION-initializeUpload');
      const now = ctx.clock.now();
      const urn = `urn:li:document:D4D10AQ${randomAlphanumeric(12)}`;
      const token = randomToken(24);
      ctx.state.linkedin.documents.set(urn, {
        urn,
        owner,
        uploadedBy: caller.member.sub,
        uploadToken: token,
        uploadUrlExpiresAt: now + UPLOAD_URL_LIFETIME_MS,
        createdAt: now,
      });
      ctx.markDirty();
      return {
        value: {
          uploadUrlExpiresAt: now + UPLOAD_URL_LIFETIME_MS,
          uploadUrl: `${publicBaseUrl(request)}/linkedin/dms-uploads/documents/${urnId(urn)}?ca=vector_feedshare&cn=uploads&ut=${token}`,
          document: urn,
        },
      };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'PUT',
    url: '/linkedin/dms-uploads/documents/:documentId',
    network: 'linkedin',
    endpoint: 'linkedin.documents.upload',
    handler: (request, reply) => {
      const token = uploadToken(ctx, request);
      const { documentId } = request.params as { documentId: string };
      const document = ctx.state.linkedin.documents.get(`urn:li:document:${documentId}`);
      if (!document || document.uploadToken !== String((request.query as Record<string, unknown>).ut ?? '')) {
        throw linkedInNotFound('Upload URL not found');
      }
      if (document.uploadedBy !== token.sub)
        throw linkedInError(403, 'The upload URL belongs to another member', { code: 'ACCESS_DENIED' });
      if (ctx.clock.now() >= document.uploadUrlExpiresAt)
        throw linkedInError(400, 'The upload URL has expired', { code: 'UPLOAD_URL_EXPIRED' });
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length === 0) throw linkedInIllegalArgument('The upload body is empty');
      if (bytes.length > MAX_DOCUMENT_BYTES) throw linkedInIllegalArgument(`A document is at most ${MAX_DOCUMENT_BYTES} bytes`);
      document.uploadedAt = ctx.clock.now();
      document.bytes = bytes.length;
      if (request.sandboxProcessingFault) document.failureReason = 'The document could not be processed (injected fault).';
      else if (!looksLikeDocument(bytes))
        document.failureReason = 'The uploaded file is not a supported document (PDF, PPT, PPTX, DOC or DOCX).';
      ctx.markDirty();
      reply.code(201);
      return EMPTY_BODY;
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/documents/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.documents.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.documents.get',
        versioned: true,
        resource: 'documents.GET',
        anyScopes: MEDIA_READ_SCOPES,
      });
      const { urn } = request.params as { urn: string };
      const document = ctx.state.linkedin.documents.get(urn);
      const owner = document ? parseAuthorUrn(document.owner) : undefined;
      if (!document || typeof owner !== 'object') throw linkedInNotFound(`Document ${urn} not found`);
      if (document.uploadedBy !== caller.member.sub && !canPostAs(ctx, caller, owner)) throw accessDenied(caller, 'documents.GET');
      const status = documentStatus(ctx, document);
      return {
        id: document.urn,
        owner: document.owner,
        status,
        ...(status === 'PROCESSING_FAILED' ? { processingFailureReason: document.failureReason } : {}),
        ...(status === 'AVAILABLE'
          ? {
              downloadUrl: `${publicBaseUrl(request)}/_sandbox/media/linkedin/${encodeURIComponent(document.urn)}`,
              downloadUrlExpiresAt: ctx.clock.now() + UPLOAD_URL_LIFETIME_MS,
            }
          : {}),
      };
    },
  });
}
