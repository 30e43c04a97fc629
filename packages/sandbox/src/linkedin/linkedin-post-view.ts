import { templateHashtags } from './little-text';
import type { LinkedInPost } from './linkedin-store';

/** The read shape (docs/networks.md, LinkedIn · Reading posts); timestamps in epoch milliseconds, hashtags in template form. */
export function renderLinkedInPost(post: LinkedInPost): Record<string, unknown> {
  return {
    isReshareDisabledByAuthor: post.isReshareDisabledByAuthor,
    createdAt: post.createdAt,
    lifecycleState: post.lifecycleState,
    lastModifiedAt: post.lastModifiedAt,
    visibility: post.visibility,
    publishedAt: post.createdAt,
    author: post.author,
    id: post.urn,
    distribution: post.distribution,
    ...(post.content ? { content: post.content } : {}),
    commentary: templateHashtags(post.publishedCommentary),
    lifecycleStateInfo: { isEditedByAuthor: post.lastModifiedAt !== post.createdAt },
  };
}
