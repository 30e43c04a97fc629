import type { MediaItem } from '../use-media-attachments';
import type { PostPreviewProps } from './types';

/** The files a post carries, as the previews draw them; each copy's link card comes from its own text. */
export type PreviewAttachments = Pick<PostPreviewProps, 'images' | 'video' | 'document'>;

/** The composer's chosen files as previews (docs/decisions/150-composer-previews.md). */
export function previewAttachmentsOf(items: readonly MediaItem[], documentTitle: string): PreviewAttachments {
  const video = items.find((item) => item.kind === 'video');
  const document = items.find((item) => item.kind === 'document');
  return {
    images: items.filter((item) => item.kind === 'image').map((item) => ({ url: item.previewUrl, alt: item.alt })),
    video: video ? { durationMs: video.durationMs ?? 0 } : null,
    document: document ? { title: documentTitle || document.fileName, pages: document.pages ?? 0 } : null,
  };
}
