import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { looksLikeMp4 } from '../media-bytes';
import { EMPTY_BODY, registerNetworkRoute } from '../network-route';
import { publicBaseUrl } from '../public-url';
import { randomAlphanumeric, randomToken } from '../random';
import { canPostAs, parseAuthorUrn } from './linkedin-access';
import { accessDenied, authenticateLinkedIn } from './linkedin-auth';
import { linkedInError, linkedInIllegalArgument, linkedInMissingField, linkedInNotFound } from './linkedin-errors';
import { checkOwner, MEDIA_READ_SCOPES, UPLOAD_URL_LIFETIME_MS, urnId, videoStatus } from './linkedin-media';
import { restliMethod, restliQuery } from './linkedin-request';
import type { LinkedInVideo } from './linkedin-store';

/** docs/networks.md, LinkedIn · Video upload: up to 500 MB. */
const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
const HEAD_BYTES = 16;
const WRITE_SCOPES = ['w_member_social', 'w_organization_social'];

function action(request: FastifyRequest): string {
  const value = restliQuery(request).action;
  return typeof value === 'string' ? value : '';
}

function checkActionMethod(request: FastifyRequest): void {
  const method = restliMethod(request);
  if (method !== undefined && method !== 'ACTION') throw linkedInIllegalArgument(`Unsupported X-RestLi-Method ${method}`);
}

function initialize(ctx: SandboxContext, request: FastifyRequest) {
  const caller = authenticateLinkedIn(ctx, request, {
    endpoint: 'linkedin.videos.initializeUpload',
    versioned: true,
    resource: 'videos.ACTION-initializeUpload',
    anyScopes: WRITE_SCOPES,
  });
  checkActionMethod(request);
  const input = (request.body as { initializeUploadRequest?: Record<string, unknown> } | undefined)?.initializeUploadRequest;
  const owner = checkOwner(ctx, caller, input?.owner, 'videos.ACTION-initializeUpload');
  const size = input?.fileSizeBytes;
  if (size === undefined) throw linkedInMissingField('/initializeUploadRequest/fileSizeBytes');
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_VIDEO_BYTES) {
    throw linkedInIllegalArgument(`fileSizeBytes must be between 1 and ${MAX_VIDEO_BYTES}`);
  }
  const now = ctx.clock.now();
  const urn = `urn:li:video:D5610AQ${randomAlphanumeric(12)}`;
  const partBytes = ctx.options.linkedin.videoPartBytes;
  const parts = [];
  for (let firstByte = 0; firstByte < size; firstByte += partBytes) {
    parts.push({ firstByte, lastByte: Math.min(size, firstByte + partBytes) - 1 });
  }
  const video: LinkedInVideo = {
    urn,
    owner,
    uploadedBy: caller.member.sub,
    fileSizeBytes: size,
    // LinkedIn sends an empty token when one part suffices; several parts get a real one (docs/networks.md, LinkedIn · Video upload).
    uploadToken: parts.length > 1 ? randomToken(24) : '',
    uploadUrlsExpireAt: now + UPLOAD_URL_LIFETIME_MS,
    parts,
    createdAt: now,
  };
  ctx.state.linkedin.videos.set(urn, video);
  ctx.markDirty();
  const base = `${publicBaseUrl(request)}/linkedin/dms-uploads/videos/${urnId(urn)}`;
  return {
    value: {
      uploadUrlsExpireAt: video.uploadUrlsExpireAt,
      video: urn,
      uploadInstructions: parts.map((part, index) => ({
        uploadUrl: `${base}/parts/${index}?ca=vector_feedshare&cn=uploads&sig=${randomToken(12)}`,
        firstByte: part.firstByte,
        lastByte: part.lastByte,
      })),
      uploadToken: video.uploadToken,
    },
  };
}

function finalize(ctx: SandboxContext, request: FastifyRequest) {
  const caller = authenticateLinkedIn(ctx, request, {
    endpoint: 'linkedin.videos.finalizeUpload',
    versioned: true,
    resource: 'videos.ACTION-finalizeUpload',
    anyScopes: WRITE_SCOPES,
  });
  checkActionMethod(request);
  const input = (request.body as { finalizeUploadRequest?: Record<string, unknown> } | undefined)?.finalizeUploadRequest;
  if (typeof input?.video !== 'string') throw linkedInMissingField('/finalizeUploadRequest/video');
  if (!Array.isArray(input.uploadedPartIds)) throw linkedInMissingField('/finalizeUploadRequest/uploadedPartIds');
  const video = ctx.state.linkedin.videos.get(input.video);
  if (!video) throw linkedInNotFound(`Video ${input.video} not found`);
  if (video.uploadedBy !== caller.member.sub) throw accessDenied(caller, 'videos.ACTION-finalizeUpload');
  if ((input.uploadToken ?? '') !== video.uploadToken) throw linkedInIllegalArgument('uploadToken does not match the upload');
  if (video.finalizedAt !== undefined) return EMPTY_BODY;
  const missing = video.parts.findIndex((part) => part.etag === undefined);
  if (missing !== -1) throw linkedInIllegalArgument(`Part ${missing} (bytes ${video.parts[missing]!.firstByte}–) was not uploaded`);
  const expected = video.parts.map((part) => part.etag);
  const sent = input.uploadedPartIds.map(String);
  if (sent.length !== expected.length || sent.some((id, index) => id !== expected[index])) {
    throw linkedInIllegalArgument('uploadedPartIds must list the ETag of every uploaded part, in order');
  }
  video.finalizedAt = ctx.clock.now();
  if (request.sandboxProcessingFault) {
    video.failureReason = 'The video could not be processed (injected fault).';
  } else if (!looksLikeMp4(Buffer.from(video.parts[0]?.head ?? '', 'base64'))) {
    video.failureReason = 'The uploaded file is not a supported video (MP4 expected).';
  }
  ctx.markDirty();
  return EMPTY_BODY;
}

/** docs/networks.md, LinkedIn · Video upload: initializeUpload, PUT each part (ETag), finalizeUpload, poll until AVAILABLE. */
export function registerLinkedInVideoRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/linkedin/rest/videos',
    network: 'linkedin',
    endpoint: (request) => (action(request) === 'finalizeUpload' ? 'linkedin.videos.finalizeUpload' : 'linkedin.videos.initializeUpload'),
    handler: (request) => {
      const name = action(request);
      if (name === 'initializeUpload') return initialize(ctx, request);
      if (name === 'finalizeUpload') return finalize(ctx, request);
      throw linkedInIllegalArgument('Unsupported action; expected action=initializeUpload or action=finalizeUpload');
    },
  });

  // Video part URLs are pre-signed: no bearer token (unlike images and documents).
  registerNetworkRoute(app, ctx, {
    method: 'PUT',
    url: '/linkedin/dms-uploads/videos/:videoId/parts/:index',
    network: 'linkedin',
    endpoint: 'linkedin.videos.upload',
    handler: (request, reply) => {
      const { videoId, index } = request.params as { videoId: string; index: string };
      const video = ctx.state.linkedin.videos.get(`urn:li:video:${videoId}`);
      const part = video?.parts[Number(index)];
      if (!video || !part) throw linkedInNotFound('Upload URL not found');
      if (ctx.clock.now() >= video.uploadUrlsExpireAt)
        throw linkedInError(400, 'The upload URL has expired', { code: 'UPLOAD_URL_EXPIRED' });
      if (video.finalizedAt !== undefined) throw linkedInIllegalArgument('The upload was already finalized');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const expected = part.lastByte - part.firstByte + 1;
      if (bytes.length !== expected) {
        throw linkedInIllegalArgument(
          `Part ${index} must be ${expected} bytes (bytes ${part.firstByte}–${part.lastByte}); got ${bytes.length}`,
        );
      }
      part.etag = `/ambry-video/signedId/${randomBytes(12).toString('hex')}`;
      part.head = bytes.subarray(0, HEAD_BYTES).toString('base64');
      ctx.markDirty();
      reply.header('etag', part.etag);
      reply.code(200);
      return EMPTY_BODY;
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/videos/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.videos.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.videos.get',
        versioned: true,
        resource: 'videos.GET',
        anyScopes: MEDIA_READ_SCOPES,
      });
      const { urn } = request.params as { urn: string };
      const video = ctx.state.linkedin.videos.get(urn);
      const owner = video ? parseAuthorUrn(video.owner) : undefined;
      if (!video || typeof owner !== 'object') throw linkedInNotFound(`Video ${urn} not found`);
      if (video.uploadedBy !== caller.member.sub && !canPostAs(ctx, caller, owner)) throw accessDenied(caller, 'videos.GET');
      const status = videoStatus(ctx, video);
      return {
        id: video.urn,
        owner: video.owner,
        status,
        ...(status === 'PROCESSING_FAILED' ? { processingFailureReason: video.failureReason } : {}),
        ...(status === 'AVAILABLE'
          ? {
              downloadUrl: `${publicBaseUrl(request)}/_sandbox/media/linkedin/${encodeURIComponent(video.urn)}`,
              downloadUrlExpiresAt: ctx.clock.now() + UPLOAD_URL_LIFETIME_MS,
            }
          : {}),
      };
    },
  });
}
