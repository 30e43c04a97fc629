// `npm run dev`: the server (reloading on change), the sandbox and Vite's dev server with hot reload.
// Open http://localhost:5173; API calls are proxied to the server on :8080.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchEnvironment } from './launch.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync('.env')) process.loadEnvFile('.env');
const env = launchEnvironment({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173', ...process.env });
const bin = (name) => `${root}/node_modules/.bin/${name}`;

const children = [
  spawn(bin('tsx'), ['watch', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(bin('tsx'), ['packages/sandbox/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(bin('vite'), ['--port', '5173'], { cwd: `${root}/apps/web`, env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
