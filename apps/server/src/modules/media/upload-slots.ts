import { AppError } from '../../lib/errors';

/**
 * Requests one person may have streaming files to disk at once, in one process
 * (docs/decisions/158-uploads-at-once.md). The composer sends one file at a time, so a person never
 * meets it; a script opening dozens of 512 MiB uploads at once cannot fill the disk DATA_DIR shares
 * with the database.
 */
export const UPLOADS_AT_ONCE = 3;

/** Long enough for a small file to finish; the composer waits it out (decision 111's patient uploads). */
const RETRY_AFTER_SECONDS = 5;

export function createUploadSlots(perPerson = UPLOADS_AT_ONCE) {
  const going = new Map<string, number>();
  return {
    /** Counts one upload of `personId`'s, or refuses it (429) while they have `perPerson` going; the answer ends it, once. */
    take(personId: string): () => void {
      const count = going.get(personId) ?? 0;
      if (count >= perPerson)
        throw new AppError(
          'rate_limited',
          `You are already uploading ${perPerson} files; wait for one of them to finish, then send this one again.`,
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      going.set(personId, count + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        const left = (going.get(personId) ?? 1) - 1;
        if (left > 0) going.set(personId, left);
        else going.delete(personId);
      };
    },
  };
}
export type UploadSlots = ReturnType<typeof createUploadSlots>;
