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
  // Approvals (docs/decisions/130-approvals.md): waiting reads as "not yet", a rejection as "needs you".
  pending_approval: { label: 'Waiting for approval', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'danger' },
  // Threads (docs/decisions/155-threads.md): some parts went out and a later one failed for good; a
  // part after a failed one waits for "Retry from part k".
  partially_published: { label: 'Partly published', tone: 'warning' },
  unsent: { label: 'Not sent', tone: 'neutral' },
};

/**
 * The line a post waiting for, or refused, approval shows in the feed, the profile and the edit
 * modal; undefined for every other status.
 */
export function approvalNote(post: { status: string; failure_reason?: string | null }): string | undefined {
  if (post.status === 'pending_approval') return 'Waiting for approval';
  if (post.status === 'rejected') return post.failure_reason ? `Rejected: ${post.failure_reason}` : 'Rejected';
  return undefined;
}

export function postStatusLook(status: string | null | undefined): PostStatusLook {
  return LOOKS[(status ?? '').toLowerCase()] ?? { label: 'Unknown', tone: 'neutral' };
}
