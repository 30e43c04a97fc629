import { networkName, type Network } from '@postflow/contract';
import { round } from '../../../lib/round';
import { engagementRate } from '../figures/formulas';
import { toPostAuthor } from '../../posts/post-author';
import { chainView, type Chains } from '../../posts/thread-view';
import type { PostFigures } from './reporting.repository';

/**
 * One post's figures as the analytics calls answer them; a thread's are its parts' summed, with
 * each part's own (docs/decisions/155-threads.md).
 */
export function toPostAnalytics(post: PostFigures, chains: Chains | undefined, mediaUrl: (id: string) => string) {
  const chain = chainView(
    {
      ...post,
      networkPostUrl: post.platformUrl,
      likesCount: post.likes,
      commentsCount: post.comments,
      sharesCount: post.shares,
      impressionsCount: post.impressions,
    },
    chains?.get(post.id),
    mediaUrl,
  );
  const engagements = chain.likes + chain.comments + chain.shares;
  return {
    id: post.id,
    platform: post.network,
    text: post.text,
    published_at: post.publishedAt?.toISOString() ?? null,
    platform_url: post.platformUrl,
    engagement_rate: engagementRate(engagements, chain.impressions ?? 0),
    impressions: chain.impressions,
    likes: chain.likes,
    comments: chain.comments,
    shares: chain.shares,
    clicks: post.clicks,
    metrics_updated_at: post.metricsUpdatedAt?.toISOString() ?? null,
    author: toPostAuthor(post),
    ...chain.fields,
  };
}

/** Follower counts as shares of the whole audience, one segment per account or page. */
export function toAudienceSegments(
  followers: ReadonlyArray<{ network: Network; name: string; organizationId: string | null; followers: number }>,
) {
  const total = followers.reduce((sum, entry) => sum + entry.followers, 0);
  return followers.map((entry) => ({
    segment: `${networkName(entry.network)} · ${entry.organizationId ? `page ${entry.name}` : entry.name}`,
    percentage: total ? round((entry.followers / total) * 100, 1) : 0,
    count: entry.followers,
  }));
}
