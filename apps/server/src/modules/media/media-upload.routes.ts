import { MEDIA_FIELD, mediaRoutes, type UploadedMedia } from '@postflow/contract';
import type { Router } from '../../http/route';
import { AppError } from '../../lib/errors';
import { withMultipart } from './media-parts';
import type { MediaRecord } from './media.repository';
import { mediaUrl, type MediaService } from './media.service';

export function toUploadedMedia(record: MediaRecord, publicUrl: string): UploadedMedia {
  return {
    id: record.id,
    kind: record.kind,
    mimeType: record.mimeType,
    bytes: record.byteSize,
    fileName: record.fileName ?? 'file',
    url: `${publicUrl}${mediaUrl(record.id)}`,
    ...(record.width !== null ? { width: record.width } : {}),
    ...(record.height !== null ? { height: record.height } : {}),
    ...(record.durationMs !== null ? { durationMs: record.durationMs } : {}),
    ...(record.pages !== null ? { pages: record.pages } : {}),
  };
}

const SEND_AS = `Send the file as multipart/form-data, in one file field named "${MEDIA_FIELD}".`;

/**
 * POST /api/v1/media: one file for a post, stored in the workspace at once so the composer can show
 * its progress and publish by id (docs/product.md, Composer · Media). A file no post or draft takes
 * up is swept with other unused media.
 */
export function registerMediaUploadRoutes(router: Router, deps: { media: MediaService; publicUrl: string }) {
  router.authed(mediaRoutes.upload, async ({ auth, request }) =>
    withMultipart(
      request,
      deps.media,
      { uploader: auth.userId, fileFields: [MEDIA_FIELD], maxFiles: 1, maxBytes: deps.media.maxUploadBytes, sendAs: SEND_AS },
      async ({ files }) => {
        const [file] = files;
        if (!file) throw new AppError('validation_failed', `Choose a file to upload. ${SEND_AS}`, { fields: { [MEDIA_FIELD]: 'Missing' } });
        const prepared = await deps.media.ingest(auth.userId, file.fileName, file.file);
        const { record } = await deps.media.saveNow(auth.workspaceId, prepared);
        return toUploadedMedia(record, deps.publicUrl);
      },
    ),
  );
}
