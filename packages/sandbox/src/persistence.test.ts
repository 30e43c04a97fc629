import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPersistence } from './persistence';

describe('sandbox state file', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-state-'));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is readable by its owner only, as it holds live sandbox tokens, even when an older file was world-readable', async () => {
    const file = path.join(folder, 'state.json');
    writeFileSync(file, '{}', { mode: 0o644 });
    const persistence = createPersistence(file, () => ({ tokens: ['live-token'] }), 10);
    persistence.markDirty();
    await persistence.flush();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
