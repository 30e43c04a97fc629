import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formOrJsonFields, stringField } from '../body-parsers';
import type { SandboxContext } from '../context';
import { isMultipartBody } from '../multipart';
import { registerNetworkRoute } from '../network-route';
import { authenticateX } from './x-auth';
import { xInvalidParameter } from './x-errors';
import { appendSegment, finalizeMedia, initializeMedia, ownedPendingMedia, processingInfo } from './x-media';
import type { XRateLimitedEndpoint } from './x-rate-limits';
import { X_MEDIA_SCOPES } from './x-scopes';
import type { XUser } from './x-store';

/** APPEND carries the chunk as a multipart file `media`, or base64 in `media`/`media_data` (docs/networks.md, X · Media upload). */
function chunkData(body: unknown): Buffer {
  if (isMultipartBody(body)) {
    const file = body.files.media ?? body.files.media_data;
    if (file) return file.data;
    const encoded = body.fields.media_data ?? body.fields.media;
    return encoded === undefined ? Buffer.alloc(0) : Buffer.from(encoded, 'base64');
  }
  const fields = formOrJsonFields(body);
  const encoded = stringField(fields, 'media_data') ?? stringField(fields, 'media');
  return encoded === undefined ? Buffer.alloc(0) : Buffer.from(encoded, 'base64');
}

function appendChunk(media: Parameters<typeof appendSegment>[0], segmentIndex: unknown, body: unknown): void {
  const data = chunkData(body);
  appendSegment(media, segmentIndex, data.length, data);
}

function legacyCommand(request: FastifyRequest): string | undefined {
  return stringField(formOrJsonFields(request.body), 'command')?.toUpperCase();
}

const LEGACY_ENDPOINTS: Record<string, XRateLimitedEndpoint> = {
  INIT: 'x.media.initialize',
  APPEND: 'x.media.append',
  FINALIZE: 'x.media.finalize',
};

export function registerXMediaRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const auth = (request: FastifyRequest, reply: Parameters<typeof authenticateX>[2], endpoint: XRateLimitedEndpoint): XUser =>
    authenticateX(ctx, request, reply, { endpoint, scopes: X_MEDIA_SCOPES }).user;

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/media/upload/initialize',
    network: 'x',
    endpoint: 'x.media.initialize',
    handler: (request, reply) => {
      const user = auth(request, reply, 'x.media.initialize');
      const fields = formOrJsonFields(request.body);
      const media = initializeMedia(ctx, user, {
        mediaType: fields.media_type,
        totalBytes: fields.total_bytes,
        category: fields.media_category,
        additionalOwners: fields.additional_owners,
      });
      return {
        data: { id: media.id, media_key: media.mediaKey, expires_after_secs: Math.floor((media.expiresAt - media.createdAt) / 1000) },
      };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/media/upload/:id/append',
    network: 'x',
    endpoint: 'x.media.append',
    handler: (request, reply) => {
      const user = auth(request, reply, 'x.media.append');
      const { id } = request.params as { id: string };
      const media = ownedPendingMedia(ctx, user, id);
      appendChunk(media, formOrJsonFields(request.body).segment_index, request.body);
      ctx.markDirty();
      return { data: { expires_at: Math.floor(media.expiresAt / 1000) } };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/media/upload/:id/finalize',
    network: 'x',
    endpoint: 'x.media.finalize',
    handler: (request, reply) => {
      const user = auth(request, reply, 'x.media.finalize');
      const { id } = request.params as { id: string };
      return { data: finalizeMedia(ctx, ownedPendingMedia(ctx, user, id), request.sandboxProcessingFault === true) };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/x/2/media/upload',
    network: 'x',
    endpoint: 'x.media.status',
    handler: (request, reply) => {
      const user = auth(request, reply, 'x.media.status');
      const query = request.query as Record<string, unknown>;
      if (String(query.command ?? '').toUpperCase() !== 'STATUS') {
        throw xInvalidParameter('command', query.command, 'The command parameter must be STATUS for GET requests.');
      }
      const media = ownedPendingMedia(ctx, user, String(query.media_id ?? ''));
      return { data: { id: media.id, media_key: media.mediaKey, processing_info: processingInfo(ctx, media) } };
    },
  });

  // One-shot image upload, and the older command=INIT|APPEND|FINALIZE form the quickstart still shows (docs/networks.md, X · Media upload).
  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/media/upload',
    network: 'x',
    endpoint: (request) => LEGACY_ENDPOINTS[legacyCommand(request) ?? ''] ?? 'x.media.upload',
    handler: (request, reply) => {
      const command = legacyCommand(request);
      const fields = formOrJsonFields(request.body);
      const legacy = command ? LEGACY_ENDPOINTS[command] : undefined;
      if (command && !legacy) throw xInvalidParameter('command', command, 'command must be INIT, APPEND or FINALIZE');
      const user = auth(request, reply, legacy ?? 'x.media.upload');
      if (command === 'INIT') {
        const media = initializeMedia(ctx, user, {
          mediaType: fields.media_type,
          totalBytes: fields.total_bytes,
          category: fields.media_category,
          additionalOwners: fields.additional_owners,
        });
        return {
          data: { id: media.id, media_key: media.mediaKey, expires_after_secs: Math.floor((media.expiresAt - media.createdAt) / 1000) },
        };
      }
      if (command === 'APPEND') {
        const media = ownedPendingMedia(ctx, user, String(fields.media_id ?? ''));
        appendChunk(media, fields.segment_index, request.body);
        ctx.markDirty();
        return { data: { expires_at: Math.floor(media.expiresAt / 1000) } };
      }
      if (command === 'FINALIZE') {
        const media = ownedPendingMedia(ctx, user, String(fields.media_id ?? ''));
        return { data: finalizeMedia(ctx, media, request.sandboxProcessingFault === true) };
      }
      const category = stringField(fields, 'media_category');
      if (!category || !['tweet_image', 'dm_image', 'subtitles'].includes(category)) {
        throw xInvalidParameter('media_category', category ?? null, 'One or more parameters to your request was invalid.');
      }
      const file = isMultipartBody(request.body) ? (request.body.files.media ?? request.body.files.media_data) : undefined;
      const data = file ? file.data : chunkData(request.body);
      const bytes = data.length;
      if (bytes === 0) throw xInvalidParameter('media', null, 'The media parameter is required.');
      const mediaType = stringField(fields, 'media_type') ?? file?.contentType ?? 'image/png';
      const media = initializeMedia(ctx, user, {
        mediaType: mediaType === 'application/octet-stream' ? 'image/png' : mediaType,
        totalBytes: bytes,
        category,
      });
      appendSegment(media, 0, bytes, data);
      return { data: finalizeMedia(ctx, media) };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'POST',
    url: '/x/2/media/metadata',
    network: 'x',
    endpoint: 'x.media.metadata',
    handler: (request, reply) => {
      const user = auth(request, reply, 'x.media.metadata');
      const fields = formOrJsonFields(request.body);
      const media = ownedPendingMedia(ctx, user, String(fields.id ?? ''));
      const altText = (fields.metadata as { alt_text?: { text?: unknown } } | undefined)?.alt_text?.text;
      if (typeof altText !== 'string')
        throw xInvalidParameter('metadata.alt_text.text', altText ?? null, '$.metadata.alt_text.text: string expected');
      if ([...altText].length > 1000) throw xInvalidParameter('metadata.alt_text.text', altText, 'Alt text is limited to 1000 characters.');
      media.altText = altText;
      ctx.markDirty();
      return { data: { id: media.id, associated_metadata: { alt_text: { text: altText } } } };
    },
  });
}
