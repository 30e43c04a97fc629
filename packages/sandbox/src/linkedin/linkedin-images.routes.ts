import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { publicBaseUrl } from '../public-url';
import { randomAlphanumeric, randomToken } from '../random';
import { bearerToken } from '../bearer';
import { canPostAs, hasScope, parseAuthorUrn } from './linkedin-access';
import { accessDenied, authenticateLinkedIn } from './linkedin-auth';
import {
  linkedInEmptyToken,
  linkedInError,
  linkedInIllegalArgument,
  linkedInInvalidToken,
  linkedInMissingField,
  linkedInNotFound,
} from './linkedin-errors';
import { restliMethod, restliQuery } from './linkedin-request';
import { logoOrganization, renderLogoImage } from './linkedin-logos';
import { asList } from './restli';
import { addImage } from './linkedin-store';

const UPLOAD_URL_LIFETIME_MS = 24 * 3_600_000;
/** docs/networks.md, LinkedIn · Image upload: a w_member_social-only token cannot read image status. */
const IMAGE_READ_SCOPES = ['r_member_social', 'r_organization_social', 'rw_organization_admin', 'r_organization_admin'];

export function registerLinkedInImageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/rest/images',
    network: 'linkedin',
    endpoint: 'linkedin.images.initializeUpload',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.images.initializeUpload',
        versioned: true,
        resource: 'images.ACTION-initializeUpload',
        anyScopes: ['w_member_social', 'w_organization_social'],
      });
      const query = restliQuery(request);
      if (query.action !== 'initializeUpload') throw linkedInIllegalArgument('Unsupported action; expected action=initializeUpload');
      const method = restliMethod(request);
      if (method !== undefined && method !== 'ACTION') throw linkedInIllegalArgument(`Unsupported X-RestLi-Method ${method}`);
      const owner = (request.body as { initializeUploadRequest?: { owner?: unknown } } | undefined)?.initializeUploadRequest?.owner;
      if (typeof owner !== 'string') throw linkedInMissingField('/initializeUploadRequest/owner');
      const author = parseAuthorUrn(owner);
      if (typeof author !== 'object') throw linkedInError(400, `Invalid owner urn ${owner}`, { code: 'INVALID_URN_ID' });
      if (!canPostAs(ctx, caller, author)) throw accessDenied(caller, 'images.ACTION-initializeUpload');
      const now = ctx.clock.now();
      const imageId = `D4E10AQ${randomAlphanumeric(12)}`;
      const urn = `urn:li:image:${imageId}`;
      const uploadToken = randomToken(24);
      addImage(ctx.state.linkedin, {
        urn,
        owner,
        uploadedBy: caller.member.sub,
        status: 'WAITING_UPLOAD',
        uploadToken,
        uploadUrlExpiresAt: now + UPLOAD_URL_LIFETIME_MS,
        createdAt: now,
      });
      ctx.markDirty();
      return {
        value: {
          uploadUrlExpiresAt: now + UPLOAD_URL_LIFETIME_MS,
          uploadUrl: `${publicBaseUrl(request)}/linkedin/dms-uploads/sp/v2/${imageId}/uploaded-image/0?ca=vector_ads&cn=uploads&sync=0&v=beta&ut=${uploadToken}`,
          image: urn,
        },
      };
    },
  });

  // docs/networks.md, LinkedIn · Image upload: the upload URL needs the same bearer token (images, unlike videos) and answers 201.
  registerNetworkRoute(app, ctx, {
    method: 'PUT',
    url: '/linkedin/dms-uploads/sp/v2/:imageId/uploaded-image/0',
    network: 'linkedin',
    endpoint: 'linkedin.images.upload',
    handler: (request, reply) => {
      const value = bearerToken(request);
      if (!value) throw linkedInEmptyToken();
      const token = ctx.state.linkedin.accessTokens.get(value);
      if (!token || token.revoked || ctx.clock.now() >= token.expiresAt) throw linkedInInvalidToken();
      const uploadToken = String((request.query as Record<string, unknown>).ut ?? '');
      const urn = ctx.state.linkedin.imageUrnsByUploadToken.get(uploadToken);
      const image = urn ? ctx.state.linkedin.images.get(urn) : undefined;
      const { imageId } = request.params as { imageId: string };
      if (!image || image.urn !== `urn:li:image:${imageId}`) throw linkedInNotFound('Upload URL not found');
      if (image.uploadedBy !== token.sub) throw linkedInError(403, 'The upload URL belongs to another member', { code: 'ACCESS_DENIED' });
      if (ctx.clock.now() >= image.uploadUrlExpiresAt)
        throw linkedInError(400, 'The upload URL has expired', { code: 'UPLOAD_URL_EXPIRED' });
      const bytes = Buffer.isBuffer(request.body) ? request.body.length : 0;
      if (bytes === 0) throw linkedInIllegalArgument('The upload body is empty');
      image.status = 'AVAILABLE';
      image.bytes = bytes;
      image.contentType = request.headers['content-type'] ?? 'application/octet-stream';
      ctx.markDirty();
      reply.code(201);
      return EMPTY_BODY;
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/images/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.images.get',
    handler: (request) => {
      authorizeImageRead(request, 'linkedin.images.get', 'images.GET');
      const { urn } = request.params as { urn: string };
      const image = renderImage(request, urn);
      if (!image) throw linkedInNotFound(`Image ${urn} not found`);
      return image;
    },
  });

  // docs/networks.md, LinkedIn · Page logos: BATCH_GET, as the adapter reads page logos.
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/images',
    network: 'linkedin',
    endpoint: 'linkedin.images.batchGet',
    handler: (request) => {
      authorizeImageRead(request, 'linkedin.images.batchGet', 'images.BATCH_GET');
      const ids = asList(restliQuery(request).ids);
      if (!ids) throw linkedInIllegalArgument('ids=List(...) is required');
      const results: Record<string, unknown> = {};
      const statuses: Record<string, number> = {};
      const errors: Record<string, unknown> = {};
      for (const urn of ids.map(String)) {
        const image = renderImage(request, urn);
        statuses[urn] = image ? 200 : 404;
        if (image) results[urn] = image;
        else errors[urn] = { status: 404, message: `Image ${urn} not found` };
      }
      return { results, statuses, errors };
    },
  });

  /** docs/networks.md, LinkedIn · Image upload: reading images needs more than `w_member_social`. */
  function authorizeImageRead(request: FastifyRequest, endpoint: string, resource: string): void {
    const caller = authenticateLinkedIn(ctx, request, { endpoint, versioned: true, resource, anyScopes: [] });
    if (!hasScope(caller, ...IMAGE_READ_SCOPES)) {
      throw linkedInError(403, 'Accessing this image resource is forbidden', { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
    }
  }

  /** An uploaded image, or a page's logo, as the Images API answers it; undefined when there is no such image. */
  function renderImage(request: FastifyRequest, urn: string) {
    const organization = logoOrganization(ctx, urn);
    if (organization) return renderLogoImage(ctx, request, organization);
    const image = ctx.state.linkedin.images.get(urn);
    if (!image) return undefined;
    return {
      id: image.urn,
      owner: image.owner,
      status: image.status,
      ...(image.status === 'AVAILABLE'
        ? {
            downloadUrl: `${publicBaseUrl(request)}/_sandbox/media/linkedin/${encodeURIComponent(image.urn)}`,
            downloadUrlExpiresAt: ctx.clock.now() + UPLOAD_URL_LIFETIME_MS,
          }
        : {}),
    };
  }
}
