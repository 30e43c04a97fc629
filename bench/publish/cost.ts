// What one published post costs, in CPU and in statements: one worker process (ROLE=worker, as the
// child of a `ROLE=all` instance runs) sends a spread of targets to the sandbox, and the CPU time
// of the worker, of each PostgreSQL backend (by application name) and of the sandbox is read from
// /proc before and after, divided by the posts; pg_stat_statements counts the statements per post.
// Small and repeatable, for comparing one change with the next on a busy machine (CPU time does not
// depend on how long the work waited for a core, latency does). Not part of `npm run bench`:
//   npx tsx bench/publish/cost.ts        (after `npm run build`; knobs below)
// BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the worker (written when it stops).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, log, postmasterPid, printResult, round, runBenchmark, sleep, treeCpuMs } from '../lib/common';
import { startDatabase, type BenchDatabase } from '../lib/database';
import { insertTargets, planTargets, startBossClient, startWorkerProcess, waitForHeartbeat, waitUntilFinal } from '../lib/fleet';
import { spreadInstantsOf, startPublishFleet } from '../lib/publish-scenario';

const env = process.env;
const ACCOUNTS = Number(env.BENCH_COST_ACCOUNTS ?? 200);
const TARGETS = Number(env.BENCH_COST_TARGETS ?? 2_000);
const SECONDS = Number(env.BENCH_COST_SECONDS ?? 20);
const IDLE_SECONDS = Number(env.BENCH_COST_IDLE_SECONDS ?? 10);
const LEAD_MS = 5_000;

/** CPU of every PostgreSQL backend, by application name (background processes by their type). */
async function backendCpu(db: BenchDatabase): Promise<Map<number, { name: string; ms: number }>> {
  const { rows } = await db.db.query<{ pid: number; name: string }>(
    `SELECT pid, CASE WHEN application_name <> '' THEN application_name ELSE backend_type END AS name FROM pg_stat_activity`,
  );
  return new Map(rows.map((row) => [row.pid, { name: row.name, ms: cpuMs(row.pid) }]));
}

function byName(before: Map<number, { name: string; ms: number }>, after: Map<number, { name: string; ms: number }>) {
  const sums: Record<string, number> = {};
  for (const [pid, entry] of after) sums[entry.name] = (sums[entry.name] ?? 0) + entry.ms - (before.get(pid)?.ms ?? 0);
  return sums;
}

async function enableStatements(db: BenchDatabase): Promise<boolean> {
  if (!db.restart) return false;
  await db.db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await db.restart();
  for (let tries = 0; tries < 20; tries++) {
    try {
      await db.db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      return true;
    } catch {
      await sleep(250);
    }
  }
  return false;
}

runBenchmark(async (cleanups) => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-cost-'));
  cleanups.push(async () => {
    if (!env.BENCH_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
  });
  const db = await startDatabase('cost');
  cleanups.push(() => db.stop());
  const statements = await enableStatements(db);
  const { sandbox, secretKeyHex, accounts } = await startPublishFleet(workDir, db, ACCOUNTS, 'ct', cleanups);
  const worker = startWorkerProcess({ connectionString: db.connectionString, secretKeyHex, sandboxUrl: sandbox.url, workDir, index: 0 });
  cleanups.push(() => worker.stop());
  await waitForHeartbeat(db.db, worker.process.pid as number, 60_000);
  const boss = await startBossClient(db.connectionString);
  cleanups.push(() => boss.stop({ graceful: false, close: true }));
  const master = postmasterPid(db.clusterDir as string) as number;
  const workerPid = worker.process.pid as number;
  const sandboxPid = sandbox.child.process.pid as number;
  const sample = () => ({ worker: cpuMs(workerPid), sandbox: treeCpuMs(sandboxPid), postgres: treeCpuMs(master) });

  const run = async (name: string, count: number, seconds: number) => {
    const targets = planTargets(accounts, spreadInstantsOf(count, seconds * 1_000, Date.now() + LEAD_MS), `${name}`);
    await insertTargets(db.db, boss, targets);
    // Inserting is scheduling's cost, not publishing's: measure from here.
    await sleep(Math.max(0, (targets[0] as { at: Date }).at.getTime() - Date.now() - 1_000));
    if (statements) await db.db.query('SELECT pg_stat_statements_reset()');
    const backendsBefore = await backendCpu(db);
    const before = sample();
    const last = (targets[targets.length - 1] as { at: Date }).at.getTime();
    const counts = await waitUntilFinal(
      db.db,
      targets.map((t) => t.id),
      last + 60_000,
      undefined,
      { notBefore: last + 3_000 },
    );
    // The backstops fall due 2 s after each instant: let them find their targets finished.
    await sleep(3_000);
    const after = sample();
    const backends = byName(backendsBefore, await backendCpu(db));
    const per = (ms: number) => round(ms / count, 2);
    const result = {
      name,
      counts,
      cpuMsPerPost: {
        worker: per(after.worker - before.worker),
        postgres: per(after.postgres - before.postgres),
        sandbox: per(after.sandbox - before.sandbox),
        product: per(after.worker - before.worker + after.postgres - before.postgres),
      },
      postgresByClient: Object.fromEntries(Object.entries(backends).map(([client, ms]) => [client, per(ms)])),
      statementsPerPost: 0,
      topStatements: [] as Array<{ calls: number; perPost: number; ms: number; query: string }>,
    };
    if (statements) {
      const { rows } = await db.db.query<{ calls: number; ms: number; query: string }>(
        `SELECT calls::int, round((total_exec_time + total_plan_time)::numeric, 1) AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
         FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC LIMIT 25`,
      );
      result.statementsPerPost = round(rows.reduce((sum, row) => sum + row.calls, 0) / count, 2);
      result.topStatements = rows.map((row) => ({ ...row, perPost: round(row.calls / count, 2) }));
    }
    log(JSON.stringify(result, null, 1));
    return result;
  };

  await run('warm-up', Math.round(TARGETS / 4), Math.max(2, SECONDS / 4));
  // What the worker and the database spend doing nothing, per second (polls, heartbeats).
  const idleBefore = sample();
  await sleep(IDLE_SECONDS * 1_000);
  const idleAfter = sample();
  const idlePerSecond = {
    worker: round((idleAfter.worker - idleBefore.worker) / IDLE_SECONDS, 1),
    postgres: round((idleAfter.postgres - idleBefore.postgres) / IDLE_SECONDS, 1),
  };
  log(`idle CPU ms per second: ${JSON.stringify(idlePerSecond)}`);
  const measured = await run('spread', TARGETS, SECONDS);
  printResult({ bench: 'cost', config: { accounts: ACCOUNTS, targets: TARGETS, seconds: SECONDS }, idlePerSecond, ...measured });
});
