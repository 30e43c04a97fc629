import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  it('stores, reads and deletes a file under its key', async () => {
    const storage = createDiskMediaStorage(root);
    await storage.put('user/picture.png', Buffer.from('bytes'));
    expect((await storage.get('user/picture.png'))?.toString()).toBe('bytes');
    await storage.delete('user/picture.png');
    expect(existsSync(path.join(root, 'user/picture.png'))).toBe(false);
  });

  for (const key of ['user/../../outside.txt', 'user/..', 'user/./../../outside.txt', '/outside.txt', 'user//../outside.txt']) {
    it(`refuses to delete "${key}", which could reach outside the media directory`, async () => {
      writeFileSync(path.join(dataDir, 'outside.txt'), 'keep me');
      await expect(createDiskMediaStorage(root).delete(key)).rejects.toThrow(/Unsafe media key/);
      expect(existsSync(path.join(dataDir, 'outside.txt'))).toBe(true);
    });
  }
});
