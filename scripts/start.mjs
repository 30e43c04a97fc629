// `npm start`: install what is missing, build, and run the whole app on embedded defaults.
import { existsSync } from 'node:fs';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
if (existsSync('.env')) process.loadEnvFile('.env');
const { buildIfChanged } = await import('./build.mjs');
await buildIfChanged();
const { runUntilStopped } = await import('./launch.mjs');
runUntilStopped();
