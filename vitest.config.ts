import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one worker on a 2-core machine, and the server tests spend much
    // of their time waiting on PostgreSQL and on timers: two files at a time take 5 minutes, not 8.5.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contract',
      'packages/sandbox',
      'apps/server',
      'apps/web',
      // The lint tooling's own checks (scripts/**/*.test.mjs), e.g. that the import boundaries bite.
      { test: { name: 'tooling', include: ['scripts/**/*.test.mjs'], exclude: ['**/node_modules/**', 'scripts/boundaries/fixtures/**'] } },
    ],
  },
});
