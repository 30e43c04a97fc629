import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Log } from '../../lib/logger';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { processImage, type ImageBox, type ProcessedImage } from './image-processing';
import type { ImageQueue } from './image-queue';
import { headOf, inspectFile, looksLikeImage, PPTX, type InspectedFile, type MediaMimeType } from './media-kinds';
import { createMediaRepository, type MediaRecord } from './media.repository';
import type { MediaStorage, StagedFile, StoredFile } from './media-storage';
import { createUploadSlots } from './upload-slots';

const extension: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
  [PPTX]: 'pptx',
};

/**
 * An upload checked from its bytes and ready to store: a re-encoded image, or a video or document
 * as sent, still in the file it was staged to (docs/decisions/153-media-streaming.md).
 */
export type PreparedMedia = (ProcessedImage & { kind?: 'image' }) | (InspectedFile & { file: StagedFile });

export const preparedBytes = (media: PreparedMedia): number => ('file' in media ? media.file.size : media.bytes.length);

/** A file name as people see it in messages: its last path segment, without control characters, at most 120 characters. */
export function cleanFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...last].filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127).join('');
  return printable.slice(0, 120) || 'file';
}

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

export function createMediaService(deps: {
  db: Database;
  storage: MediaStorage;
  rateLimiter: RateLimiter;
  imageQueue: ImageQueue;
  /** MEDIA_MAX_BYTES: the largest file one upload may carry. */
  maxUploadBytes: number;
}) {
  const repository = createMediaRepository(deps.db);
  const uploadSlots = createUploadSlots();

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
    maxUploadBytes: deps.maxUploadBytes,
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
     * Any upload a post may carry, recognised by its bytes: images as `prepare` does them (with the
     * file's name in the message when refused), MP4 videos and PDF or PPTX documents checked by
     * their structure, reading only the parts of the staged file they need, and kept as sent
     * (docs/decisions/147-media-app.md, 153-media-streaming.md).
     */
    async ingest(
      uploaderId: string,
      fileName: string,
      upload: StagedFile,
      options: { imagesOnly?: boolean } = {},
    ): Promise<PreparedMedia & { fileName: string }> {
      if (options.imagesOnly && upload.size > IMAGE_MAX_BYTES)
        throw new AppError('payload_too_large', `${fileName} is larger than 10 MB. Choose a smaller image.`);
      if (options.imagesOnly || (await looksLikeImage(await headOf(upload)))) {
        if (upload.size > IMAGE_MAX_BYTES)
          throw new AppError(
            'payload_too_large',
            `${fileName}: The image is ${(upload.size / 1024 / 1024).toFixed(1)} MB; images can be up to 10 MB.`,
          );
        await deps.rateLimiter.consume(uploadLimit, uploaderId);
        try {
          // Read only once its turn comes: images waiting in the queue hold no bytes.
          const image = await deps.imageQueue.run(uploaderId, async () => processImage(await upload.read(0, upload.size)));
          return { ...image, kind: 'image', fileName };
        } catch (error) {
          if (error instanceof AppError && error.status < 429)
            throw new AppError(error.code, `${fileName}: ${error.message}`, error.options);
          throw error;
        }
      }
      // Charged before reading: a refused file costs the server the same work as a kept one.
      await deps.rateLimiter.consume(uploadLimit, uploaderId);
      const inspected = await inspectFile(fileName, upload);
      return { ...inspected, file: upload, fileName };
    },

    /**
     * Counts a request of `personId`'s that streams files to disk, refusing it (429) while they have
     * UPLOADS_AT_ONCE going (docs/decisions/158-uploads-at-once.md); call the answer when it ends.
     */
    startUpload: (personId: string): (() => void) => uploadSlots.take(personId),
    /** Writes an incoming file part aside as it arrives (`MediaStorage.stage`); `discardStaged` removes it unless it was saved. */
    stage: (incoming: Readable): Promise<StagedFile> => deps.storage.stage(incoming),
    discardStaged: (staged: StagedFile): Promise<void> => deps.storage.discard(staged),

    /**
     * Re-encodes a picture the server fetched itself (a link card's thumbnail) in its turn of the
     * image queue, as uploads are: not counted as an upload of `personId`'s, but queued under it.
     */
    async reencodeInTurn(personId: string, bytes: Buffer, box?: ImageBox): Promise<ProcessedImage> {
      return deps.imageQueue.run(personId, () => processImage(bytes, box));
    },

    /**
     * Stores prepared media: the bytes first (an image written, a staged video or document moved into
     * place), then the row in the caller's transaction. If that transaction fails, `discard` removes
     * the bytes again, so nothing is left half-written.
     */
    async save(
      tx: Queryable,
      workspaceId: string,
      media: PreparedMedia & { fileName?: string },
    ): Promise<{ record: MediaRecord; discard: () => Promise<void> }> {
      const id = randomUUID();
      const record: MediaRecord = {
        id,
        workspaceId,
        storageKey: `${workspaceId}/${id}.${extension[media.mimeType]}`,
        kind: media.kind ?? 'image',
        mimeType: media.mimeType,
        byteSize: preparedBytes(media),
        width: media.width ?? null,
        height: media.height ?? null,
        fileName: media.fileName ?? null,
        durationMs: 'durationMs' in media ? (media.durationMs ?? null) : null,
        pages: 'pages' in media ? (media.pages ?? null) : null,
        videoCodec: 'videoCodec' in media ? (media.videoCodec ?? null) : null,
      };
      if ('file' in media) await deps.storage.commit(media.file, record.storageKey);
      else await deps.storage.put(record.storageKey, media.bytes);
      const discard = () => deps.storage.delete(record.storageKey);
      try {
        await createMediaRepository(tx).insert(record);
      } catch (error) {
        await discard();
        throw error;
      }
      return { record, discard };
    },
    /** `save` in a transaction of its own: an upload on its own (POST /api/v1/media). */
    async saveNow(workspaceId: string, media: PreparedMedia & { fileName?: string }): Promise<{ record: MediaRecord }> {
      return deps.db.transaction(async (tx) => ({ record: (await this.save(tx, workspaceId, media)).record }));
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
      // Uploads a process was receiving when it stopped; a live one is never older than a request's timeout.
      await deps.storage.sweepStaged(cutoff);
      return keys.length;
    },
    /** A stored file's row and its bytes, to read in pieces or stream; undefined when either is gone. */
    async read(id: string): Promise<{ record: MediaRecord; file: StoredFile } | undefined> {
      const record = await repository.findById(id);
      if (!record) return undefined;
      const file = await deps.storage.open(record.storageKey);
      return file ? { record, file } : undefined;
    },
    /**
     * In the caller's transaction, keeps already stored files from being swept or forgotten until it
     * commits; a file gone since it was looked up is refused, so no post ever points at a missing file.
     */
    async hold(tx: Queryable, workspaceId: string, ids: readonly string[]): Promise<void> {
      const unique = new Set(ids);
      if ((await createMediaRepository(tx).holdInWorkspace(workspaceId, [...unique])) !== unique.size)
        throw new AppError('validation_failed', 'One of the attached files was deleted meanwhile. Attach it again.', {
          fields: { mediaIds: 'Deleted meanwhile' },
        });
    },
    async findInWorkspace(workspaceId: string, ids: string[]): Promise<MediaRecord[]> {
      return repository.findManyInWorkspace(workspaceId, ids);
    },
    /** `ids`' records in the order given (a repeated id repeats); refused, naming the field, when one is not this workspace's. */
    async findInOrder(workspaceId: string, ids: readonly string[], field = 'mediaIds'): Promise<MediaRecord[]> {
      const found = await repository.findManyInWorkspace(workspaceId, [...new Set(ids)]);
      return ids.map((id, index) => {
        const record = found.find((candidate) => candidate.id === id);
        if (!record)
          throw new AppError(
            'validation_failed',
            'One of the attached files is not in this workspace or no longer exists. Attach it again.',
            {
              fields: { [`${field}.${index}`]: 'Unknown file' },
            },
          );
        return record;
      });
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
