import type { LinkCard, MediaKind, Post, PostLinkCard } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { toPostAuthor } from './post-author';
import type { TargetRow } from './posts.repository';
import { chainView, loadChains, type Chains } from './thread-view';

/** What a target carries besides its text, as posts and the feed answer it (docs/decisions/152-channel-picker-and-kept-attachments.md). */
export function toPostAttachments(row: {
  mediaIds: string[];
  mediaAlts: string[];
  mediaKinds: MediaKind[];
  mediaTitle: string | null;
  linkCard: LinkCard | null;
}): {
  media_alts: string[];
  media_kinds: MediaKind[];
  document_title: string | null;
  link_card: PostLinkCard | null;
} {
  const card = row.linkCard;
  return {
    media_alts: row.mediaIds.map((_, index) => row.mediaAlts[index] ?? ''),
    media_kinds: row.mediaIds.map((_, index) => row.mediaKinds[index] ?? 'image'),
    document_title: row.mediaTitle,
    link_card: card ? { url: card.url, title: card.title, description: card.description ?? '', imageUrl: card.imageUrl ?? null } : null,
  };
}

/** One post as the lists show it; a thread's or a commented post's `chains` fold its parts in. */
export function toPostDto(row: TargetRow, mediaUrl: (id: string) => string, chains?: Chains): Post {
  const chain = chainView(row, chains?.get(row.id), mediaUrl);
  return {
    id: row.id,
    post_id: row.postId,
    // The spec's name for who wrote it (docs/decisions/128-workspaces.md).
    user_id: row.createdBy,
    platform: row.network,
    text: row.text,
    status: chain.status,
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
    likes_count: chain.likes,
    comments_count: chain.comments,
    shares_count: chain.shares,
    metrics_updated_at: row.metricsUpdatedAt?.toISOString() ?? null,
    account: {
      id: row.accountId,
      username: row.accountUsername,
      displayName: row.accountDisplayName,
      sandbox: row.accountIsSandbox ?? false,
    },
    author: toPostAuthor(row),
    ...chain.fields,
  };
}

/** Posts as the lists show them, each thread's parts and each post's first comment read in one query. */
export async function toPostDtos(db: Queryable, rows: readonly TargetRow[], mediaUrl: (id: string) => string): Promise<Post[]> {
  const chains = await loadChains(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPostDto(row, mediaUrl, chains));
}
