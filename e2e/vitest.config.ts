import { defineConfig } from 'vitest/config';

/** Browser tests: run by `npm test` after the build, against the app started as `npm start` starts it. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser journey at a time: the app under test is shared and the machine has 2 cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
