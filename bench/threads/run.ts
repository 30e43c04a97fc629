// Threads benchmark (issue 22, docs/decisions/155-threads.md): how soon a thread's next part follows
// its parent. 50 X threads of 5 parts, on 50 sandbox accounts, all due at the same instant, sent by
// two worker processes as deployed. Per thread: the head's lateness, each later part's latency
// (its parent published → it published), and the whole thread's duration. Goal: next-part latency
// well under the dispatcher's poll, so a part is sent when its parent is out, not at the next poll.
//
// Baseline, in the same run: the same 250 posts as independent single posts on the same accounts,
// due at one instant. None waits for a parent, so their send time (attempt recorded → published)
// is what a part costs without the chain; a part's latency minus that is what chaining adds. A part
// left to the poll would add 0 to 500 ms to it (250 ms on average).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../apps/server/src/db/client';
import { DISPATCH_POLL_MS } from '../../apps/server/src/modules/publishing/dispatcher';
import { checkThreads, insertThreads, planThreads, THREAD_FINAL_STATUSES, type PlannedThread } from '../chaos/threads';
import { distribution, log, machine, printResult, round, runBenchmark, sleep, type Child } from '../lib/common';
import { startDatabase } from '../lib/database';
import {
  insertTargets,
  planTargets,
  startBossClient,
  startWorkerProcess,
  waitForHeartbeat,
  waitUntilFinal,
  type PlannedTarget,
} from '../lib/fleet';
import { PUBLISH_LATENCY_MS, startPublishFleet } from '../lib/publish-scenario';

const env = process.env;
const THREADS = Number(env.BENCH_THREADS ?? 50);
const PARTS = Number(env.BENCH_THREAD_PARTS ?? 5);
const WORKERS = 2;
/** Time between inserting a scenario and its instant (the dispatcher claims 3 s ahead). */
const LEAD_MS = 10_000;
/** "Well under the poll": half of it, where a part waiting for the poll would land half the time. */
const GOAL_NEXT_PART_P95_MS = DISPATCH_POLL_MS / 2;

interface Sent {
  id: string;
  publishedAt: Date | null;
  /** When the first attempt was recorded, just before the call left. */
  attemptAt: Date | null;
  /** The worker that made the first attempt. */
  worker: string | null;
}

/** Each target's publish time, first attempt and the worker that made it. */
async function sentRows(db: Database, ids: string[]): Promise<Map<string, Sent>> {
  const { rows } = await db.query<Sent>(
    `SELECT t.id, t.published_at AS "publishedAt", a.started_at AS "attemptAt", a.worker_id AS worker
     FROM post_targets t LEFT JOIN publish_attempts a ON a.target_id = t.id AND a.attempt_no = 1
     WHERE t.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const ms = (later: Date | null | undefined, earlier: Date | null | undefined) =>
  later && earlier ? later.getTime() - earlier.getTime() : undefined;
const defined = (values: Array<number | undefined>) => values.filter((value): value is number => value !== undefined);

/** Head lateness, next-part latency (with its wait and send), thread duration, from what the workers recorded. */
function measureThreads(threads: PlannedThread[], sent: Map<string, Sent>) {
  const head: Array<number | undefined> = [];
  const nextPart: Array<number | undefined> = [];
  const wait: Array<number | undefined> = [];
  /** The same wait for the parts another worker's poll claimed before the parent's worker could. */
  const waitOther: Array<number | undefined> = [];
  const send: Array<number | undefined> = [];
  const duration: Array<number | undefined> = [];
  const byPosition: Array<Array<number | undefined>> = Array.from({ length: PARTS - 1 }, () => []);
  let sameWorker = 0;
  for (const thread of threads) {
    const parts = thread.partIds.map((id) => sent.get(id));
    head.push(ms(parts[0]?.publishedAt, thread.at));
    for (let k = 1; k < parts.length; k += 1) {
      const parent = parts[k - 1];
      const part = parts[k];
      const latency = ms(part?.publishedAt, parent?.publishedAt);
      nextPart.push(latency);
      byPosition[k - 1]?.push(latency);
      wait.push(ms(part?.attemptAt, parent?.publishedAt));
      send.push(ms(part?.publishedAt, part?.attemptAt));
      if (part?.worker && part.worker === parent?.worker) sameWorker += 1;
      else waitOther.push(ms(part?.attemptAt, parent?.publishedAt));
    }
    const last = parts[parts.length - 1];
    duration.push(parts.every((part) => part?.publishedAt) ? ms(last?.publishedAt, thread.at) : undefined);
  }
  return {
    headLateness: distribution(defined(head)),
    nextPartLatency: distribution(defined(nextPart)),
    nextPartBreakdown: {
      parentToAttemptMs: distribution(defined(wait)),
      parentToAttemptOtherWorkerMs: distribution(defined(waitOther)),
      attemptToPublishedMs: distribution(defined(send)),
    },
    nextPartByPosition: byPosition.map((values, k) => ({ part: k + 2, ...distribution(defined(values)) })),
    partsSentBySameWorkerAsParent: sameWorker,
    threadDuration: distribution(defined(duration)),
  };
}

/** One line per part, for a closer look (BENCH_KEEP_LOGS): ms from the instant to its attempt and to its publish, and who sent it. */
function writeTimeline(file: string, threads: PlannedThread[], sent: Map<string, Sent>) {
  const lines = threads.flatMap((thread, t) =>
    thread.partIds.map((id, k) => {
      const row = sent.get(id);
      return [t, k + 1, ms(row?.attemptAt, thread.at) ?? '', ms(row?.publishedAt, thread.at) ?? '', row?.worker ?? ''].join(',');
    }),
  );
  writeFileSync(file, `thread,part,attemptMs,publishedMs,worker\n${lines.join('\n')}\n`);
}

/** The baseline's lateness (instant → published), send time (attempt → published) and drain. */
function measureSingles(targets: PlannedTarget[], sent: Map<string, Sent>) {
  const rows = targets.map((target) => ({ target, row: sent.get(target.id) }));
  const published = rows.filter(({ row }) => row?.publishedAt);
  const at = (targets[0] as PlannedTarget).at.getTime();
  return {
    posts: targets.length,
    published: published.length,
    lateness: distribution(defined(rows.map(({ target, row }) => ms(row?.publishedAt, target.at)))),
    attemptToPublishedMs: distribution(defined(rows.map(({ row }) => ms(row?.publishedAt, row?.attemptAt)))),
    drainMs: published.length ? Math.max(...published.map(({ row }) => (row?.publishedAt as Date).getTime())) - at : undefined,
  };
}

runBenchmark(async (cleanups) => {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-threads-'));
  cleanups.push(async () => {
    if (!env.BENCH_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
  });
  log(`threads: ${THREADS} threads of ${PARTS} parts on ${THREADS} accounts, ${WORKERS} workers; logs in ${workDir}`);
  const db = await startDatabase('threads');
  cleanups.push(() => db.stop());
  const { sandbox, secretKeyHex, accounts } = await startPublishFleet(workDir, db, THREADS, 'tb', cleanups);

  const workers: Child[] = [];
  for (let index = 0; index < WORKERS; index++) {
    const worker = startWorkerProcess({ connectionString: db.connectionString, secretKeyHex, sandboxUrl: sandbox.url, workDir, index });
    workers.push(worker);
    cleanups.push(() => worker.stop());
  }
  await Promise.all(workers.map((worker) => waitForHeartbeat(db.db, worker.process.pid as number, 60_000)));
  const boss = await startBossClient(db.connectionString);
  cleanups.push(() => boss.stop({ graceful: false, close: true }));

  /** Schedules single posts due at one instant and waits until each is final. */
  const singles = async (name: string, count: number) => {
    const instant = new Date(Date.now() + LEAD_MS);
    const targets = planTargets(
      accounts,
      Array.from({ length: count }, () => instant),
      `${name}-${Date.now().toString(36)}`,
    );
    await insertTargets(db.db, boss, targets);
    const ids = targets.map((target) => target.id);
    const counts = await waitUntilFinal(db.db, ids, instant.getTime() + 120_000, (c) => log(`${name}: ${JSON.stringify(c)}`), {
      notBefore: instant.getTime() + 500,
    });
    return { targets, counts, sent: await sentRows(db.db, ids) };
  };

  // Warm-up: a worker's first sends are slower (fetch's HTTP client loads, the pool opens its
  // connections); the scenarios measure workers that have been running.
  await singles('warm-up', THREADS);
  log('workers are warm');

  const instant = new Date(Date.now() + LEAD_MS);
  const threads = planThreads(
    accounts,
    Array.from({ length: THREADS }, () => instant),
    `bench-${Date.now().toString(36)}`,
    () => PARTS,
  );
  await insertThreads(db.db, boss, threads);
  const partIds = threads.flatMap((thread) => thread.partIds);
  log(`${THREADS} threads (${partIds.length} parts) due at ${instant.toISOString()}`);
  const partStatuses = await waitUntilFinal(db.db, partIds, instant.getTime() + 120_000, (c) => log(`parts: ${JSON.stringify(c)}`), {
    notBefore: instant.getTime() + 500,
    finalStatuses: THREAD_FINAL_STATUSES,
  });
  const partsSent = await sentRows(db.db, partIds);
  const app = measureThreads(threads, partsSent);
  if (env.BENCH_KEEP_LOGS) writeTimeline(path.join(workDir, 'parts.csv'), threads, partsSent);
  const check = await checkThreads(db.db, sandbox, threads);
  for (const problem of check.problems.slice(0, 20)) log(problem);
  log(`threads: ${JSON.stringify(app)}`);

  await sleep(1_000);
  const baselineRun = await singles('baseline', THREADS * PARTS);
  const baseline = measureSingles(baselineRun.targets, baselineRun.sent);
  log(`baseline: ${JSON.stringify(baseline)}`);

  const latencyMet = app.nextPartLatency.n === THREADS * (PARTS - 1) && app.nextPartLatency.p95 <= GOAL_NEXT_PART_P95_MS;
  const onceMet = check.ok && check.tally.complete === THREADS;
  printResult({
    bench: 'threads',
    postgres: `${db.version} (${db.kind})`,
    machine: machine(),
    config: {
      threads: THREADS,
      parts: PARTS,
      accounts: THREADS,
      workers: WORKERS,
      sandboxLatencyMs: PUBLISH_LATENCY_MS,
      dispatcherPollMs: DISPATCH_POLL_MS,
    },
    threads: { ...app, partStatuses, check: check.tally },
    baseline,
    // What chaining adds to a part's send: its latency beyond what the same post takes alone.
    chainOverheadP50Ms: round(app.nextPartLatency.p50 - baseline.attemptToPublishedMs.p50),
    goals: {
      nextPartLatency: {
        goal: `next-part latency p95 <= ${GOAL_NEXT_PART_P95_MS} ms (half the dispatcher's ${DISPATCH_POLL_MS} ms poll)`,
        value: app.nextPartLatency.p95,
        met: latencyMet,
      },
      exactlyOnce: {
        goal: 'every thread complete, no part twice, no broken chain',
        complete: check.tally.complete,
        duplicatedParts: check.tally.duplicatedParts,
        brokenChains: check.tally.brokenChains,
        met: onceMet,
      },
    },
    goalMet: latencyMet && onceMet,
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
    seconds: round((Date.now() - started) / 1000, 0),
  });
});
