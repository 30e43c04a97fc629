import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';
import { startDatabaseProxy, type DatabaseProxy } from '../../test/helpers/database-proxy';
import { eventually, TEST_SECRET_KEY } from '../../test/helpers/test-app';
import { parseConfig } from '../config/env';
import { createLogger } from '../lib/logger';
import { startRuntime, type Runtime } from './runtime';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a PostgreSQL restart', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let runtime: Runtime | undefined;
  let dataDir: string;
  const logs: string[] = [];

  /** A database behind a relay the test can cut, and a runtime that starts on it when called. */
  async function prepare(role: 'api' | 'all', startCut: boolean) {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url, { startCut });
    dataDir = mkdtempSync(path.join(tmpdir(), 'postflow-outage-'));
    const config = parseConfig({
      NODE_ENV: 'test',
      ROLE: role,
      DATABASE_URL: proxy.url,
      DATABASE_POOL_SIZE: '3',
      SECRET_KEY: TEST_SECRET_KEY,
      DATA_DIR: dataDir,
      SANDBOX: 'off',
      PUBLIC_URL: 'http://localhost:8080',
    });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    return () => startRuntime({ config, logger: createLogger('info', sink), listen: false });
  }

  afterEach(async () => {
    await runtime?.stop();
    runtime = undefined;
    await proxy.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    logs.length = 0;
  });

  it('a process started while the database is down waits for it and comes up, instead of exiting', async () => {
    const starting = (await prepare('api', true))();
    await sleep(1_500);
    expect(logs.some((line) => line.includes('waiting for PostgreSQL'))).toBe(true);
    await proxy.restore();
    runtime = await starting;
    const health = await runtime.app?.inject({ method: 'GET', url: '/healthz' });
    expect(health?.json()).toMatchObject({ db: 'ok' });
  });

  it('the API and the worker ride it out: /healthz says the database is down meanwhile, and work asked for afterwards is done', async () => {
    runtime = await (await prepare('all', false))();
    const app = runtime.app as NonNullable<Runtime['app']>;
    const email = 'outage@example.com';
    const registered = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Outage Person', email, password: 'a long enough password' },
    });
    expect(registered.statusCode).toBe(201);

    await proxy.cut();
    const down = await app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ db: 'down' });
    const refused = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'a long enough password' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    await sleep(3_000);
    await proxy.restore();

    await eventually(async () => (await app.inject({ method: 'GET', url: '/healthz' })).json().db === 'ok', 15_000);
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'a long enough password' } });
    expect(login.statusCode).toBe(200);
    // A background job (the reset email) still runs: the worker reconnected rather than stopping.
    await app.inject({ method: 'POST', url: '/auth/password-reset/request', payload: { email } });
    await eventually(async () => {
      const { rows } = await database.db.query<{ status: string }>('SELECT status FROM emails WHERE to_address = $1', [email]);
      return rows[0]?.status === 'stored';
    }, 20_000);
  }, 60_000);
});
