import type { ThreadPart } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { Destination } from './destinations';
import { createPostsRepository, type UnsentStatus } from './posts.repository';
import { insertChain } from './thread-compose';
import { createThreadsRepository, type ChainMember } from './threads.repository';

/**
 * What an edit (PUT /content/:id) says about a post's thread and first comment
 * (docs/decisions/155-threads.md, Editing): undefined leaves them as they are.
 */
export interface ChainEdit {
  /** Every part, part 1 first: the thread as it should be. */
  thread?: ThreadPart[] | undefined;
  /** The new first comment; null removes it. */
  firstComment?: string | null | undefined;
}

export const changesChain = (edit: ChainEdit) => edit.thread !== undefined || edit.firstComment !== undefined;

/** The files of the edited thread's parts 2..n (part 1's are the head's own). */
export const partMedia = (edit: ChainEdit) => (edit.thread ?? []).slice(1).flatMap((part) => part.mediaIds);

/**
 * Parts and comments are replaced only while nothing of the post is out: a thread that stopped
 * partway is resumed with "Retry from part k", not rewritten under the parts already on the network.
 */
export function refuseOnceAPartWentOut(members: readonly ChainMember[]) {
  const out = members.find((member) => member.status === 'published');
  if (!out) return;
  const which = out.kind === 'comment' ? 'Its first comment' : `Part ${out.kind === 'post' ? 1 : out.position} of this post`;
  throw conflict(`${which} already went out, so its thread and first comment can no longer be edited.`);
}

/**
 * In the edit's transaction, after its head was changed: the later parts and the comment the edit
 * names are stored anew, waiting for the head with its status. Their rows were never sent (checked
 * under the chain's lock), so nothing on the network is left without its row.
 */
export async function replaceChain(
  tx: Queryable,
  edit: ChainEdit,
  destination: Destination,
  head: { id: string; postId: string; workspaceId: string; scheduledAt: Date; status: UnsentStatus },
): Promise<void> {
  const threads = createThreadsRepository(tx);
  const posts = createPostsRepository(tx);
  if (edit.thread) {
    await threads.deleteUnsent(head.id, 'part');
    await insertChain(posts, { ...destination, thread: edit.thread, firstComment: null }, head);
  }
  if (edit.firstComment !== undefined) {
    await threads.deleteUnsent(head.id, 'comment');
    if (edit.firstComment !== null) await insertChain(posts, { ...destination, thread: null, firstComment: edit.firstComment }, head);
  }
}
