import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where image bytes live. Local disk under DATA_DIR/media by default; an S3-compatible store can
 * implement the same three calls for scale-out (several API processes need shared storage).
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

export function createDiskMediaStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    // Keys come from our own rows, but a delete must never reach outside the media directory:
    // no `.` or `..` segment, and the joined path must still lie below `root`.
    const file = path.join(root, key);
    const safe = /^[\w-]+(\/[\w.-]+)*$/.test(key) && !key.split('/').some((segment) => /^\.+$/.test(segment));
    if (!safe || !file.startsWith(path.join(root, path.sep))) throw new Error(`Unsafe media key ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
