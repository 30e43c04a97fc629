import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/sandbox', 'apps/server', 'apps/web'],
  },
});
