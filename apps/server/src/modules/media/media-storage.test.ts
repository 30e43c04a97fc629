import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskMediaStorage } from './media-storage';

describe('disk media storage', () => {
  let dataDir: string;
  let root: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'postflow-media-storage-'));
    root = path.join(dataDir, 'media');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const allFiles = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  it('stores, reads in pieces, streams a range of, and deletes a file under its key', async () => {
    const storage = createDiskMediaStorage(root);
    await storage.put('user/picture.png', Buffer.from('0123456789'));
    const file = await storage.open('user/picture.png');
    expect(file?.size).toBe(10);
    expect((await file?.read(3, 4))?.toString()).toBe('3456');
    expect((await file?.read(8, 100))?.toString()).toBe('89');
    expect(await text(file!.stream({ start: 2, end: 5 }))).toBe('2345');
    await storage.delete('user/picture.png');
    expect(existsSync(path.join(root, 'user/picture.png'))).toBe(false);
    expect(await storage.open('user/picture.png')).toBeUndefined();
  });

  it('stages an incoming stream to a file, then moves it under its key, or removes it', async () => {
    const storage = createDiskMediaStorage(root);
    const kept = await storage.stage(Readable.from([Buffer.from('first '), Buffer.from('part')]));
    const dropped = await storage.stage(Readable.from([Buffer.from('never saved')]));
    expect(kept.size).toBe(10);
    expect((await kept.read(0, 5)).toString()).toBe('first');
    await storage.commit(kept, 'user/video.mp4');
    await storage.discard(kept);
    await storage.discard(dropped);
    expect(allFiles().map((entry) => entry.name)).toEqual(['video.mp4']);
    expect((await (await storage.open('user/video.mp4'))?.read(0, 100))?.toString()).toBe('first part');
  });

  it('removes what it wrote when the incoming stream fails half way', async () => {
    const storage = createDiskMediaStorage(root);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024);
        throw new Error('the client went away');
      })(),
    );
    await expect(storage.stage(failing)).rejects.toThrow('the client went away');
    expect(allFiles()).toEqual([]);
  });

  it('sweeps staged files left from before the cutoff, and only those', async () => {
    const storage = createDiskMediaStorage(root);
    await storage.stage(Readable.from([Buffer.from('left behind by a stopped process')]));
    const [left] = allFiles();
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(left!.parentPath, left!.name), hourAgo, hourAgo);
    const arriving = await storage.stage(Readable.from([Buffer.from('arriving now')]));
    expect(await storage.sweepStaged(new Date(Date.now() - 60_000))).toBe(1);
    expect(allFiles()).toHaveLength(1);
    expect((await arriving.read(0, 100)).toString()).toBe('arriving now');
  });

  for (const key of ['user/../../outside.txt', 'user/..', 'user/./../../outside.txt', '/outside.txt', 'user//../outside.txt']) {
    it(`refuses to delete "${key}", which could reach outside the media directory`, async () => {
      writeFileSync(path.join(dataDir, 'outside.txt'), 'keep me');
      await expect(createDiskMediaStorage(root).delete(key)).rejects.toThrow(/Unsafe media key/);
      expect(existsSync(path.join(dataDir, 'outside.txt'))).toBe(true);
    });
  }
});
