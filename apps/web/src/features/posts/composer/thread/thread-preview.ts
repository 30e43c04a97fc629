import type { PreviewAttachments } from '../previews/preview-attachments';
import type { PostPreviewProps } from '../previews/types';
import type { MediaItem } from '../use-media-attachments';
import { outgoingTexts, type ComposerThread } from './thread-parts';

const imagesOf = (media: readonly MediaItem[]) => media.map((item) => ({ url: item.previewUrl, alt: item.alt }));

/**
 * What a thread changes in X's preview: part 1 is the post, with its own images, else the post's
 * files (as the server sends it; docs/decisions/155-threads.md), and the other parts follow as replies.
 */
export function threadPreview(
  thread: ComposerThread,
  post: PreviewAttachments,
): Pick<PostPreviewProps, 'text' | 'images' | 'video' | 'linkCard' | 'thread'> {
  const texts = outgoingTexts(thread);
  const [first, ...rest] = thread.parts;
  const own = first?.media.length ? imagesOf(first.media) : null;
  return {
    text: texts[0] ?? '',
    images: own ?? post.images ?? [],
    video: own ? null : (post.video ?? null),
    // X reads each post's own link for its card; the card read for the text's first link may not be in part 1.
    linkCard: null,
    thread: rest.map((part, index) => ({ text: texts[index + 1] ?? '', images: imagesOf(part.media) })),
  };
}
