import { open } from 'node:fs/promises';

/**
 * A file read a piece at a time: the upload checks read an MP4's boxes or a zip's directory, and
 * the publisher one network chunk, without holding the whole file (docs/decisions/153-media-streaming.md).
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset`; fewer at the end of the file, none past it. */
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + Math.max(0, length))),
  };
}

/**
 * The file at `path`, opened for each read: a read retried after a failed network call reads the
 * range again, and nothing stays open between the chunks of a long upload.
 */
export function fileSource(path: string, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const wanted = Math.max(0, Math.min(length, size - offset));
      if (!wanted) return Buffer.alloc(0);
      const handle = await open(path, 'r');
      try {
        const buffer = Buffer.allocUnsafe(wanted);
        let filled = 0;
        while (filled < wanted) {
          const { bytesRead } = await handle.read(buffer, filled, wanted - filled, offset + filled);
          if (!bytesRead) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      } finally {
        await handle.close();
      }
    },
  };
}

/**
 * How much of a file is read at once while it streams into a request. Small pieces go out and are
 * collected young: a 100 MiB video sent in 4 MiB reads grew a process by some 65 MiB before V8
 * collected them, in 256 KiB reads by a few (docs/benchmarks.md, media-upload).
 */
export const STREAM_READ_BYTES = 256 * 1024;

/** Bytes `from` to `to` (the whole source by default), `readBytes` at a time: a request body sent without holding the file. */
export async function* chunksOf(
  source: ByteSource,
  range: { from?: number; to?: number } = {},
  readBytes = STREAM_READ_BYTES,
): AsyncGenerator<Buffer> {
  const to = Math.min(range.to ?? source.size, source.size);
  for (let offset = range.from ?? 0; offset < to;) {
    const chunk = await source.read(offset, Math.min(readBytes, to - offset));
    if (!chunk.length) throw new Error(`The file ended at ${offset} of ${source.size} bytes.`);
    offset += chunk.length;
    yield chunk;
  }
}
