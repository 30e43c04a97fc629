import type { LinkCard } from '@postflow/contract';
import type { MediaItem } from '../use-media-attachments';
import type { PostPreviewProps } from './types';

/** What a post carries besides its text, as the previews draw it. */
export type PreviewAttachments = Pick<PostPreviewProps, 'images' | 'video' | 'document' | 'linkCard'>;

/** The composer's chosen files and kept link card as previews (docs/decisions/150-composer-previews.md). */
export function previewAttachmentsOf(items: readonly MediaItem[], documentTitle: string, linkCard: LinkCard | null): PreviewAttachments {
  const video = items.find((item) => item.kind === 'video');
  const document = items.find((item) => item.kind === 'document');
  return {
    images: items.filter((item) => item.kind === 'image').map((item) => ({ url: item.previewUrl, alt: item.alt })),
    video: video ? { durationMs: video.durationMs ?? 0 } : null,
    document: document ? { title: documentTitle || document.fileName, pages: document.pages ?? 0 } : null,
    linkCard: linkCard ? { ...linkCard, siteName: null } : null,
  };
}
