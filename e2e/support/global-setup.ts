import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module shared with `npm start`, typed by its use here.
import { launch, launchEnvironment } from '../../scripts/launch.mjs';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    sandboxUrl: string;
    /** Everything the server printed, one JSON log line each (reset links included). */
    serverLogFile: string;
  }
}

/**
 * Starts the built app with its embedded PostgreSQL and the sandbox, on free ports and a fresh
 * DATA_DIR, exactly as `npm start` runs it.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postflow-e2e-'));
  const serverLogFile = path.join(dataDir, 'server-output.log');
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const env = launchEnvironment({
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'info',
    // Each person registered through the UI arrives from an address of their own (support/accounts.ts),
    // as people do: the suite registers more people than one network may in an hour.
    TRUST_PROXY: 'on',
    // Webhook receivers in the tests listen on this machine, and a retry need not wait 5 s (docs/webhooks.md).
    WEBHOOK_ALLOW_PRIVATE: 'on',
    WEBHOOK_RETRY_BASE: '1s',
  });
  delete env.DATABASE_URL;
  const app = launch({
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    onServerLine: (line: string) => appendFileSync(serverLogFile, `${line}\n`),
  });
  const baseUrl: string = await app.ready;

  project.provide('baseUrl', baseUrl);
  project.provide('sandboxUrl', `http://localhost:${sandboxPort}`);
  project.provide('serverLogFile', serverLogFile);

  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
