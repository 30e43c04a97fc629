// Runs the built app the way `npm start` does: the sandbox (unless SANDBOX=off) beside the server.
// Used by `npm start` and by the end-to-end tests, so they start the app exactly as a user does.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Reads the few variables the launcher itself needs; the server validates everything again. */
export function launchEnvironment(base = process.env) {
  const env = { ...base };
  const port = env.PORT || '8080';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  env.DATA_DIR = dataDir;
  env.SANDBOX_APP_URL ||= env.PUBLIC_URL || `http://localhost:${port}`;
  env.SANDBOX_STATE_FILE ||= path.join(dataDir, 'sandbox-state.json');
  return env;
}

/**
 * Starts the processes and resolves once the server printed its address. `stop()` ends them in
 * order: the server first (it drains work and stops its database), then the sandbox.
 */
export function launch({ env = launchEnvironment(), stdio = 'inherit', onServerLine } = {}) {
  const children = [];
  const sandboxOn = !['off', 'false', '0'].includes(String(env.SANDBOX ?? 'on').toLowerCase());
  if (sandboxOn) {
    const sandboxMain = `${root}/packages/sandbox/dist/main.js`;
    if (!existsSync(sandboxMain)) throw new Error('The sandbox is not built; run npm run build.');
    children.push(spawn(process.execPath, ['--enable-source-maps', sandboxMain], { env, stdio }));
  }
  const server = spawn(process.execPath, ['--enable-source-maps', `${root}/apps/server/dist/main.js`], {
    env,
    stdio: stdio === 'inherit' ? ['inherit', 'pipe', 'inherit'] : stdio,
  });
  children.push(server);

  const ready = new Promise((resolve, reject) => {
    let buffer = '';
    server.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      if (stdio === 'inherit') process.stdout.write(text);
      buffer += text;
      let newline;
      while ((newline = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        onServerLine?.(line);
        const match = /^Postflow is running at (\S+)/.exec(line);
        if (match) resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`The server exited with code ${code} before it was ready.`)));
  });

  const stop = async () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
  };

  return { ready, stop, children, server };
}

/** Launches the app and stays in the foreground: a signal stops it in order, a child's exit ends it. */
export function runUntilStopped() {
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
}
