import type { MediaService } from '../media/media.service';
import type { DocumentUpload, MediaUpload, PublishRequest, VideoUpload } from '../../providers/social/social-provider';
import type { ClaimedTarget } from './targets.repository';

export type Attachments = Pick<PublishRequest, 'media' | 'video' | 'document'>;

/**
 * A target's files, in the order the person chose them, as the port takes them: images (read
 * whole; they are small) with their alt texts in `media`, or one `video`, or one `document` with
 * its title, both left in storage for the adapter to read a chunk at a time
 * (docs/decisions/147-media-app.md, 153-media-streaming.md). Undefined when a file is gone from storage.
 */
export async function loadAttachments(media: MediaService, target: ClaimedTarget): Promise<Attachments | undefined> {
  const images: MediaUpload[] = [];
  let video: VideoUpload | undefined;
  let document: DocumentUpload | undefined;
  for (const [index, id] of target.mediaIds.entries()) {
    const stored = await media.read(id);
    if (!stored || stored.record.workspaceId !== target.workspaceId) return undefined;
    const { record, file } = stored;
    const altText = target.mediaAlts[index] || undefined;
    if (record.mimeType === 'video/mp4') {
      video = { file, mimeType: record.mimeType, durationMs: record.durationMs ?? 0, ...(altText ? { altText } : {}) };
    } else if (record.mimeType === 'image/jpeg' || record.mimeType === 'image/png' || record.mimeType === 'image/gif') {
      images.push({ bytes: await file.read(0, file.size), mimeType: record.mimeType, ...(altText ? { altText } : {}) });
    } else {
      document = { file, mimeType: record.mimeType, title: target.mediaTitle ?? record.fileName ?? 'Document' };
    }
  }
  return { media: images, ...(video ? { video } : {}), ...(document ? { document } : {}) };
}

/** The bytes of a target's video or document, which take chunked uploads and processing: the lease must cover them. */
export function largeFileBytes(attachments: Attachments): number {
  return (attachments.video?.file.size ?? 0) + (attachments.document?.file.size ?? 0);
}
