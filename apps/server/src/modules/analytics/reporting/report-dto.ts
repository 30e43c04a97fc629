import { networkName, type Network } from '@postflow/contract';
import { round } from '../../../lib/round';
import { engagementRate } from '../figures/formulas';
import { toPostAuthor } from '../../posts/post-author';
import type { PostFigures } from './reporting.repository';

/** One post's figures as the analytics calls answer them. */
export function toPostAnalytics(post: PostFigures) {
  const engagements = post.likes + post.comments + post.shares;
  return {
    id: post.id,
    platform: post.network,
    text: post.text,
    published_at: post.publishedAt?.toISOString() ?? null,
    platform_url: post.platformUrl,
    engagement_rate: engagementRate(engagements, post.impressions ?? 0),
    impressions: post.impressions,
    likes: post.likes,
    comments: post.comments,
    shares: post.shares,
    clicks: post.clicks,
    metrics_updated_at: post.metricsUpdatedAt?.toISOString() ?? null,
    author: toPostAuthor(post),
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
