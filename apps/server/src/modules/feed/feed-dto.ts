import type { FeedPost } from '@postflow/contract';
import { toPostAuthor } from '../posts/post-author';
import { chainView, type Chains } from '../posts/thread-view';
import type { FeedRow } from './feed.repository';

/**
 * docs/product.md, Feed · Post card. `author` is who it went out as (the account or the LinkedIn page);
 * the older fields keep their meaning for API clients: the person's names, the handle and picture of
 * who it went out as, else the person's.
 */
export function toFeedPost(row: FeedRow, mediaUrl: (id: string) => string, chains?: Chains): FeedPost {
  const hasOwnNames = Boolean(row.userFirstName?.trim());
  const chain = chainView(row, chains?.get(row.id), mediaUrl);
  const author = toPostAuthor(row);
  return {
    id: row.id,
    user_profile_image: author.avatar_url ?? (author.kind === 'page' ? null : row.userAvatarUrl),
    username: author.handle ?? (author.kind === 'page' ? null : row.userUsername),
    // People who registered gave one name; it stands as the first name so "full name" reads right.
    user_first_name: hasOwnNames ? row.userFirstName : row.userName,
    user_last_name: hasOwnNames ? row.userLastName : null,
    platform: row.network,
    status: chain.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    scheduled_for: row.scheduledAt.toISOString(),
    text: row.text,
    media_urls: row.mediaIds.map(mediaUrl),
    platform_url: row.networkPostUrl,
    likes_count: chain.likes,
    comments_count: chain.comments,
    shares_count: chain.shares,
    metrics_updated_at: row.metricsUpdatedAt?.toISOString() ?? null,
    failure_reason: row.failureReason,
    author,
    ...chain.fields,
  };
}
