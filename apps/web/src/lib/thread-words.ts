import type { FirstCommentView, ThreadPartView } from '@postflow/contract';

/** What a post card needs to show a thread and a first comment (posts, feed, calendar items alike). */
export interface ThreadItem {
  id: string;
  status: string;
  thread?: readonly ThreadPartView[] | undefined;
  first_comment?: FirstCommentView | undefined;
}

/** A thread is a post of more than one part; a single post has no parts to show. */
export function threadOf(item: Pick<ThreadItem, 'thread'>): readonly ThreadPartView[] | null {
  return item.thread && item.thread.length > 1 ? item.thread : null;
}

/** The part "Retry from part k" resumes from: the first that is not on the network; null when all are. */
export function retryFrom(parts: readonly ThreadPartView[]): number | null {
  return parts.find((part) => part.status !== 'published')?.position ?? null;
}

/**
 * Whether a part or first comment stopped for good and waits for the person's retry: refused,
 * missed, its account to reconnect, or not sent after an earlier one (the statuses the server
 * retries, docs/decisions/155-threads.md).
 */
export function stoppedForGood(status: string): boolean {
  return ['failed', 'missed', 'needs_reconnect', 'unsent'].includes(status);
}

/** 'Partly published: 2 of 4 parts went out.' for a thread that stopped; null when nothing stopped. */
export function partialSummary(parts: readonly ThreadPartView[]): string | null {
  const out = parts.filter((part) => part.status === 'published').length;
  if (out === 0 || out === parts.length || !parts.some((part) => stoppedForGood(part.status))) return null;
  return `${out} of ${parts.length} parts went out.`;
}

/** What deleting a thread does, said before it is done: every part goes, on the network too. */
export function threadDeleteWarning(parts: readonly ThreadPartView[], network: string): string {
  const out = parts.filter((part) => part.status === 'published').length;
  const onNetwork =
    out > 0 ? ` The ${out === 1 ? 'part' : `${out} parts`} already on ${network} ${out === 1 ? 'is' : 'are'} deleted there too.` : '';
  return `This deletes every part of the thread (${parts.length} parts), not only the first.${onNetwork}`;
}
