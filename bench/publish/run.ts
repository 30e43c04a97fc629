// Publish benchmark (issue 9): how late, how fast, and exactly once. Two worker processes, 1,000
// sandbox accounts, sandbox latency 50–150 ms on post creation; "spread" (10,000 targets over one
// minute) and "burst" (2,000 targets at one instant). Baseline in the same run: pg-boss alone
// (batchSize 50, polling 0.5 s) delivering the same instants to a bare HTTP receiver.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import {
  distribution,
  log,
  machine,
  postmasterPid,
  printResult,
  round,
  sleep,
  startProcess,
  treeCpuMs,
  tsxBin,
  root,
  type Child,
} from '../lib/common';
import { startDatabase, type BenchDatabase } from '../lib/database';
import {
  createAccounts,
  insertTargets,
  planTargets,
  sandboxPosts,
  startBossClient,
  startSandbox,
  startWorkerProcess,
  targetRows,
  waitForHeartbeat,
  waitUntilFinal,
  type Account,
  type SandboxProcess,
} from '../lib/fleet';

const env = process.env;
const ACCOUNTS = Number(env.BENCH_PUBLISH_ACCOUNTS ?? 1_000);
const SPREAD_TARGETS = Number(env.BENCH_PUBLISH_SPREAD ?? 10_000);
const SPREAD_MS = Number(env.BENCH_PUBLISH_SPREAD_SECONDS ?? 60) * 1_000;
const BURST_TARGETS = Number(env.BENCH_PUBLISH_BURST ?? 2_000);
const WORKERS = 2;
const LATENCY: [number, number] = [50, 150];
/** Time between inserting a scenario and its first instant. */
const LEAD_MS = 10_000;
const GOAL_SPREAD_P99_MS = 250;

const spreadInstantsOf = (count: number, ms: number, start: number) =>
  Array.from({ length: count }, (_, i) => new Date(start + Math.floor((i * ms) / count)));
const spreadInstants = (start: number) => spreadInstantsOf(SPREAD_TARGETS, SPREAD_MS, start);
/** Targets sent at the spread's rate right after the workers start, before anything is measured. */
const WARMUP_MS = 5_000;
const WARMUP_TARGETS = Math.round((SPREAD_TARGETS * WARMUP_MS) / SPREAD_MS);
const burstInstants = (start: number) => Array.from({ length: BURST_TARGETS }, () => new Date(start));

interface ScenarioResult {
  targets: number;
  lateness: ReturnType<typeof distribution>;
  /** Deliveries per second between the first instant and the last arrival. */
  publishesPerSecond: number;
  /** From the (first) instant to the last arrival. */
  drainMs: number;
  duplicates: number;
  lost: number;
  failed: number;
  early: number;
}

/** CPU used by the processes under test while a scenario runs, in ms per delivered post. */
function cpuMeter(db: BenchDatabase, groups: Record<string, () => number[]>) {
  const postgres = () => {
    const master = db.clusterDir ? postmasterPid(db.clusterDir) : undefined;
    return master ? treeCpuMs(master) : 0;
  };
  const all: Record<string, () => number> = {
    ...Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, () => pids().reduce((sum, pid) => sum + treeCpuMs(pid), 0)])),
    postgres,
  };
  const sample = () => Object.fromEntries(Object.entries(all).map(([name, measure]) => [name, measure()]));
  const before = sample();
  return (delivered: number) => {
    const after = sample();
    return Object.fromEntries(
      Object.keys(all).map((name) => [name, round(Math.max(0, (after[name] ?? 0) - (before[name] ?? 0)) / Math.max(1, delivered), 2)]),
    );
  };
}

function summarise(
  instants: Date[],
  arrivals: Array<number[] | undefined>,
  notPublished: { lost: number; failed: number },
): ScenarioResult {
  const lateness: number[] = [];
  let duplicates = 0;
  let lastArrival = 0;
  arrivals.forEach((times, i) => {
    if (!times?.length) return;
    if (times.length > 1) duplicates += times.length - 1;
    const first = Math.min(...times);
    lastArrival = Math.max(lastArrival, ...times);
    lateness.push(first - (instants[i] as Date).getTime());
  });
  const firstInstant = (instants[0] as Date).getTime();
  const drainMs = lastArrival - firstInstant;
  return {
    targets: instants.length,
    lateness: distribution(lateness),
    publishesPerSecond: round((lateness.length / Math.max(1, drainMs)) * 1_000, 0),
    drainMs,
    duplicates,
    lost: notPublished.lost,
    failed: notPublished.failed,
    early: lateness.filter((value) => value < 0).length,
  };
}

async function appScenario(
  workDir: string,
  name: string,
  db: BenchDatabase,
  boss: PgBoss,
  sandbox: SandboxProcess,
  workers: Child[],
  accounts: Account[],
  instants: Date[],
) {
  const cpu = cpuMeter(db, {
    workers: () => workers.map((w) => w.process.pid as number),
    sandbox: () => [sandbox.child.process.pid as number],
  });
  const targets = planTargets(accounts, instants, `${name}-${randomBytes(3).toString('hex')}`);
  await insertTargets(db.db, boss, targets);
  const ids = targets.map((target) => target.id);
  const last = (instants[instants.length - 1] as Date).getTime();
  log(
    `app ${name}: ${targets.length} targets inserted; first instant in ${round(((instants[0] as Date).getTime() - Date.now()) / 1000)} s`,
  );
  const counts = await waitUntilFinal(db.db, ids, last + 120_000, (c) => log(`app ${name}: ${JSON.stringify(c)}`), {
    notBefore: last + 500,
  });
  const rows = new Map((await targetRows(db.db, ids)).map((row) => [row.id, row]));
  const posts = await sandboxPosts(sandbox);
  const byText = new Map<string, number[]>();
  for (const post of posts) {
    const list = byText.get(post.text) ?? [];
    list.push(Date.parse(post.receivedAt));
    byText.set(post.text, list);
  }
  let lost = 0;
  let failed = 0;
  const arrivals = targets.map((target) => {
    const row = rows.get(target.id);
    const times = byText.get(target.text);
    if (row?.status === 'published' && !times?.length) lost += 1;
    else if (row && ['failed', 'missed', 'needs_reconnect'].includes(row.status)) failed += 1;
    else if (!row || !['published', 'failed', 'missed', 'needs_reconnect'].includes(row.status)) lost += 1;
    return times;
  });
  // Where the lateness comes from: instant -> first attempt recorded (timer, queueing, the checks
  // before the call), then attempt recorded -> request received by the sandbox (token, HTTP).
  const { rows: attempts } = await db.db.query<{ targetId: string; attemptNo: number; startedAt: Date }>(
    'SELECT target_id AS "targetId", attempt_no AS "attemptNo", started_at AS "startedAt" FROM publish_attempts WHERE target_id = ANY($1::uuid[])',
    [ids],
  );
  const firstAttempt = new Map(attempts.filter((a) => a.attemptNo === 1).map((a) => [a.targetId, a.startedAt.getTime()]));
  const beforeCall: number[] = [];
  const call: number[] = [];
  targets.forEach((target, i) => {
    const started = firstAttempt.get(target.id);
    const arrived = arrivals[i]?.[0];
    if (started === undefined) return;
    beforeCall.push(started - target.at.getTime());
    if (arrived !== undefined) call.push(arrived - started);
  });
  // The worst seconds of the scenario (by median lateness), to tell a steady tail from an episode.
  const perSecond = new Map<number, number[]>();
  targets.forEach((target, i) => {
    const arrived = arrivals[i]?.[0];
    if (arrived === undefined) return;
    const second = Math.floor((target.at.getTime() - (instants[0] as Date).getTime()) / 1000);
    perSecond.set(second, [...(perSecond.get(second) ?? []), arrived - target.at.getTime()]);
  });
  const worstSeconds = [...perSecond]
    .map(([second, values]) => ({ second, ...distribution(values) }))
    .sort((a, b) => b.p50 - a.p50)
    .slice(0, 3)
    .map(({ second, p50, max }) => ({ second, p50, max }));
  if (env.BENCH_KEEP_LOGS) {
    // One line per target, for a closer look: instant, lateness, instant -> attempt.
    const lines = targets.map((target, i) => {
      const arrived = arrivals[i]?.[0];
      const started = firstAttempt.get(target.id);
      return `${target.at.toISOString()},${arrived === undefined ? '' : arrived - target.at.getTime()},${started === undefined ? '' : started - target.at.getTime()}`;
    });
    writeFileSync(path.join(workDir, `app-${name}.csv`), `instant,latenessMs,instantToAttemptMs\n${lines.join('\n')}\n`);
  }
  const result = {
    ...summarise(instants, arrivals, { lost, failed }),
    statuses: counts,
    attempts: attempts.length,
    cpuMsPerPost: cpu(targets.length),
    worstSeconds,
    breakdown: { instantToAttemptMs: distribution(beforeCall), attemptToArrivalMs: distribution(call) },
  };
  log(`app ${name}: ${JSON.stringify(result)}`);
  return result;
}

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
      LATENCY[0] + Math.floor(Math.random() * (LATENCY[1] - LATENCY[0] + 1)),
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

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-publish-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    log(
      `publish: ${ACCOUNTS} accounts, spread ${SPREAD_TARGETS} over ${SPREAD_MS / 1000} s, burst ${BURST_TARGETS}, ${WORKERS} workers; logs in ${workDir}`,
    );
    const db = await startDatabase('publish');
    cleanups.push(() => db.stop());
    log(`PostgreSQL ${db.version} (${db.kind})`);

    const sandbox = await startSandbox(workDir);
    cleanups.push(() => sandbox.child.stop());
    await sandbox.admin('POST', '/_sandbox/rate-limits', { enabled: false });
    await sandbox.admin('POST', '/_sandbox/faults', {
      rules: [{ network: 'x', endpoint: 'x.tweets.create', kind: 'latency', latencyMs: LATENCY, rate: 1 }],
    });

    const secretKeyHex = randomBytes(32).toString('hex');
    const accounts = await createAccounts(db.db, sandbox, Buffer.from(secretKeyHex, 'hex'), ACCOUNTS, 'pb');
    log(`${accounts.length} sandbox personas and accounts ready`);

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
        sandboxLatencyMs: LATENCY,
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
  } finally {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: unknown) => console.error('cleanup:', (error as Error).message));
    if (!env.BENCH_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
