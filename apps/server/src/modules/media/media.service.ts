import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/client';
import { processImage, type ProcessedImage } from './image-processing';
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

export function createMediaService(deps: { db: Database; storage: MediaStorage }) {
  const repository = createMediaRepository(deps.db);
  return {
    /** Validates and re-encodes an upload (throws a 4xx AppError for anything that is not a usable image). */
    prepare: processImage,

    /**
     * Stores a prepared image: the bytes first, then the row in the caller's transaction. If that
     * transaction fails, `discard` removes the bytes again, so nothing is left half-written.
     */
    async save(tx: Queryable, userId: string, image: ProcessedImage): Promise<{ record: MediaRecord; discard: () => Promise<void> }> {
      const id = randomUUID();
      const record: MediaRecord = {
        id,
        userId,
        storageKey: `${userId}/${id}.${extension[image.mimeType]}`,
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
    /**
     * Deletes, in the caller's transaction, the row of a picture its owner no longer uses anywhere.
     * The bytes must outlive the transaction (a rollback keeps the row), so they are left to the
     * returned `removeBytes`, to call once it has committed; nothing is returned while the picture is in use.
     */
    async forgetUnused(tx: Queryable, userId: string, id: string): Promise<ForgottenMedia | undefined> {
      const storageKey = await createMediaRepository(tx).deleteUnreferenced(userId, id);
      if (storageKey === undefined) return undefined;
      return { storageKey, removeBytes: () => deps.storage.delete(storageKey) };
    },
    async read(id: string): Promise<{ record: MediaRecord; bytes: Buffer } | undefined> {
      const record = await repository.findById(id);
      if (!record) return undefined;
      const bytes = await deps.storage.get(record.storageKey);
      return bytes ? { record, bytes } : undefined;
    },
    async findForUser(userId: string, ids: string[]): Promise<MediaRecord[]> {
      return repository.findManyForUser(userId, ids);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
