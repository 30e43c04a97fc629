// Mixed benchmark (issue 17, item 20): one instance (ROLE=all as `npm start` runs it: the API, and
// the worker in a child process, decision 120) publishes the spread scenario (10,000 targets over a minute) while the API
// benchmark's feed and summary load runs against it. In the same run: the API's load alone, and the
// spread alone, so both collapses (publishing lateness, API p99) are measured against their quiet
// figures on the same machine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateToken, hashToken } from '../../apps/server/src/lib/tokens';
import { descendants, freePort, log, runBenchmark, machine, printResult, round, serverMain, sleep, startProcess } from '../lib/common';
import { startDatabase } from '../lib/database';
import { startBossClient, waitForHeartbeat } from '../lib/fleet';
import { FEED_PATH, SUMMARY_PATH, httpLoad } from '../lib/http-load';
import { PUBLISH_LATENCY_MS, appScenario, attributedCpuMeter, spreadInstantsOf, startPublishFleet } from '../lib/publish-scenario';
import { seedApiDataset } from '../api/seed';

const env = process.env;
const TARGETS = Number(env.BENCH_API_POSTS ?? 1_000_000);
const SNAPSHOTS = Number(env.BENCH_API_SNAPSHOTS ?? 10_000_000);
const API_SECONDS = Number(env.BENCH_API_SECONDS ?? 15);
const ACCOUNTS = Number(env.BENCH_PUBLISH_ACCOUNTS ?? 1_000);
const SPREAD_TARGETS = Number(env.BENCH_PUBLISH_SPREAD ?? 10_000);
const SPREAD_MS = Number(env.BENCH_PUBLISH_SPREAD_SECONDS ?? 60) * 1_000;
const LEAD_MS = 10_000;
const WARMUP_MS = 5_000;
const GOAL_SPREAD_P99_MS = 250;
const GOAL_API_RATIO = 1.5;

/** The API benchmark's two pages, alternately: the feed, then the analytics summary. */
function feedAndSummary() {
  let call = 0;
  return () => (call++ % 2 === 0 ? FEED_PATH : SUMMARY_PATH);
}

runBenchmark(async (cleanups) => {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-mixed-'));
  cleanups.push(async () => {
    if (!env.BENCH_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
  });
  const db = await startDatabase('mixed');
  cleanups.push(() => db.stop());
  log(`mixed: PostgreSQL ${db.version} (${db.kind}); seeding ${TARGETS} targets and ${SNAPSHOTS} snapshots`);
  const dataset = await seedApiDataset(db.db, { targets: TARGETS, snapshots: SNAPSHOTS, log });
  const token = generateToken('at');
  await db.db.query(
    `INSERT INTO sessions (user_id, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at)
     VALUES ($1, $2, now() + interval '1 day', $3, now() + interval '30 days')`,
    [dataset.mainUserId, hashToken(token), randomBytes(32)],
  );

  const { sandbox, secretKeyHex, accounts } = await startPublishFleet(workDir, db, ACCOUNTS, 'mx', cleanups);

  const port = await freePort();
  const instance = startProcess('instance', process.execPath, ['--enable-source-maps', env.BENCH_SERVER_MAIN ?? serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.connectionString,
      SECRET_KEY: secretKeyHex,
      SANDBOX: 'on',
      SANDBOX_URL: sandbox.url,
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(workDir, 'data'),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    logFile: path.join(workDir, 'instance.log'),
  });
  cleanups.push(() => instance.stop());
  await instance.waitForLine(/Postflow is running at/, 120_000);
  await waitForHeartbeat(db.db, 'any', 60_000);
  const base = `http://127.0.0.1:${port}`;
  const boss = await startBossClient(db.connectionString);
  cleanups.push(() => boss.stop({ graceful: false, close: true }));
  const instancePid = instance.process.pid as number;
  // The API process alone, and the worker process it started (decision 120), each with the
  // PostgreSQL backends serving it: what publishing costs, apart from the API's load.
  const spread = async (name: string) => {
    const cpu = await attributedCpuMeter(db, {
      api: () => [instancePid],
      worker: () => descendants(instancePid),
      sandbox: () => [sandbox.child.process.pid as number],
    });
    const result = await appScenario(
      workDir,
      name,
      db,
      boss,
      sandbox,
      [instance],
      accounts,
      spreadInstantsOf(SPREAD_TARGETS, SPREAD_MS, Date.now() + LEAD_MS),
    );
    const attributed = await cpu(SPREAD_TARGETS);
    log(`${name}: CPU ms per post by process and by the backends serving it: ${JSON.stringify(attributed)}`);
    return { ...result, cpuMsPerPost: attributed };
  };

  // Warm both paths first (the first calls load code and open connections).
  await httpLoad(base, feedAndSummary(), token, 3);
  await appScenario(
    workDir,
    'warm-up',
    db,
    boss,
    sandbox,
    [instance],
    accounts,
    spreadInstantsOf(Math.round((SPREAD_TARGETS * WARMUP_MS) / SPREAD_MS), WARMUP_MS, Date.now() + LEAD_MS),
  );

  const apiSolo = await httpLoad(base, feedAndSummary(), token, API_SECONDS);
  log(`API alone: ${JSON.stringify(apiSolo)}`);
  const spreadSolo = await spread('spread alone');

  // The load starts just before the first instant and lasts until the last one.
  const [spreadMixed, apiMixed] = await Promise.all([
    spread('spread under API load'),
    sleep(LEAD_MS - 1_000).then(() => httpLoad(base, feedAndSummary(), token, Math.ceil(SPREAD_MS / 1_000) + 1)),
  ]);
  log(`API during the spread: ${JSON.stringify(apiMixed)}`);

  const apiRatio = round(apiMixed.p99 / Math.max(0.1, apiSolo.p99), 2);
  printResult({
    bench: 'mixed',
    postgres: `${db.version} (${db.kind})`,
    machine: machine(),
    config: {
      instance: 'ROLE=all: the API and its worker process',
      accounts: ACCOUNTS,
      spread: { targets: SPREAD_TARGETS, seconds: SPREAD_MS / 1000 },
      api: { paths: [FEED_PATH, SUMMARY_PATH], connections: 50, datasetTargets: dataset.targets, snapshots: dataset.snapshots },
      sandboxLatencyMs: PUBLISH_LATENCY_MS,
    },
    spread: { alone: spreadSolo, underApiLoad: spreadMixed },
    api: { alone: apiSolo, duringSpread: apiMixed, p99Ratio: apiRatio },
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
    goals: {
      spreadP99UnderLoad: {
        goal: `p99 lateness <= ${GOAL_SPREAD_P99_MS} ms while the API is loaded`,
        value: spreadMixed.lateness.p99,
        alone: spreadSolo.lateness.p99,
        met: spreadMixed.lateness.p99 <= GOAL_SPREAD_P99_MS,
      },
      apiP99DuringSpread: {
        goal: `API p99 <= ${GOAL_API_RATIO}x its figure alone`,
        value: apiMixed.p99,
        alone: apiSolo.p99,
        met: apiRatio <= GOAL_API_RATIO && apiMixed.errors === 0,
      },
      exactlyOnce: {
        goal: 'no duplicate, nothing lost or failed',
        met: [spreadSolo, spreadMixed].every((s) => s.duplicates + s.lost + s.failed === 0),
      },
    },
    seconds: round((Date.now() - started) / 1000, 0),
  });
});
