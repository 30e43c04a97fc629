/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Where `npm run dev` starts the API (override with API_PROXY_TARGET, e.g. to run two checkouts side by side).
 * The API answers at the root of its origin (`/auth/…`, `/content/…`, `/api/v1/…`).
 */
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

const publicDir = fileURLToPath(new URL('./public', import.meta.url));

/**
 * The dev server forwards every request to the API except what Vite must answer itself:
 * page navigations (the browser asks for `text/html`, so `/auth/callback` or `/feed` typed in the
 * address bar get the SPA), Vite's own module URLs, and files in `public/`.
 * Returning the URL from `bypass` hands the request back to Vite.
 */
function keepForVite(req: IncomingMessage): string | undefined {
  const url = req.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  const isPageNavigation = (req.headers.accept ?? '').includes('text/html');
  const isViteModule = /^\/(@|src\/|node_modules\/|__)/.test(pathname);
  const isPublicFile = pathname !== '/' && existsSync(publicDir + decodeURIComponent(pathname));
  return isPageNavigation || isViteModule || isPublicFile ? url : undefined;
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      // The sign-in redirects and the networks' callbacks are page navigations that the API must answer
      // (it redirects on to X or LinkedIn, then back to /auth/callback); the runtime config is the API's too.
      '^/auth/(x|linkedin)(/callback)?(\\?.*)?$': { target: API_TARGET, changeOrigin: false },
      '^/config\\.js(\\?.*)?$': { target: API_TARGET, changeOrigin: false },
      '^/': { target: API_TARGET, changeOrigin: false, bypass: keepForVite },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen needs change less often than the app: one long-cached chunk.
          // Listed by name so that heavy libraries of later screens (charts, and zod for the forms that
          // check input as it is typed) stay in those screens' chunks.
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom and one module graph per worker, not per file: a fresh one per file cost more than the
    // tests. State that outlives a test is reset in src/test/setup.ts; module mocks (vi.mock) would leak
    // between files, so tests pin behaviour with vi.spyOn instead.
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
