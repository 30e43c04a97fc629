// `npm run serve`: run one process from an existing build, without building (scale-out: build once
// with `npm run build`, then start any number of `ROLE=api` and `ROLE=worker` processes with this).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync('.env')) process.loadEnvFile('.env');
const role = process.env.ROLE || 'all';
const needed = [`${root}/apps/server/dist/main.js`, ...(role === 'worker' ? [] : [`${root}/apps/web/dist/index.html`])];
const missing = needed.filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`No build to serve (${missing.join(', ')} is missing). Run npm run build first, or npm start to build and run.`);
  process.exit(1);
}
const { runUntilStopped } = await import('./launch.mjs');
runUntilStopped();
