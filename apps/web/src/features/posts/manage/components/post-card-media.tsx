import { PostLinkCard } from '../../../../components/post-link-card';
import { cx } from '../../../../components/ui/cx';
import type { DisplayPost } from '../lib/post-display';

/**
 * What a post card shows under its text (docs/product.md, Profile · Post lists): its first picture,
 * described by its alt text, or else a LinkedIn post's link card.
 */
export function PostCardMedia({ post, imageClassName }: { post: DisplayPost; imageClassName: string }) {
  if (post.image) {
    return (
      <img
        src={post.image}
        alt={post.mediaAlts[0] || 'Attached image'}
        loading="lazy"
        className={cx('w-full rounded-lg bg-slate-100 object-cover', imageClassName)}
      />
    );
  }
  return post.linkCard ? <PostLinkCard card={post.linkCard} /> : null;
}
