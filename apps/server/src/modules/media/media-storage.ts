import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileSource, type ByteSource } from '../../lib/byte-source';

/** A stored file, read in pieces (the checks, the publisher's chunks) or streamed (GET /media/:id with Range). */
export interface StoredFile extends ByteSource {
  /** The bytes from `start` to `end`, both included; the whole file without a range. */
  stream(range?: { start: number; end: number }): Readable;
}

/** An upload written aside as it arrived, not yet under a key: checked from here, then committed or discarded. */
export type StagedFile = ByteSource;

/**
 * Where media bytes live. Local disk under DATA_DIR/media by default; an S3-compatible store can
 * implement the same calls for scale-out (several API processes need shared storage), staging
 * uploads on local disk before sending them on.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Writes `incoming` to a file of its own as it arrives (never all of it in memory); if the stream
   * fails (a limit, a client that went away), what was written is removed and the error thrown.
   */
  stage(incoming: Readable): Promise<StagedFile>;
  /** Moves a staged file under `key`; afterwards `discard` leaves it alone. */
  commit(staged: StagedFile, key: string): Promise<void>;
  /** Removes a staged file that was not committed. */
  discard(staged: StagedFile): Promise<void>;
  open(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
  /** Removes staged files last written before `cutoff`: left by a process that stopped mid-upload. */
  sweepStaged(cutoff: Date): Promise<number>;
}

/** Beside the stored files, so committing is a rename on the same disk; keys never start with a dot. */
const STAGING_DIR = '.incoming';

export function createDiskMediaStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    // Keys come from our own rows, but a delete must never reach outside the media directory:
    // no `.` or `..` segment, and the joined path must still lie below `root`.
    const file = path.join(root, key);
    const safe = /^[\w-]+(\/[\w.-]+)*$/.test(key) && !key.split('/').some((segment) => /^\.+$/.test(segment));
    if (!safe || !file.startsWith(path.join(root, path.sep))) throw new Error(`Unsafe media key ${key}`);
    return file;
  };
  const staging = path.join(root, STAGING_DIR);
  // Only files this storage staged are committed or discarded, by the path it chose.
  const stagedPaths = new WeakMap<StagedFile, string>();

  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async stage(incoming) {
      await mkdir(staging, { recursive: true });
      const file = path.join(staging, `${randomUUID()}.part`);
      const output = createWriteStream(file, { flags: 'wx' });
      try {
        await pipeline(incoming, output);
      } catch (error) {
        // A part refused at once can fail the pipeline before the file is even open; removing it
        // then would leave the file the pending open creates, so wait for the stream to close first.
        if (!output.closed) await once(output, 'close').catch(() => undefined);
        await rm(file, { force: true });
        throw error;
      }
      const staged = fileSource(file, (await stat(file)).size);
      stagedPaths.set(staged, file);
      return staged;
    },
    async commit(staged, key) {
      const from = stagedPaths.get(staged);
      if (!from) throw new Error('That file was not staged here, or is already committed');
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await rename(from, file);
      stagedPaths.delete(staged);
    },
    async discard(staged) {
      const file = stagedPaths.get(staged);
      if (!file) return;
      stagedPaths.delete(staged);
      await rm(file, { force: true });
    },
    async open(key) {
      const file = resolve(key);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
      return { ...fileSource(file, size), stream: (range) => createReadStream(file, range ?? {}) };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async sweepStaged(cutoff) {
      let names: string[];
      try {
        names = await readdir(staging);
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(staging, name);
        const written = await stat(file).catch(() => undefined);
        if (!written || written.mtime >= cutoff) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
