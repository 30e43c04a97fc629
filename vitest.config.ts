import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
