import type { Network } from '@postflow/contract';
import { networkName } from '@postflow/contract/client';
import { formatWhen } from '../../../../lib/date-time';
import { quote } from '../../../../lib/text';
import { threadOf } from '../../../../lib/thread-words';
import type { DisplayPost } from './post-display';

export const networkLabel = (platform: string): string =>
  platform === 'linkedin' || platform === 'x' ? networkName(platform as Network) : platform;

/** Which post, in words a screen reader can tell apart: '“Big news for…” scheduled for Thu 26 Nov, 18:30'. */
export function postLabel(post: DisplayPost, now: Date): string {
  const words = `“${quote(post.content)}”`;
  if (post.status === 'scheduled' && post.scheduledFor) return `${words} scheduled for ${formatWhen(post.scheduledFor, now)}`;
  if (post.status === 'pending') return `${words}, being published`;
  return `${words}, ${post.status.replace('_', ' ')} on ${networkLabel(post.platform)}`;
}

/**
 * Undo of a delete is offered where it is safe (docs/decisions/122): a scheduled post without an
 * image, not due for a minute; not a thread, which one text cannot bring back.
 */
export const RESTORE_MARGIN_MS = 60_000;

export function canRestore(post: DisplayPost, now: number): boolean {
  if (post.status !== 'scheduled' || !post.scheduledFor || post.mediaUrls.length > 0 || threadOf(post.threadItem)) return false;
  return Date.parse(post.scheduledFor) - now > RESTORE_MARGIN_MS;
}
