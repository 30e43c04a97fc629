import type { LinkCard, Post, PostLinkCard } from '@postflow/contract';
import { toPostAuthor } from './post-author';
import type { TargetRow } from './posts.repository';

/** A target's status as the web app knows it ('publishing' is 'pending' on the wire). */
export const statusOnTheWire = {
  scheduled: 'scheduled',
  publishing: 'pending',
  published: 'published',
  failed: 'failed',
  needs_reconnect: 'needs_reconnect',
  missed: 'missed',
  pending_approval: 'pending_approval',
  rejected: 'rejected',
} as const;

/** What a target carries besides its text, as posts and the feed answer it (docs/decisions/152-channel-picker-and-kept-attachments.md). */
export function toPostAttachments(row: { mediaIds: string[]; mediaAlts: string[]; mediaTitle: string | null; linkCard: LinkCard | null }): {
  media_alts: string[];
  document_title: string | null;
  link_card: PostLinkCard | null;
} {
  const card = row.linkCard;
  return {
    media_alts: row.mediaIds.map((_, index) => row.mediaAlts[index] ?? ''),
    document_title: row.mediaTitle,
    link_card: card ? { url: card.url, title: card.title, description: card.description ?? '', imageUrl: card.imageUrl ?? null } : null,
  };
}

export function toPostDto(row: TargetRow, mediaUrl: (id: string) => string): Post {
  return {
    id: row.id,
    post_id: row.postId,
    // The spec's name for who wrote it (docs/decisions/128-workspaces.md).
    user_id: row.createdBy,
    platform: row.network,
    text: row.text,
    status: statusOnTheWire[row.status],
    media_urls: row.mediaIds.map(mediaUrl),
    ...toPostAttachments(row),
    platform_url: row.networkPostUrl,
    scheduled_for: row.scheduledAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    time_zone: row.timeZone,
    linkedin_org_id: row.linkedinOrgId,
    failure_reason: row.failureReason,
    // The counts the feed shows (docs/product.md, Feed · Post card), from the same kept reading.
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    shares_count: row.sharesCount,
    metrics_updated_at: row.metricsUpdatedAt?.toISOString() ?? null,
    account: {
      id: row.accountId,
      username: row.accountUsername,
      displayName: row.accountDisplayName,
      sandbox: row.accountIsSandbox ?? false,
    },
    author: toPostAuthor(row),
  };
}
