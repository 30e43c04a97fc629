import type { MediaKind, Post, PostLinkCard } from '@postflow/contract';
import type { ThreadItem } from '../../../../lib/thread-words';
import { EDIT_LIMITS, xWeightedLength } from '@postflow/contract/client';
import { authorHandleText } from '../../../../lib/post-author';
import { cutAtWord } from '../../../../lib/text';

/** Collapse thresholds (docs/product.md, Profile · Post lists). */
export const PUBLISHED_COLLAPSE_AT = 120;
export const SCHEDULED_COLLAPSE_AT = 150;

/**
 * docs/product.md, Profile · Post lists: published and completed count as published, scheduled and
 * pending as scheduled; anything else the server may send (failed, missed, needs_reconnect) needs
 * attention and stays with the scheduled posts, where it can be edited or sent again.
 */
export type StatusGroup = 'published' | 'scheduled' | 'attention';

export function statusGroup(status: string | null | undefined): StatusGroup {
  switch ((status ?? 'unknown').toLowerCase()) {
    case 'published':
    case 'completed':
      return 'published';
    // A post waiting for an owner or admin is still to come (docs/decisions/130-approvals.md).
    case 'scheduled':
    case 'pending':
    case 'pending_approval':
      return 'scheduled';
    default:
      return 'attention';
  }
}

/**
 * The author block of a card: who the post went out as, the network account or the LinkedIn page
 * (docs/decisions/124-one-identity-per-post.md), never the Postflow profile's own name.
 */
export interface CardAuthor {
  name: string;
  /** As the network writes it ('@ada' on X, 'Page · acme' for a LinkedIn page); null when there is none. */
  handle: string | null;
  avatar: string | null;
}

/** A post as a card shows it (docs/product.md, Profile · Post lists). */
export interface DisplayPost {
  id: string;
  content: string;
  platform: string;
  image: string | null;
  /** Every attached image (the card shows the first); an edit sends them all back. */
  mediaUrls: string[];
  /** Per file of `mediaUrls`, its alt text ('' for none): the edit modal shows and keeps them. */
  mediaAlts: string[];
  /** What the first file is (the card shows it): a video plays, a document opens. */
  imageKind: MediaKind | undefined;
  /** A document post's title; null for other posts. */
  documentTitle: string | null;
  /** The link card a LinkedIn post goes (or went) out with. */
  linkCard: PostLinkCard | null;
  platformURL: string | null;
  publishedAt: string | null;
  scheduledFor: string | null;
  status: string;
  failureReason: string | null;
  /** The zone it was planned in and the LinkedIn page it goes out as: what Undo of a delete schedules again. */
  timeZone: string;
  linkedInOrgId: string | null;
  user: CardAuthor;
  engagement: { likes: number; comments: number };
  /** An X thread's parts and a LinkedIn first comment, as the server sends them (docs/decisions/155-threads.md). */
  threadItem: ThreadItem;
}

export function toDisplayPost(post: Post): DisplayPost {
  return {
    id: post.id,
    content: post.text,
    platform: post.platform.toLowerCase(),
    image: post.media_urls[0] ?? null,
    mediaUrls: post.media_urls,
    mediaAlts: post.media_urls.map((_, index) => post.media_alts[index] ?? ''),
    imageKind: post.media_kinds[0],
    documentTitle: post.document_title,
    linkCard: post.link_card,
    platformURL: post.platform_url,
    publishedAt: post.published_at,
    scheduledFor: post.scheduled_for,
    status: post.status ?? 'unknown',
    failureReason: post.failure_reason,
    timeZone: post.time_zone,
    linkedInOrgId: post.linkedin_org_id,
    user: { name: post.author.name, handle: authorHandleText(post.platform, post.author), avatar: post.author.avatar_url },
    // The network's latest counts, the ones the feed shows for the same post.
    engagement: { likes: post.likes_count, comments: post.comments_count },
    threadItem: { id: post.id, status: post.status, thread: post.thread, first_comment: post.first_comment },
  };
}

/** The edit modal's platform values (linkedin, twitter; docs/product.md, Profile · Edit scheduled post). */
export type EditPlatform = 'linkedin' | 'twitter';
export const toEditPlatform = (platform: string): EditPlatform => (platform.toLowerCase() === 'linkedin' ? 'linkedin' : 'twitter');

/** docs/product.md, Profile · Edit scheduled post: LinkedIn 1300, X/Twitter 280 (weighted as X counts), otherwise 1000. */
export function editLimit(platform: string): { limit: number; length: (text: string) => number } {
  switch (platform.toLowerCase()) {
    case 'linkedin':
      return { limit: EDIT_LIMITS.linkedin, length: (text) => text.length };
    case 'x':
    case 'twitter':
      return { limit: EDIT_LIMITS.x, length: xWeightedLength };
    default:
      return { limit: EDIT_LIMITS.other, length: (text) => text.length };
  }
}

/** The text a collapsed card shows: whole up to `limit` characters (code points, so emoji stay whole), cut at a word with '...' beyond. */
export function collapseText(text: string, limit: number): { collapsible: boolean; short: string } {
  const { cut, text: short } = cutAtWord(text, limit, '...');
  return { collapsible: cut, short };
}
