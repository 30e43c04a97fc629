import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Every test builds its own app on its own database, so files need no fresh module graph each:
    // re-importing Fastify, pg-boss and the MCP SDK per file cost more CPU than the tests themselves.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
