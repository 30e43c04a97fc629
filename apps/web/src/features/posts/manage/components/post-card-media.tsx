import { PostLinkCard } from '../../../../components/post-link-card';
import { PostFile } from '../../../../components/post-file';
import type { DisplayPost } from '../lib/post-display';

/**
 * What a post card shows under its text (docs/product.md, Profile · Post lists): its first picture,
 * described by its alt text (or its video, or its document), or else a LinkedIn post's link card.
 */
export function PostCardMedia({ post, imageClassName }: { post: DisplayPost; imageClassName: string }) {
  if (post.image) {
    return (
      <PostFile
        url={post.image}
        kind={post.imageKind}
        alt={post.mediaAlts[0] ?? ''}
        fallbackLabel="Attached image"
        documentTitle={post.documentTitle}
        className={imageClassName}
      />
    );
  }
  return post.linkCard ? <PostLinkCard card={post.linkCard} /> : null;
}
