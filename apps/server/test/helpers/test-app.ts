import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import { buildApp } from '../../src/composition/http-app';
import { parseConfig, type Config } from '../../src/config/env';
import { createServices, type AppServices } from '../../src/composition/services';
import { createJobQueue } from '../../src/jobs/queue';
import type { Clock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import type { PublishingEngine } from '../../src/composition/publishing-engine';
import type { ProviderRegistry } from '../../src/providers/social/registry';
import type { ImageQueue } from '../../src/modules/media/image-queue';
import { startWorkerRole } from '../../src/composition/runtime';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_SECRET_KEY = 'a'.repeat(64);

/** A clock tests can move; starts at the real time so database defaults and ours agree. */
export function createTestClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(date) {
      now = date.getTime();
    },
  };
}

/** A clock that runs at real speed from `startAt` (timers stay real; "now" is shifted). */
export function createRunningClock(startAt: Date): Clock {
  const offset = startAt.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** Real time, plus whatever the test moves it forward by (timers stay real). */
export function createShiftableClock(): Clock & { shift(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    shift(ms) {
      offset += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  database: TestDatabase;
  config: Config;
  boss: PgBoss;
  /** The worker's publishing engine (undefined with `worker: false`). */
  engine: PublishingEngine | undefined;
  /** Every line the app logged, as written (JSON). */
  logs: string[];
  close(): Promise<void>;
}

/**
 * The real app (routes, services, pg-boss and, unless `worker: false`, the worker) on a private
 * copy of the migrated database. Only the configuration and the clock are the test's own.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    worker?: boolean;
    providers?: ProviderRegistry;
    /** Images' turns (a test may make the queue small to see it full). */
    imageQueue?: ImageQueue;
    engine?: Parameters<typeof startWorkerRole>[0]['engine'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    SECRET_KEY: TEST_SECRET_KEY,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'postflow-test-data-')),
    SANDBOX: 'off',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://localhost:8080',
    ...options.env,
  });
  const logs: string[] = [];
  const logger = createLogger(
    config.logLevel,
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );
  const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, max: 3, useListenNotify: true });
  boss.on('error', () => {});
  await boss.start();
  const clock = options.clock ?? { now: () => new Date() };
  const services = createServices({
    config,
    db: database.db,
    queue: createJobQueue(boss),
    clock,
    log: logger,
    ...(options.providers ? { providers: options.providers } : {}),
    ...(options.imageQueue ? { imageQueue: options.imageQueue } : {}),
  });
  const worker =
    options.worker === false
      ? undefined
      : await startWorkerRole({
          services,
          boss,
          connectionString: database.url,
          log: logger,
          ...(options.engine ? { engine: options.engine } : {}),
        });
  const app = await buildApp({ services, logger });
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    boss,
    engine: worker?.engine,
    logs,
    async close() {
      await app.close();
      await worker?.stop();
      await boss.stop({ graceful: false, close: true });
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. For background jobs. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
