import type { BadgeTone } from '../components/ui/badge';

export interface PostStatusLook {
  label: string;
  tone: BadgeTone;
}

/**
 * Every screen's word and colour for a post's status (docs/decisions/124-one-identity-per-post.md):
 * the feed, the profile's lists, the dashboard and post management all read this one table. Colours
 * follow docs/product.md (Profile · Scheduled posts): scheduled green, pending amber, failed red;
 * published is blue, so it never reads as "still to come".
 */
const LOOKS: Record<string, PostStatusLook> = {
  published: { label: 'Published', tone: 'info' },
  // An older spelling of published (docs/product.md, Profile · Post lists).
  completed: { label: 'Published', tone: 'info' },
  scheduled: { label: 'Scheduled', tone: 'success' },
  // Being sent right now.
  pending: { label: 'Publishing', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  missed: { label: 'Missed', tone: 'danger' },
  needs_reconnect: { label: 'Needs reconnect', tone: 'warning' },
  draft: { label: 'Draft', tone: 'neutral' },
};

export function postStatusLook(status: string | null | undefined): PostStatusLook {
  return LOOKS[(status ?? '').toLowerCase()] ?? { label: 'Unknown', tone: 'neutral' };
}
