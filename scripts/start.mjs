// `npm start`: install what is missing, build, and run the whole app on embedded defaults.
import { existsSync } from 'node:fs';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
if (existsSync('.env')) process.loadEnvFile('.env');
const { buildAll } = await import('./build.mjs');
await buildAll();
const { launch, launchEnvironment } = await import('./launch.mjs');

const app = launch({ env: launchEnvironment() });
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await app.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
for (const child of app.children) child.on('exit', (code) => void stop(code ?? 1));
app.ready.catch(() => {});
