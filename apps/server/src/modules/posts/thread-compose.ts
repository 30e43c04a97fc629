import type { ThreadPart } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { MediaService } from '../media/media.service';
import type { Destination } from './destinations';
import { attachedFileOf, checkAttachments } from './media-rules';
import type { createPostsRepository } from './posts.repository';

/**
 * A thread's parts and a post's first comment, stored beside its head (docs/decisions/155-threads.md):
 * each part its own target, waiting until the part before it is out.
 */

const where = (destination: Destination) => (destination.channelId ? `channel ${destination.channelId}'s thread` : 'the X thread');

/**
 * Refuses a part's files X would refuse: images only, up to 4, named by part (`where`: 'the X
 * thread') and by field (`field`: 'thread.x'). Answers the files to hold.
 */
export async function checkPartsMedia(
  media: MediaService,
  workspaceId: string,
  parts: readonly ThreadPart[],
  where: string,
  field: string,
): Promise<string[]> {
  const held: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (part.mediaIds.length === 0) continue;
    const name = `Part ${index + 1} of ${where}`;
    const partField = `${field}.${index}`;
    const records = await media.findInOrder(workspaceId, part.mediaIds, `${partField}.mediaIds`).catch((error: unknown) => {
      // The person has to know which post of the thread to fix, not only that some file is gone.
      if (error instanceof AppError) throw new AppError(error.code, `${name}: ${error.message}`, error.options);
      throw error;
    });
    const notImage = records.find((record) => record.kind !== 'image');
    if (notImage)
      throw new AppError('validation_failed', `${name} can carry images only; ${notImage.fileName ?? 'one file'} is not an image.`, {
        fields: { [`${partField}.mediaIds`]: 'Images only' },
      });
    try {
      checkAttachments(['x'], records.map(attachedFileOf), part.alts, undefined);
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError('validation_failed', `${name}: ${error.message}`, { fields: { [partField]: error.message } });
      throw error;
    }
    held.push(...part.mediaIds);
  }
  return held;
}

/** Refuses, before anything is stored, a part's files X would refuse, in every destination's thread. */
export async function checkThreadMedia(media: MediaService, workspaceId: string, destinations: readonly Destination[]): Promise<string[]> {
  const held: string[] = [];
  for (const destination of destinations) {
    const field = destination.channelId ? `perChannelThread.${destination.channelId}` : 'thread.x';
    held.push(...(await checkPartsMedia(media, workspaceId, destination.thread ?? [], where(destination), field)));
  }
  return held;
}

/** The files part 1 goes out with: its own, else the post's. */
export function headMedia(
  destination: Pick<Destination, 'thread'>,
  post: { mediaIds: string[]; mediaAlts: string[] },
): { mediaIds: string[]; mediaAlts: string[] } {
  const first: ThreadPart | undefined = destination.thread?.[0];
  return first?.mediaIds.length ? { mediaIds: first.mediaIds, mediaAlts: first.alts } : post;
}

/** Stores parts 2..n, each answering the one before, and the first comment under the head. */
export async function insertChain(
  posts: ReturnType<typeof createPostsRepository>,
  destination: Destination,
  head: { id: string; postId: string; workspaceId: string; scheduledAt: Date; status: 'scheduled' | 'pending_approval' },
): Promise<void> {
  const common = {
    postId: head.postId,
    workspaceId: head.workspaceId,
    accountId: destination.account.id,
    network: destination.network,
    linkedinOrgId: destination.organizationId,
    scheduledAt: head.scheduledAt,
    page: destination.page,
    status: head.status,
    channelId: destination.channelId,
  };
  let parent = head.id;
  for (const [index, part] of (destination.thread ?? []).slice(1).entries()) {
    parent = await posts.insertTarget({
      ...common,
      text: part.text,
      mediaIds: part.mediaIds,
      mediaAlts: part.alts,
      chain: { kind: 'part', headTargetId: head.id, parentTargetId: parent, position: index + 2 },
    });
  }
  if (destination.firstComment !== null)
    await posts.insertTarget({
      ...common,
      text: destination.firstComment,
      mediaIds: [],
      chain: { kind: 'comment', headTargetId: head.id, parentTargetId: head.id, position: 1 },
    });
}

/** Holds the parts' files for the transaction that stores them, as the post's own are held. */
export function holdThreadMedia(media: MediaService, tx: Queryable, workspaceId: string, ids: readonly string[]): Promise<void> {
  return ids.length ? media.hold(tx, workspaceId, ids) : Promise.resolve();
}
