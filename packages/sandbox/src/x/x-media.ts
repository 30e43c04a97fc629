import type { SandboxContext } from '../context';
import { looksLikeMp4 } from '../media-bytes';
import { xInvalidParameter } from './x-errors';
import type { XMedia, XMediaCategory, XUser } from './x-store';

export const MEDIA_TYPES = [
  'video/mp4',
  'video/webm',
  'video/mp2t',
  'video/quicktime',
  'text/srt',
  'text/vtt',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/png',
  'image/webp',
  'image/pjpeg',
  'image/tiff',
  'model/gltf-binary',
  'model/vnd.usdz+zip',
];

export const MEDIA_CATEGORIES: XMediaCategory[] = [
  'amplify_video',
  'tweet_gif',
  'tweet_image',
  'tweet_video',
  'dm_gif',
  'dm_image',
  'dm_video',
  'subtitles',
];

const MB = 1024 * 1024;
/** docs/networks.md, X · Media limits: images 5 MB, GIFs 15 MB, video 512 MB. */
const SIZE_LIMITS: Record<XMediaCategory, number> = {
  tweet_image: 5 * MB,
  dm_image: 5 * MB,
  tweet_gif: 15 * MB,
  dm_gif: 15 * MB,
  tweet_video: 512 * MB,
  amplify_video: 512 * MB,
  dm_video: 512 * MB,
  subtitles: 5 * MB,
};

/** INIT answers 1295999 s, FINALIZE 86400 s (the examples in X's docs; docs/networks.md, X · Media upload). */
export const INIT_EXPIRES_AFTER_SECS = 1_295_999;
export const FINALIZE_EXPIRES_AFTER_SECS = 86_400;
const PROCESSING_PENDING_MS = 1000;
export const PROCESSING_DONE_MS = 2000;

/** Whether media may go into a post: finalized, and processed without error when it needed processing. */
export function isProcessed(media: XMedia, now: number): boolean {
  if (media.finalizedAt === undefined) return false;
  return !media.needsProcessing || (media.processingError === undefined && now - media.finalizedAt >= PROCESSING_DONE_MS);
}

export function inferCategory(mediaType: string): XMediaCategory {
  if (mediaType === 'image/gif') return 'tweet_gif';
  if (mediaType.startsWith('image/')) return 'tweet_image';
  if (mediaType.startsWith('video/')) return 'tweet_video';
  return 'subtitles';
}

function keyPrefix(category: XMediaCategory): string {
  if (category === 'tweet_gif' || category === 'dm_gif') return '16_';
  if (category === 'amplify_video') return '13_';
  if (category === 'tweet_video' || category === 'dm_video') return '7_';
  return '3_';
}

export function initializeMedia(
  ctx: SandboxContext,
  owner: XUser,
  input: { mediaType: unknown; totalBytes: unknown; category: unknown; additionalOwners?: unknown },
): XMedia {
  const mediaType = String(input.mediaType ?? '');
  if (!MEDIA_TYPES.includes(mediaType)) {
    throw xInvalidParameter(
      'media_type',
      input.mediaType,
      `$.media_type: does not have a value in the enumeration [${MEDIA_TYPES.join(', ')}]`,
    );
  }
  const totalBytes = Number(input.totalBytes);
  if (!Number.isInteger(totalBytes) || totalBytes < 0 || totalBytes > 17_179_869_184) {
    throw xInvalidParameter('total_bytes', input.totalBytes, '$.total_bytes: integer between 0 and 17179869184 expected');
  }
  const category = (
    input.category === undefined || input.category === '' ? inferCategory(mediaType) : String(input.category)
  ) as XMediaCategory;
  if (!MEDIA_CATEGORIES.includes(category)) {
    throw xInvalidParameter(
      'media_category',
      input.category,
      `$.media_category: does not have a value in the enumeration [${MEDIA_CATEGORIES.join(', ')}]`,
    );
  }
  if (totalBytes > SIZE_LIMITS[category]) {
    throw xInvalidParameter('total_bytes', totalBytes, `File size exceeds ${SIZE_LIMITS[category]} bytes.`);
  }
  const additionalOwners = Array.isArray(input.additionalOwners)
    ? input.additionalOwners.map(String)
    : typeof input.additionalOwners === 'string' && input.additionalOwners
      ? input.additionalOwners.split(',')
      : [];
  const now = ctx.clock.now();
  const id = ctx.ids.x.next(now);
  const media: XMedia = {
    id,
    mediaKey: `${keyPrefix(category)}${id}`,
    ownerId: owner.id,
    additionalOwners,
    mediaType,
    category,
    totalBytes,
    segments: {},
    createdAt: now,
    expiresAt: now + INIT_EXPIRES_AFTER_SECS * 1000,
    needsProcessing: category.endsWith('video') || category.endsWith('gif'),
  };
  ctx.state.x.media.set(id, media);
  ctx.markDirty();
  return media;
}

export function ownedPendingMedia(ctx: SandboxContext, owner: XUser, id: string): XMedia {
  const media = ctx.state.x.media.get(id);
  if (!media || media.ownerId !== owner.id || ctx.clock.now() >= media.expiresAt) {
    throw xInvalidParameter('media_id', id, 'The media_id parameter is invalid.');
  }
  return media;
}

/** Bytes kept of segment 0, enough for the container check at FINALIZE. */
const HEAD_BYTES = 16;

export function appendSegment(media: XMedia, segmentIndex: unknown, bytes: number, data?: Buffer): void {
  const index = Number(segmentIndex);
  if (!Number.isInteger(index) || index < 0 || index > 999) {
    throw xInvalidParameter('segment_index', segmentIndex, 'segment_index must be an integer between 0 and 999');
  }
  if (media.finalizedAt !== undefined) throw xInvalidParameter('media_id', media.id, 'The media has already been finalized.');
  media.segments[String(index)] = bytes;
  if (index === 0 && data) media.head = data.subarray(0, HEAD_BYTES).toString('base64');
}

/** X's answer for a video it cannot read (docs/networks.md, X · Media upload: `processing_info.error`). */
const UNSUPPORTED_MEDIA = { code: 1, name: 'InvalidMedia', message: 'Invalid or Unsupported media, Reason: UnsupportedMedia.' };

function processingErrorFor(media: XMedia, failByFault: boolean): XMedia['processingError'] {
  if (failByFault) return UNSUPPORTED_MEDIA;
  if (media.category.endsWith('video') && media.mediaType === 'video/mp4' && !looksLikeMp4(Buffer.from(media.head ?? '', 'base64'))) {
    return UNSUPPORTED_MEDIA;
  }
  return undefined;
}

/** `failProcessing`: a `processing_failed` fault fired on this FINALIZE. */
export function finalizeMedia(ctx: SandboxContext, media: XMedia, failProcessing = false): Record<string, unknown> {
  const size = Object.values(media.segments).reduce((sum, bytes) => sum + bytes, 0);
  if (media.finalizedAt === undefined) {
    if (size !== media.totalBytes) {
      throw xInvalidParameter('media_id', media.id, `File size does not match total_bytes: received ${size} of ${media.totalBytes} bytes.`);
    }
    const now = ctx.clock.now();
    media.finalizedAt = now;
    media.expiresAt = now + FINALIZE_EXPIRES_AFTER_SECS * 1000;
    const processingError = media.needsProcessing ? processingErrorFor(media, failProcessing) : undefined;
    if (processingError) media.processingError = processingError;
    ctx.markDirty();
  }
  return {
    id: media.id,
    media_key: media.mediaKey,
    size,
    expires_after_secs: Math.max(0, Math.floor((media.expiresAt - ctx.clock.now()) / 1000)),
    ...(media.needsProcessing ? { processing_info: processingInfo(ctx, media) } : {}),
  };
}

/** pending → in_progress → succeeded (or failed) on the sandbox clock (docs/networks.md, X · Media upload). */
export function processingInfo(ctx: SandboxContext, media: XMedia): Record<string, unknown> {
  if (media.finalizedAt === undefined) return { state: 'pending', check_after_secs: 1 };
  const elapsed = ctx.clock.now() - media.finalizedAt;
  if (media.processingError && elapsed >= PROCESSING_PENDING_MS) {
    return { state: 'failed', progress_percent: 100, error: media.processingError };
  }
  if (!media.needsProcessing || elapsed >= PROCESSING_DONE_MS) return { state: 'succeeded', progress_percent: 100 };
  if (elapsed < PROCESSING_PENDING_MS) return { state: 'pending', check_after_secs: 1 };
  return { state: 'in_progress', check_after_secs: 1, progress_percent: 50 };
}
