import type { SandboxContext } from '../context';
import type { PostProfile } from '../metrics';
import { parseAuthorUrn } from './linkedin-access';
import type { LinkedInPost } from './linkedin-store';

export interface LinkedInPostStats {
  impressions: number;
  uniqueImpressions: number;
  clicks: number;
  comments: number;
  shares: number;
  reactions: Record<string, number>;
  reactionTotal: number;
}

export function linkedInPostProfile(ctx: SandboxContext, post: LinkedInPost): PostProfile {
  const author = parseAuthorUrn(post.author);
  let followers = 0;
  let audience: 'linkedin' | 'organization' = 'linkedin';
  if (typeof author === 'object' && author.kind === 'organization') {
    audience = 'organization';
    const organization = ctx.state.linkedin.organizations.get(author.id);
    if (organization)
      followers = ctx.metrics.followersAt('organization', organization.baseFollowers, organization.createdAt, post.createdAt);
  } else if (typeof author === 'object') {
    const member = ctx.state.linkedin.members.get(author.sub);
    if (member) followers = ctx.metrics.followersAt('linkedin', member.baseFollowers, member.createdAt, post.createdAt);
  }
  const content = post.content ?? {};
  return ctx.metrics.profile({
    network: 'linkedin',
    audience,
    postId: post.urn,
    createdAt: post.createdAt,
    text: post.publishedCommentary,
    hasImage: 'media' in content || 'multiImage' in content,
    followers,
  });
}

export function linkedInPostStats(ctx: SandboxContext, post: LinkedInPost, at = ctx.clock.now()): LinkedInPostStats {
  const profile = linkedInPostProfile(ctx, post);
  const reactions: Record<string, number> = {};
  let reactionTotal = 0;
  for (const kind of Object.keys(profile.counts)) {
    if (!kind.startsWith('reaction:')) continue;
    const count = ctx.metrics.countAt(profile, kind, at);
    reactions[kind.slice('reaction:'.length)] = count;
    reactionTotal += count;
  }
  return {
    impressions: ctx.metrics.impressionsAt(profile, at),
    uniqueImpressions: ctx.metrics.countAt(profile, 'uniqueImpressions', at),
    clicks: ctx.metrics.countAt(profile, 'click', at),
    comments: ctx.metrics.countAt(profile, 'comment', at),
    shares: ctx.metrics.countAt(profile, 'share', at),
    reactions,
    reactionTotal,
  };
}

/** totalShareStatistics (docs/networks.md, LinkedIn · Organisation post statistics); `engagement` = (clicks + likes + comments + shares) / impressions. */
export function shareStatistics(stats: LinkedInPostStats, withUnique: boolean): Record<string, number> {
  const engagement = stats.impressions > 0 ? (stats.clicks + stats.reactionTotal + stats.comments + stats.shares) / stats.impressions : 0;
  return {
    ...(withUnique ? { uniqueImpressionsCount: stats.uniqueImpressions } : {}),
    shareCount: stats.shares,
    engagement,
    clickCount: stats.clicks,
    likeCount: stats.reactionTotal,
    impressionCount: stats.impressions,
    commentCount: stats.comments,
    shareMentionsCount: 0,
    commentMentionsCount: 0,
  };
}

export function subtractStats(end: LinkedInPostStats, start: LinkedInPostStats): LinkedInPostStats {
  const reactions: Record<string, number> = {};
  for (const [type, count] of Object.entries(end.reactions)) reactions[type] = count - (start.reactions[type] ?? 0);
  return {
    impressions: end.impressions - start.impressions,
    uniqueImpressions: end.uniqueImpressions - start.uniqueImpressions,
    clicks: end.clicks - start.clicks,
    comments: end.comments - start.comments,
    shares: end.shares - start.shares,
    reactions,
    reactionTotal: end.reactionTotal - start.reactionTotal,
  };
}

export function addStats(a: LinkedInPostStats, b: LinkedInPostStats): LinkedInPostStats {
  const reactions: Record<string, number> = { ...a.reactions };
  for (const [type, count] of Object.entries(b.reactions)) reactions[type] = (reactions[type] ?? 0) + count;
  return {
    impressions: a.impressions + b.impressions,
    uniqueImpressions: a.uniqueImpressions + b.uniqueImpressions,
    clicks: a.clicks + b.clicks,
    comments: a.comments + b.comments,
    shares: a.shares + b.shares,
    reactions,
    reactionTotal: a.reactionTotal + b.reactionTotal,
  };
}

export const EMPTY_STATS: LinkedInPostStats = {
  impressions: 0,
  uniqueImpressions: 0,
  clicks: 0,
  comments: 0,
  shares: 0,
  reactions: {},
  reactionTotal: 0,
};
