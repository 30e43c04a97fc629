import type { Post } from '@postflow/contract';
import { EDIT_LIMITS, xWeightedLength } from '@postflow/contract/client';
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
    case 'scheduled':
    case 'pending':
      return 'scheduled';
    default:
      return 'attention';
  }
}

/** The author block of a card: the profile's owner ('User' when the profile could not be read; docs/product.md, Profile · Post lists). */
export interface PostAuthor {
  id: string | null;
  name: string;
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
  platformURL: string | null;
  publishedAt: string | null;
  scheduledFor: string | null;
  status: string;
  failureReason: string | null;
  /** The zone it was planned in and the LinkedIn page it goes out as: what Undo of a delete schedules again. */
  timeZone: string;
  linkedInOrgId: string | null;
  user: PostAuthor;
  engagement: { likes: number; comments: number };
}

/** The list's post, plus the optional engagement block (absent from today's list answer). */
type ListedPost = Post & { engagement?: { likes?: number; comments?: number } };

export function toDisplayPost(post: ListedPost, author: PostAuthor): DisplayPost {
  return {
    id: post.id,
    content: post.text,
    platform: post.platform.toLowerCase(),
    image: post.media_urls[0] ?? null,
    mediaUrls: post.media_urls,
    platformURL: post.platform_url,
    publishedAt: post.published_at,
    scheduledFor: post.scheduled_for,
    status: post.status ?? 'unknown',
    failureReason: post.failure_reason,
    timeZone: post.time_zone,
    linkedInOrgId: post.linkedin_org_id,
    // The handle is the account the post went out on; the profile's username when that is unknown.
    user: { ...author, handle: post.account.username ?? author.handle },
    engagement: { likes: post.engagement?.likes ?? 0, comments: post.engagement?.comments ?? 0 },
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
