// The app side of a publish scenario, shared by the publish and mixed benchmarks: insert targets
// due at given instants, wait until each is final, and measure how late the sandbox received them.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { cpuMs, distribution, log, postmasterPid, round, treeCpuMs, type Child } from './common';
import type { BenchDatabase } from './database';
import {
  createAccounts,
  insertTargets,
  planTargets,
  sandboxPosts,
  startSandbox,
  targetRows,
  waitUntilFinal,
  type Account,
  type SandboxProcess,
} from './fleet';

const env = process.env;

/** The sandbox's latency on post creation in the publish scenarios. */
export const PUBLISH_LATENCY_MS: [number, number] = [50, 150];

/**
 * The sandbox the publish scenarios send to (no rate limits, the usual latency on post creation)
 * and `count` accounts on it, sealed with a fresh key the app processes must be given.
 */
export async function startPublishFleet(
  workDir: string,
  db: BenchDatabase,
  count: number,
  prefix: string,
  cleanups: Array<() => Promise<unknown>>,
) {
  const sandbox = await startSandbox(workDir);
  cleanups.push(() => sandbox.child.stop());
  await sandbox.admin('POST', '/_sandbox/rate-limits', { enabled: false });
  await sandbox.admin('POST', '/_sandbox/faults', {
    rules: [{ network: 'x', endpoint: 'x.tweets.create', kind: 'latency', latencyMs: PUBLISH_LATENCY_MS, rate: 1 }],
  });
  const secretKeyHex = randomBytes(32).toString('hex');
  const accounts = await createAccounts(db.db, sandbox, Buffer.from(secretKeyHex, 'hex'), count, prefix);
  log(`${accounts.length} sandbox personas and accounts ready`);
  return { sandbox, secretKeyHex, accounts };
}

/** `count` instants evenly over `ms` from `start`. */
export const spreadInstantsOf = (count: number, ms: number, start: number) =>
  Array.from({ length: count }, (_, i) => new Date(start + Math.floor((i * ms) / count)));

export interface ScenarioResult {
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
export function cpuMeter(db: BenchDatabase, groups: Record<string, () => number[]>) {
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

/** Whose PostgreSQL backend this is, by the application name each pool sets. */
function clientOf(applicationName: string): string {
  if (/^postflow-(worker|dispatcher)/.test(applicationName)) return 'postgresForWorker';
  if (/^postflow-(all|api)/.test(applicationName)) return 'postgresForApi';
  if (/bench/.test(applicationName)) return 'postgresForBench';
  return 'postgresOther';
}

/**
 * CPU per delivered post of each process (alone, not its children) and of the PostgreSQL backends
 * serving each of them, so that the worker's cost is not mixed with the API's when both run: the
 * whole server tree and the whole cluster would count the API's load as publishing's.
 */
export async function attributedCpuMeter(db: BenchDatabase, processes: Record<string, () => number[]>) {
  const backends = async () => {
    const { rows } = await db.db.query<{ pid: number; name: string }>('SELECT pid, application_name AS name FROM pg_stat_activity');
    return new Map(rows.map((row) => [row.pid, { client: clientOf(row.name), ms: cpuMs(row.pid) }]));
  };
  const master = db.clusterDir ? postmasterPid(db.clusterDir) : undefined;
  const sample = (): Record<string, number> => ({
    ...Object.fromEntries(Object.entries(processes).map(([name, pids]) => [name, pids().reduce((sum, pid) => sum + cpuMs(pid), 0)])),
    postgres: master ? treeCpuMs(master) : 0,
  });
  const before = sample();
  const backendsBefore = await backends();
  return async (delivered: number) => {
    const after = sample();
    const figures: Record<string, number> = {};
    for (const name of Object.keys(after)) figures[name] = Math.max(0, (after[name] ?? 0) - (before[name] ?? 0));
    for (const [pid, entry] of await backends()) {
      figures[entry.client] = (figures[entry.client] ?? 0) + Math.max(0, entry.ms - (backendsBefore.get(pid)?.ms ?? 0));
    }
    return Object.fromEntries(Object.entries(figures).map(([name, ms]) => [name, round(ms / Math.max(1, delivered), 2)]));
  };
}

export function summarise(
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

export async function appScenario(
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
