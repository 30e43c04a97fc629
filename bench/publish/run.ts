// Publish benchmark (issue 9): how late, how fast, and exactly once. Two worker processes, 1,000
// sandbox accounts, sandbox latency 50–150 ms on post creation; "spread" (10,000 targets over one
// minute) and "burst" (2,000 targets at one instant). Baseline in the same run: pg-boss alone
// (batchSize 50, polling 0.5 s) delivering the same instants to a bare HTTP receiver.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { log, machine, printResult, round, runBenchmark, sleep, startProcess, tsxBin, root, type Child } from '../lib/common';
import { startDatabase, type BenchDatabase } from '../lib/database';
import { startBossClient, startWorkerProcess, waitForHeartbeat } from '../lib/fleet';
import { PUBLISH_LATENCY_MS, appScenario, cpuMeter, spreadInstantsOf, startPublishFleet, summarise } from '../lib/publish-scenario';

const env = process.env;
const ACCOUNTS = Number(env.BENCH_PUBLISH_ACCOUNTS ?? 1_000);
const SPREAD_TARGETS = Number(env.BENCH_PUBLISH_SPREAD ?? 10_000);
const SPREAD_MS = Number(env.BENCH_PUBLISH_SPREAD_SECONDS ?? 60) * 1_000;
const BURST_TARGETS = Number(env.BENCH_PUBLISH_BURST ?? 2_000);
const WORKERS = 2;
/** Time between inserting a scenario and its first instant. */
const LEAD_MS = 10_000;
const GOAL_SPREAD_P99_MS = 250;

const spreadInstants = (start: number) => spreadInstantsOf(SPREAD_TARGETS, SPREAD_MS, start);
/** Targets sent at the spread's rate right after the workers start, before anything is measured. */
const WARMUP_MS = 5_000;
const WARMUP_TARGETS = Math.round((SPREAD_TARGETS * WARMUP_MS) / SPREAD_MS);
const burstInstants = (start: number) => Array.from({ length: BURST_TARGETS }, () => new Date(start));

/** A bare HTTP receiver with the sandbox's latency that records when each delivery arrived. */
function startReceiver(): Promise<{ server: Server; url: string; arrivals: Map<number, number[]>; reset(): void }> {
  const arrivals = new Map<number, number[]>();
  const server = createServer((request, response) => {
    const at = Date.now();
    const seq = Number(request.url?.split('/')[2]);
    const list = arrivals.get(seq) ?? [];
    list.push(at);
    arrivals.set(seq, list);
    request.resume();
    setTimeout(
      () => response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}'),
      PUBLISH_LATENCY_MS[0] + Math.floor(Math.random() * (PUBLISH_LATENCY_MS[1] - PUBLISH_LATENCY_MS[0] + 1)),
    );
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}`, arrivals, reset: () => arrivals.clear() });
    }),
  );
}

async function baselineScenario(
  name: string,
  db: BenchDatabase,
  boss: PgBoss,
  queue: string,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  workers: Child[],
  instants: Date[],
) {
  receiver.reset();
  const cpu = cpuMeter(db, { workers: () => workers.map((w) => w.process.pid as number) });
  for (let start = 0; start < instants.length; start += 5_000) {
    await boss.insert(
      queue,
      instants.slice(start, start + 5_000).map((at, i) => ({ data: { seq: start + i }, startAfter: at })),
    );
  }
  log(`baseline ${name}: ${instants.length} jobs inserted`);
  const deadline = (instants[instants.length - 1] as Date).getTime() + 120_000;
  while (receiver.arrivals.size < instants.length && Date.now() < deadline) await sleep(250);
  await sleep(2_000);
  const arrivals = instants.map((_, i) => receiver.arrivals.get(i));
  const lost = arrivals.filter((times) => !times?.length).length;
  const result = { ...summarise(instants, arrivals, { lost, failed: 0 }), cpuMsPerPost: cpu(instants.length - lost) };
  log(`baseline ${name}: ${JSON.stringify(result)}`);
  return result;
}

async function dueBackstops(db: BenchDatabase): Promise<number> {
  const { rows } = await db.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'publish-target' AND state IN ('created', 'retry') AND start_after < now()`,
  );
  return rows[0]?.n ?? 0;
}

runBenchmark(async (cleanups) => {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-publish-'));
  cleanups.push(async () => {
    if (!env.BENCH_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
  });
  log(
    `publish: ${ACCOUNTS} accounts, spread ${SPREAD_TARGETS} over ${SPREAD_MS / 1000} s, burst ${BURST_TARGETS}, ${WORKERS} workers; logs in ${workDir}`,
  );
  const db = await startDatabase('publish');
  cleanups.push(() => db.stop());
  log(`PostgreSQL ${db.version} (${db.kind})`);

  const { sandbox, secretKeyHex, accounts } = await startPublishFleet(workDir, db, ACCOUNTS, 'pb', cleanups);

  const workers: Child[] = [];
  for (let index = 0; index < WORKERS; index++) {
    const worker = startWorkerProcess({ connectionString: db.connectionString, secretKeyHex, sandboxUrl: sandbox.url, workDir, index });
    workers.push(worker);
    cleanups.push(() => worker.stop());
  }
  await Promise.all(workers.map((worker) => waitForHeartbeat(db.db, worker.process.pid as number, 60_000)));
  await sleep(1_000);
  log('workers are up');

  const boss = await startBossClient(db.connectionString);
  cleanups.push(() => boss.stop({ graceful: false, close: true }));

  // Warm-up: the first seconds after a worker starts are slower (Node loads fetch's HTTP client
  // on the first call, the pool opens its connections, code is still cold). The scenarios measure
  // workers that have been running; the warm-up's own figures are reported as the cold start.
  const coldStart = await appScenario(
    workDir,
    'warm-up',
    db,
    boss,
    sandbox,
    workers,
    accounts,
    spreadInstantsOf(WARMUP_TARGETS, WARMUP_MS, Date.now() + LEAD_MS),
  );
  const appSpread = await appScenario(workDir, 'spread', db, boss, sandbox, workers, accounts, spreadInstants(Date.now() + LEAD_MS));
  // The spread's backstop jobs fall due 2 s after each instant; the dispatcher has published
  // every target by then, so each should be a quick no-op. How many are still waiting shows how
  // fast pg-boss hands them out.
  await sleep(5_000);
  const backstopsWaiting = await dueBackstops(db);
  log(`publish-target backstop jobs due and not yet handled, 5 s after the spread: ${backstopsWaiting}`);
  const appBurst = await appScenario(workDir, 'burst', db, boss, sandbox, workers, accounts, burstInstants(Date.now() + LEAD_MS));
  const { rows: vacuum } = await db.db.query<{ table: string; autovacuums: number; autoanalyzes: number; deadTuples: number }>(
    `SELECT relname AS table, autovacuum_count::int AS autovacuums, autoanalyze_count::int AS autoanalyzes, n_dead_tup::int AS "deadTuples"
     FROM pg_stat_user_tables WHERE relname IN ('post_targets', 'publish_attempts', 'rate_limit_counters') ORDER BY relname`,
  );
  const stats = await sandbox.admin<{ endpoints: Record<string, { requests: number; byStatus: Record<string, number> }> }>(
    'GET',
    '/_sandbox/stats',
  );
  const creates = stats.endpoints['x.tweets.create'];
  await Promise.all(workers.map((worker) => worker.stop()));

  // Baseline: the same instants through pg-boss alone to a bare receiver.
  const queue = 'bench-baseline';
  await boss.createQueue(queue);
  const receiver = await startReceiver();
  cleanups.push(() => new Promise((resolve) => receiver.server.close(resolve)));
  const baselineWorkers: Child[] = [];
  for (let index = 0; index < WORKERS; index++) {
    const child = startProcess(`baseline-${index}`, tsxBin, [path.join(root, 'bench/publish/baseline-worker.ts')], {
      env: { ...process.env, BASELINE_DATABASE_URL: db.connectionString, BASELINE_RECEIVER_URL: receiver.url, BASELINE_QUEUE: queue },
      logFile: path.join(workDir, `baseline-${index}.log`),
    });
    baselineWorkers.push(child);
    cleanups.push(() => child.stop());
  }
  await Promise.all(baselineWorkers.map((child) => child.waitForLine(/baseline worker ready/, 60_000)));
  const baseSpread = await baselineScenario('spread', db, boss, queue, receiver, baselineWorkers, spreadInstants(Date.now() + LEAD_MS));
  const baseBurst = await baselineScenario('burst', db, boss, queue, receiver, baselineWorkers, burstInstants(Date.now() + LEAD_MS));

  const exactlyOnce =
    coldStart.duplicates +
    coldStart.lost +
    coldStart.failed +
    appSpread.duplicates +
    appSpread.lost +
    appBurst.duplicates +
    appBurst.lost +
    appSpread.failed +
    appBurst.failed;
  const burstRate = (appBurst.targets / Math.max(1, appBurst.drainMs)) * 1_000;
  const baseBurstRate = ((baseBurst.targets - baseBurst.lost) / Math.max(1, baseBurst.drainMs)) * 1_000;
  printResult({
    bench: 'publish',
    postgres: `${db.version} (${db.kind})`,
    machine: machine(),
    config: {
      accounts: ACCOUNTS,
      workers: WORKERS,
      spread: { targets: SPREAD_TARGETS, seconds: SPREAD_MS / 1000 },
      burst: { targets: BURST_TARGETS },
      sandboxLatencyMs: PUBLISH_LATENCY_MS,
    },
    coldStart: {
      note: `the first ${WARMUP_TARGETS} targets after the workers started (${WARMUP_MS / 1000} s at the spread's rate), not counted in the scenarios`,
      lateness: coldStart.lateness,
      breakdown: coldStart.breakdown,
    },
    spread: { app: appSpread, baseline: baseSpread },
    burst: { app: { ...appBurst, drainRate: round(burstRate, 0) }, baseline: { ...baseBurst, drainRate: round(baseBurstRate, 0) } },
    sandboxCreates: creates ? { requests: creates.requests, byStatus: creates.byStatus } : null,
    backstopsDueUnhandled5sAfterSpread: backstopsWaiting,
    autovacuumDuringRun: vacuum,
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
    goals: {
      spreadP99: {
        goal: `p99 lateness <= ${GOAL_SPREAD_P99_MS} ms`,
        value: appSpread.lateness.p99,
        met: appSpread.lateness.p99 <= GOAL_SPREAD_P99_MS,
      },
      burstDrain: {
        goal: 'burst drain rate >= baseline',
        value: round(burstRate, 0),
        baseline: round(baseBurstRate, 0),
        met: burstRate >= baseBurstRate,
      },
      exactlyOnce: {
        goal: 'no duplicate, nothing lost or failed',
        duplicates: coldStart.duplicates + appSpread.duplicates + appBurst.duplicates,
        lost: coldStart.lost + appSpread.lost + appBurst.lost,
        failed: coldStart.failed + appSpread.failed + appBurst.failed,
        met: exactlyOnce === 0,
      },
    },
    seconds: round((Date.now() - started) / 1000, 0),
  });
});
