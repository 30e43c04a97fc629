import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withBuildLock } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the build lock (npm start in several processes at once)', () => {
  it('lets one build run at a time: the others wait for it instead of writing the same folders', async () => {
    const events = [];
    const build = (name) =>
      withBuildLock(async () => {
        events.push(`${name} starts`);
        await sleep(300);
        events.push(`${name} ends`);
      });
    await Promise.all([build('first'), build('second'), build('third')]);
    for (let index = 0; index < events.length; index += 2) {
      expect(events[index]?.replace(' starts', '')).toBe(events[index + 1]?.replace(' ends', ''));
    }
  });

  it('takes over a lock left by a build that crashed', async () => {
    const lockDir = path.join(root, 'node_modules', '.cache', 'postflow-build.lock');
    mkdirSync(lockDir, { recursive: true });
    writeFileSync(path.join(lockDir, 'pid'), '999999999');
    const started = Date.now();
    expect(await withBuildLock(async () => 'built')).toBe('built');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
