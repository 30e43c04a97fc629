import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { processImage, type ImageBox, type ProcessedImage } from './image-processing';
import type { ImageQueue } from './image-queue';
import { createMediaRepository, type MediaRecord } from './media.repository';
import type { MediaStorage } from './media-storage';

const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' } as const;

/** Media are served at an unguessable address (their uuid), so <img> tags work without a bearer token. */
export const mediaUrl = (id: string) => `/media/${id}`;

/** A picture whose row is gone; its bytes stay until `removeBytes` is called. */
export interface ForgottenMedia {
  storageKey: string;
  removeBytes: () => Promise<void>;
}

/** Generous for a person composing posts, tight for a script keeping the image queue busy (decision 111). */
export const uploadLimit = {
  name: 'upload:user',
  max: 30,
  windowMs: 10 * 60_000,
  message: 'You have uploaded 30 images in the last few minutes.',
} satisfies RateLimit;

export function createMediaService(deps: { db: Database; storage: MediaStorage; rateLimiter: RateLimiter; imageQueue: ImageQueue }) {
  const repository = createMediaRepository(deps.db);

  /**
   * Deletes, in the caller's transaction, the row of a picture its owner no longer uses anywhere.
   * The bytes must outlive the transaction (a rollback keeps the row), so they are left to the
   * returned `removeBytes`, to call once it has committed; nothing is returned while the picture is in use.
   */
  async function forgetUnused(tx: Queryable, workspaceId: string, id: string): Promise<ForgottenMedia | undefined> {
    const storageKey = await createMediaRepository(tx).deleteUnreferenced(workspaceId, id);
    if (storageKey === undefined) return undefined;
    return { storageKey, removeBytes: () => deps.storage.delete(storageKey) };
  }

  return {
    /**
     * Validates and re-encodes a person's upload, scaled into `box` if given: a 4xx AppError for
     * anything that is not a usable image, 429 past the person's upload limit, 503 (with
     * Retry-After) when too many images wait for their turn.
     */
    async prepare(uploaderId: string, upload: Buffer, box?: ImageBox): Promise<ProcessedImage> {
      await deps.rateLimiter.consume(uploadLimit, uploaderId);
      return deps.imageQueue.run(uploaderId, () => processImage(upload, box));
    },

    /**
     * Stores a prepared image: the bytes first, then the row in the caller's transaction. If that
     * transaction fails, `discard` removes the bytes again, so nothing is left half-written.
     */
    async save(tx: Queryable, workspaceId: string, image: ProcessedImage): Promise<{ record: MediaRecord; discard: () => Promise<void> }> {
      const id = randomUUID();
      const record: MediaRecord = {
        id,
        workspaceId,
        storageKey: `${workspaceId}/${id}.${extension[image.mimeType]}`,
        mimeType: image.mimeType,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
      };
      await deps.storage.put(record.storageKey, image.bytes);
      const discard = () => deps.storage.delete(record.storageKey);
      try {
        await createMediaRepository(tx).insert(record);
      } catch (error) {
        await discard();
        throw error;
      }
      return { record, discard };
    },
    forgetUnused,
    /**
     * `forgetUnused` for each of `ids`; the returned function removes the bytes of those forgotten,
     * once the caller's transaction has committed, logging (not throwing) a file it could not delete.
     */
    async forgetAllUnused(tx: Queryable, workspaceId: string, ids: readonly string[]): Promise<(log: Log) => Promise<void>> {
      const forgotten: ForgottenMedia[] = [];
      for (const id of new Set(ids)) {
        const gone = await forgetUnused(tx, workspaceId, id);
        if (gone) forgotten.push(gone);
      }
      return async (log) => {
        for (const gone of forgotten) {
          await gone
            .removeBytes()
            .catch((error: unknown) =>
              log.warn(
                { workspaceId, storageKey: gone.storageKey, err: error },
                'could not delete an unused image; its file stays on disk',
              ),
            );
        }
      };
    },
    /**
     * Deletes up to `limit` images that nothing has referenced since before `cutoff` (a post edited
     * to drop its picture, a deletion that failed half way), rows first, then their files.
     */
    async sweepUnreferenced(cutoff: Date, limit: number): Promise<number> {
      const keys = await repository.deleteUnreferencedBefore(cutoff, limit);
      for (const key of keys) await deps.storage.delete(key);
      return keys.length;
    },
    async read(id: string): Promise<{ record: MediaRecord; bytes: Buffer } | undefined> {
      const record = await repository.findById(id);
      if (!record) return undefined;
      const bytes = await deps.storage.get(record.storageKey);
      return bytes ? { record, bytes } : undefined;
    },
    async findInWorkspace(workspaceId: string, ids: string[]): Promise<MediaRecord[]> {
      return repository.findManyInWorkspace(workspaceId, ids);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
