import { defineConfig } from 'vitest/config';

/** Browser tests: run by `npm test` after the build, against the app started as `npm start` starts it. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // Two browser files at a time against the one app: most of a journey is waiting for a post's
    // minute, so two overlap well on 2 cores. Files must not lean on shared state: each signs up its
    // own people, and punctuality is read on the sandbox's real clock (`arrivedAt`), which another
    // file moving the sandbox clock cannot skew.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
