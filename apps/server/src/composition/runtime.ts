import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { buildApp } from './http-app';
import type { Config } from '../config/env';
import { createDatabase, type Database } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { waitForDatabase } from '../db/wait-for-database';
import { createServices, type AppServices } from './services';
import { createJobHandlers, jobDefinitions } from './job-handlers';
import { createJobQueue, ensureQueues, startBoss } from '../jobs/queue';
import { newWorkerId, startWorker } from '../jobs/worker';
import { createPublishingEngine, type PublishingEngine } from './publishing-engine';
import { startOutboxRelay } from '../modules/webhooks/outbox-relay';
import { superviseWorkerProcess, type WorkerProcessOptions } from './worker-process';
import { systemClock, type Clock } from '../lib/clock';
import { loadOrCreateLocalSecrets } from '../lib/data-dir';
import type { AppLogger } from '../lib/logger';

export interface Runtime {
  services: AppServices;
  app: FastifyInstance | undefined;
  /** The address the API listens on, when this process serves HTTP. */
  url: string | undefined;
  stop(): Promise<void>;
}

/**
 * Everything a worker runs: pg-boss handlers (with the recurring schedules), its heartbeat, and the
 * publishing dispatcher. Stopping halts the dispatcher first (handing back what has not left).
 */
export async function startWorkerRole(deps: {
  services: AppServices;
  boss: PgBoss;
  connectionString: string;
  log: AppLogger;
  engine?: Omit<Parameters<typeof createPublishingEngine>[1], 'connectionString' | 'workerId' | 'log'>;
}): Promise<{ workerId: string; engine: PublishingEngine; stop(): Promise<void> }> {
  const workerId = newWorkerId();
  const engine = createPublishingEngine(deps.services, {
    connectionString: deps.connectionString,
    workerId,
    log: deps.log,
    ...deps.engine,
  });
  for (const job of jobDefinitions()) if (job.cron) await deps.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  const worker = await startWorker({
    workerId,
    boss: deps.boss,
    handlers: createJobHandlers(deps.services, deps.log, { publisher: engine.publisher, workerId }),
    health: deps.services.health,
    clock: deps.services.clock,
    log: deps.log,
  });
  // The first publish must not pay for loading fetch's HTTP client or opening pool connections
  // (hundreds of milliseconds on a busy machine): do both before anything is due.
  await fetch('data:,').catch(() => {});
  await Promise.all(Array.from({ length: deps.services.config.databasePoolSize }, () => deps.services.db.query('SELECT 1')));
  await engine.dispatcher.start();
  const relay = startOutboxRelay({ db: deps.services.db, queue: deps.services.queue, log: deps.log });
  return {
    workerId,
    engine,
    async stop() {
      await relay.stop();
      await engine.dispatcher.stop();
      await engine.publisher.settle();
      await worker.stop();
    },
  };
}

export interface StartOptions {
  config: Config;
  logger: AppLogger;
  clock?: Clock;
  /** Listen on the configured port (false in tests that use `app.inject`). */
  listen?: boolean;
  /** Publishing engine tuning (tests shorten leases to provoke take-overs quickly). */
  engine?: Parameters<typeof startWorkerRole>[0]['engine'];
  /** With ROLE=all, run the worker as a child process from this entry instead of in this process. */
  workerProcess?: WorkerProcessOptions;
}

/**
 * Starts everything this process's ROLE asks for, in order: the database (embedded unless
 * DATABASE_URL is set), migrations, the job queue, then the API and/or the worker. `stop()`
 * undoes it in reverse, so in-flight requests and jobs finish before the database goes away.
 */
export async function startRuntime({
  config,
  logger,
  clock = systemClock,
  listen = true,
  engine,
  workerProcess,
}: StartOptions): Promise<Runtime> {
  const stack: Array<() => Promise<void>> = [];
  const stop = async () => {
    while (stack.length)
      await stack
        .pop()?.()
        .catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
  };

  try {
    let connectionString = config.databaseUrl;
    let secretKey = config.secretKey;
    if (!connectionString) {
      const local = loadOrCreateLocalSecrets(config.dataDir);
      secretKey ??= local.secretKey;
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        password: local.databasePassword,
        log: (message) => logger.info(message),
      });
      stack.push(() => embedded.stop());
      connectionString = embedded.connectionString;
      logger.info({ port: embedded.port, dataDir: config.dataDir }, 'embedded PostgreSQL is running');
    }

    const db: Database = createDatabase(connectionString, {
      max: config.databasePoolSize,
      applicationName: `postflow-${config.role}`,
      onConnectionError: (error) => logger.warn({ err: error }, 'a database connection was lost; the pool opens another'),
    });
    stack.push(() => db.close());
    await waitForDatabase(db, {
      maxWaitMs: config.databaseWaitMs,
      onWait: (attempt, error, nextInMs) => logger.warn({ attempt, nextInMs, reason: error.message }, 'waiting for PostgreSQL'),
    });
    const { applied } = await migrate(db);
    if (applied.length) logger.info({ applied }, 'database migrations applied');

    const workerChild = config.role === 'all' && workerProcess !== undefined;
    const runsWorker = config.role !== 'api' && !workerChild;
    const boss: PgBoss = await startBoss({
      connectionString,
      worker: runsWorker,
      onError: (error) => logger.error({ err: error }, 'job queue error'),
    });
    stack.push(() => boss.stop({ graceful: true, timeout: 20_000, close: true }));
    await ensureQueues(boss, jobDefinitions());

    const services = createServices({ config: { ...config, secretKey }, db, queue: createJobQueue(boss), clock, log: logger });

    if (workerChild && workerProcess && secretKey) {
      const child = superviseWorkerProcess({ ...workerProcess, connectionString, secretKey, log: logger });
      stack.push(() => child.stop());
    } else if (runsWorker) {
      const worker = await startWorkerRole({ services, boss, connectionString, log: logger, ...(engine ? { engine } : {}) });
      stack.push(() => worker.stop());
    }

    let app: FastifyInstance | undefined;
    let url: string | undefined;
    if (config.role !== 'worker') {
      app = await buildApp({ services, logger });
      stack.push(() => (app as FastifyInstance).close());
      if (listen) {
        await app.listen({ host: config.host, port: config.port });
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : config.port;
        url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
      } else {
        await app.ready();
      }
    }

    return { services, app, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
