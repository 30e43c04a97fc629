// The chaos run itself (started by bench/chaos/run.mjs). See that file for the options.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distribution, log, printResult, round, sleep, type Child } from '../lib/common';
import { startDatabase } from '../lib/database';
import {
  createAccounts,
  FINAL_STATUSES,
  insertTargets,
  planTargets,
  sandboxPosts,
  startBossClient,
  startSandbox,
  startWorkerProcess,
  targetRows,
  waitForHeartbeat,
  waitUntilFinal,
} from '../lib/fleet';
import { checkThreads, insertThreads, planThreads, THREAD_FINAL_STATUSES } from './threads';

const env = process.env;
const short = process.argv.includes('--short');
const TARGETS = Number(env.CHAOS_TARGETS ?? (short ? 200 : 2_000));
const SECONDS = Number(env.CHAOS_SECONDS ?? (short ? 20 : 60));
const ACCOUNTS = Number(env.CHAOS_ACCOUNTS ?? Math.max(20, Math.ceil(TARGETS / 10)));
/** X threads of 3 to 8 parts (docs/decisions/155-threads.md), on accounts of their own, a few threads each. */
const THREADS = Number(env.CHAOS_THREADS ?? 200);
const THREAD_ACCOUNTS = Math.max(20, Math.ceil(THREADS / 4));
const WORKERS = 3;
const KILL_EVERY_MS = Number(env.CHAOS_KILL_EVERY_MS ?? (short ? 3_000 : 4_000));
const FAULT_RATE = 0.05;
/** How long a `timeout_after_create` holds the connection before dropping it (the X adapter's own timeout is 15 s). */
const HOLD_MS = 3_000;
/** Time for every target to settle after the last instant: leases of killed workers run 120 s. */
const SETTLE_MS = Number(env.CHAOS_SETTLE_SECONDS ?? 300) * 1_000;
const LEAD_MS = 8_000;
const SEED = env.CHAOS_SEED ?? randomBytes(4).toString('hex');
const DEDUPE = env.CHAOS_X_DEDUPE === 'on';

function runShell(command: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve(Date.now() - started) : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function main() {
  const started = Date.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-chaos-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  let failed = true;
  try {
    log(
      `chaos: ${TARGETS} targets over ${SECONDS} s, ${ACCOUNTS} accounts, ${WORKERS} workers, a SIGKILL every ${KILL_EVERY_MS} ms, faults ${FAULT_RATE * 100}% each (seed ${SEED}), X duplicate rule ${DEDUPE ? 'on' : 'off'}; logs in ${workDir}`,
    );
    const db = await startDatabase('chaos');
    cleanups.push(() => db.stop());
    const restartDatabase = db.restart ?? (env.CHAOS_PG_RESTART_CMD ? () => runShell(env.CHAOS_PG_RESTART_CMD as string) : undefined);
    log(
      `PostgreSQL ${db.version} (${db.kind})${restartDatabase ? '' : '; no way to restart it (set CHAOS_PG_RESTART_CMD): the restart is skipped'}`,
    );

    // The duplicate-text rule is off by default: a double send must show up as two posts, not be
    // refused by the network and hidden.
    const sandbox = await startSandbox(workDir, {
      rateLimits: { enabled: false, x: { 'x.tweets.create': { windowMs: 10_000 } } },
      x: { duplicateWindowMs: DEDUPE ? 24 * 3_600_000 : 0 },
    });
    cleanups.push(() => sandbox.child.stop());
    const fault = (kind: string, extra: object = {}) => ({ network: 'x', endpoint: 'x.tweets.create', kind, rate: FAULT_RATE, ...extra });
    await sandbox.admin('POST', '/_sandbox/faults', {
      seed: SEED,
      rules: [
        { network: 'x', endpoint: 'x.tweets.create', kind: 'latency', latencyMs: [50, 150], rate: 1 },
        fault('rate_limit'),
        fault('server_error'),
        fault('connection_reset'),
        fault('timeout_after_create', { holdMs: HOLD_MS }),
      ],
    });

    const secretKeyHex = randomBytes(32).toString('hex');
    const accounts = await createAccounts(db.db, sandbox, Buffer.from(secretKeyHex, 'hex'), ACCOUNTS, 'ch');
    const threadAccounts = THREADS ? await createAccounts(db.db, sandbox, Buffer.from(secretKeyHex, 'hex'), THREAD_ACCOUNTS, 'th') : [];

    // Workers, restarted whenever they exit (killed by us or not); unexpected exits are counted.
    const workerOptions = (index: number) => ({
      connectionString: db.connectionString,
      secretKeyHex,
      sandboxUrl: sandbox.url,
      workDir,
      index,
    });
    const workers: Child[] = [];
    const generations = new Array<number>(WORKERS).fill(0);
    const killedByUs = new Set<number>();
    let unexpectedExits = 0;
    let stopping = false;
    const spawnWorker = (index: number) => {
      const worker = startWorkerProcess(workerOptions(index), generations[index]);
      workers[index] = worker;
      void worker.exited.then(({ code, signal }) => {
        const pid = worker.process.pid as number;
        if (stopping) return;
        if (!killedByUs.has(pid)) {
          unexpectedExits += 1;
          log(`worker-${index} (pid ${pid}) exited by itself (code ${code}, signal ${signal}); restarting it`);
        }
        generations[index] = (generations[index] ?? 0) + 1;
        spawnWorker(index);
      });
    };
    for (let index = 0; index < WORKERS; index++) spawnWorker(index);
    cleanups.push(async () => {
      stopping = true;
      await Promise.all(workers.map((worker) => worker.stop('SIGTERM', 10_000)));
    });
    await Promise.all(workers.map((worker) => waitForHeartbeat(db.db, worker.process.pid as number, 60_000)));

    const boss = await startBossClient(db.connectionString);
    cleanups.push(() => boss.stop({ graceful: false, close: true }));
    const first = Date.now() + LEAD_MS;
    const instants = Array.from({ length: TARGETS }, (_, i) => new Date(first + Math.floor((i * SECONDS * 1_000) / TARGETS)));
    const targets = planTargets(accounts, instants, `chaos-${SEED}`);
    await insertTargets(db.db, boss, targets);
    const threadInstants = Array.from({ length: THREADS }, (_, i) => new Date(first + Math.floor((i * SECONDS * 1_000) / THREADS)));
    const threads = planThreads(threadAccounts, threadInstants, `chaos-${SEED}`);
    await insertThreads(db.db, boss, threads);
    const last = (instants[instants.length - 1] as Date).getTime();
    log(
      `${TARGETS} targets and ${THREADS} threads (${threads.reduce((sum, thread) => sum + thread.partIds.length, 0)} parts) scheduled from ${new Date(first).toISOString()} to ${new Date(last).toISOString()}`,
    );

    // One worker SIGKILLed every few seconds (from just before the first instant until 10 s after
    // the last), and PostgreSQL restarted half way through.
    let kills = 0;
    const killer = (async () => {
      await sleep(Math.max(0, first - Date.now() - 2_000));
      while (Date.now() < last + 10_000) {
        await sleep(KILL_EVERY_MS);
        const index = Math.floor(Math.random() * WORKERS);
        const victim = workers[index] as Child;
        killedByUs.add(victim.process.pid as number);
        victim.process.kill('SIGKILL');
        kills += 1;
      }
    })();
    let databaseRestartMs: number | null = null;
    const restarter = (async () => {
      if (!restartDatabase) return;
      await sleep(Math.max(0, first + (SECONDS * 1_000) / 2 - Date.now()));
      log('restarting PostgreSQL');
      databaseRestartMs = await restartDatabase();
      log(`PostgreSQL is back after ${databaseRestartMs} ms`);
    })();
    await Promise.all([killer, restarter]);
    log(`${kills} workers killed; waiting for every target to settle (up to ${SETTLE_MS / 1000} s after the last instant)`);

    const ids = targets.map((target) => target.id);
    const counts = await waitUntilFinal(db.db, ids, last + SETTLE_MS, (c) => log(`statuses: ${JSON.stringify(c)}`));
    const partIds = threads.flatMap((thread) => thread.partIds);
    const partCounts = await waitUntilFinal(db.db, partIds, last + SETTLE_MS, (c) => log(`thread parts: ${JSON.stringify(c)}`), {
      finalStatuses: THREAD_FINAL_STATUSES,
    });
    const threadCheck = await checkThreads(db.db, sandbox, threads);
    const rows = new Map((await targetRows(db.db, ids)).map((row) => [row.id, row]));
    const posts = (await sandboxPosts(sandbox)).filter((post) => !post.deleted);
    const postsByText = new Map<string, typeof posts>();
    for (const post of posts) postsByText.set(post.text, [...(postsByText.get(post.text) ?? []), post]);

    const tally = {
      published: 0,
      failedWithReason: 0,
      duplicates: 0,
      lost: 0,
      notSettled: 0,
      failedButPosted: 0,
      failedWithoutReason: 0,
      wrongPostId: 0,
    };
    const problems: string[] = [];
    const lateness: number[] = [];
    for (const target of targets) {
      const row = rows.get(target.id);
      const found = postsByText.get(target.text) ?? [];
      if (found.length > 1) {
        tally.duplicates += 1;
        problems.push(`duplicate: ${target.id} is on the sandbox ${found.length} times`);
      }
      if (!row || !FINAL_STATUSES.includes(row.status)) {
        tally.notSettled += 1;
        tally.lost += 1;
        problems.push(`lost: ${target.id} is still ${row?.status ?? 'missing'}`);
        continue;
      }
      if (row.status === 'published') {
        if (found.length === 0) {
          tally.lost += 1;
          problems.push(`lost: ${target.id} is published but not on the sandbox`);
          continue;
        }
        tally.published += 1;
        if (row.networkPostId && !found.some((post) => post.id === row.networkPostId)) tally.wrongPostId += 1;
        lateness.push(Math.min(...found.map((post) => Date.parse(post.receivedAt))) - target.at.getTime());
      } else if (found.length > 0) {
        tally.failedButPosted += 1;
        problems.push(`${row.status} but on the sandbox: ${target.id} (${row.failureReason})`);
      } else if (!row.failureReason) {
        tally.failedWithoutReason += 1;
        problems.push(`${row.status} without a reason: ${target.id}`);
      } else {
        tally.failedWithReason += 1;
      }
    }
    const failures = [...rows.values()]
      .filter((row) => row.status !== 'published')
      .map((row) => `${row.status}: ${row.failureClass}: ${row.failureReason}`);
    const faults = await sandbox.admin<{ rules: Array<{ kind: string; fired: number }> }>('GET', '/_sandbox/faults');
    const { rows: attempts } = await db.db.query<{ attempts: number; targets: number }>(
      'SELECT attempt_count AS attempts, count(*)::int AS targets FROM post_targets WHERE id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1',
      [ids],
    );
    const errorLines = readdirLogs(workDir).filter((line) => line.includes('"level":50')).length;
    const ok =
      tally.duplicates === 0 && tally.lost === 0 && tally.failedButPosted === 0 && tally.failedWithoutReason === 0 && threadCheck.ok;
    for (const problem of [...problems, ...threadCheck.problems].slice(0, 30)) log(problem);
    for (const failure of [...new Set(failures)].slice(0, 10)) log(`not published: ${failure}`);

    printResult({
      bench: 'chaos',
      ok,
      postgres: `${db.version} (${db.kind})`,
      config: {
        targets: TARGETS,
        seconds: SECONDS,
        accounts: ACCOUNTS,
        workers: WORKERS,
        killEveryMs: KILL_EVERY_MS,
        faultRate: FAULT_RATE,
        holdMs: HOLD_MS,
        seed: SEED,
        xDuplicateRule: DEDUPE,
        threads: THREADS,
        threadAccounts: THREAD_ACCOUNTS,
      },
      counts: { targets: TARGETS, ...tally },
      statuses: counts,
      // Both must be 0 (docs/decisions/155-threads.md).
      duplicatedParts: threadCheck.tally.duplicatedParts,
      brokenChains: threadCheck.tally.brokenChains,
      threads: threadCheck.tally,
      threadPartStatuses: partCounts,
      chaos: {
        kills,
        unexpectedWorkerExits: unexpectedExits,
        databaseRestartMs,
        faultsFired: Object.fromEntries(faults.rules.filter((rule) => rule.kind !== 'latency').map((rule) => [rule.kind, rule.fired])),
        workerErrorLogLines: errorLines,
      },
      attemptsPerTarget: Object.fromEntries(attempts.map((row) => [row.attempts, row.targets])),
      latenessMs: distribution(lateness),
      seconds: round((Date.now() - started) / 1000, 0),
    });
    failed = !ok;
  } finally {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: unknown) => console.error('cleanup:', (error as Error).message));
    if (!env.BENCH_KEEP_LOGS && !failed) rmSync(workDir, { recursive: true, force: true });
    else log(`logs kept in ${workDir}`);
  }
  return failed ? 1 : 0;
}

function readdirLogs(dir: string): string[] {
  const lines: string[] = [];
  for (const name of readdirSyncSafe(dir))
    if (name.startsWith('worker-')) lines.push(...readFileSync(path.join(dir, name), 'utf8').split('\n'));
  return lines;
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
