// Footprint benchmark (issue 9): time from start to a healthy /healthz, on a first start (initdb)
// and on a second start of the same DATA_DIR, and memory at rest ~10 s later: the Node processes
// and the embedded PostgreSQL's processes. The app is started as `npm start` starts it, with the
// launcher of scripts/launch.mjs (server with embedded PostgreSQL, beside the sandbox).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
// @ts-expect-error: a plain ES module shared with `npm start`, typed by its use here.
import { launch, launchEnvironment } from '../../scripts/launch.mjs';
import { descendants, freePort, log, machine, postmasterPid, printResult, round, sleep } from '../lib/common';

const REST_MS = Number(process.env.BENCH_FOOTPRINT_REST_SECONDS ?? 10) * 1000;

interface Launched {
  ready: Promise<string>;
  stop(): Promise<void>;
  children: ChildProcess[];
  server: ChildProcess;
}

/** Resident and proportional set sizes (MiB) of a process. */
function memory(pid: number): { rss: number; pss: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = Number(/Pss:\s+(\d+) kB/.exec(rollup)?.[1] ?? 0) / 1024;
    return { rss, pss };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** The embedded cluster's processes: the postmaster of DATA_DIR/postgres (its command line names it) and its children. */
function postgresProcesses(dataDir: string): number[] {
  const clusterDir = path.join(dataDir, 'postgres');
  let master = postmasterPid(clusterDir);
  if (!master) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(clusterDir)) master = Number(entry);
      } catch {
        // Gone.
      }
    }
  }
  return master ? [master, ...descendants(master)] : [];
}

async function startAndMeasure(dataDir: string, label: string) {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const env = launchEnvironment({
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
  });
  delete env.DATABASE_URL;
  const started = performance.now();
  const app = launch({ env, stdio: ['ignore', 'pipe', 'pipe'] }) as Launched;
  for (const child of app.children) {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  app.ready.catch(() => {});
  let healthyMs: number | undefined;
  let firstAnswerMs: number | undefined;
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      const body = (await response.json()) as { status: string };
      firstAnswerMs ??= performance.now() - started;
      if (body.status === 'ok') {
        healthyMs = performance.now() - started;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(25);
  }
  if (healthyMs === undefined) throw new Error(`${label}: /healthz was not ok within 120 s`);
  log(`${label}: healthy after ${round(healthyMs, 0)} ms (first answer at ${round(firstAnswerMs ?? NaN, 0)} ms)`);

  await sleep(REST_MS);
  const serverPid = app.server.pid as number;
  const sandboxPid = app.children.find((child) => child !== app.server)?.pid;
  // ROLE=all runs its worker as a child process (decision 120): the server is both.
  const node = [serverPid, ...descendants(serverPid)]
    .map(memory)
    .reduce((sum, entry) => ({ rss: sum.rss + entry.rss, pss: sum.pss + entry.pss }), { rss: 0, pss: 0 });
  const sandbox = sandboxPid ? memory(sandboxPid) : { rss: 0, pss: 0 };
  const pgPids = postgresProcesses(dataDir);
  const pg = pgPids.map(memory).reduce((sum, entry) => ({ rss: sum.rss + entry.rss, pss: sum.pss + entry.pss }), { rss: 0, pss: 0 });
  const mib = (entry: { rss: number; pss: number }) => ({ rssMiB: round(entry.rss, 1), pssMiB: round(entry.pss, 1) });
  const result = {
    startToHealthyMs: round(healthyMs, 0),
    startToFirstAnswerMs: round(firstAnswerMs ?? NaN, 0),
    memoryAtRest: {
      server: mib(node),
      postgres: { ...mib(pg), processes: pgPids.length },
      appTotal: mib({ rss: node.rss + pg.rss, pss: node.pss + pg.pss }),
      sandbox: mib(sandbox),
    },
  };
  log(`${label}: ${JSON.stringify(result)}`);
  await app.stop();
  return result;
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-footprint-'));
  try {
    const first = await startAndMeasure(dataDir, 'first start (initdb)');
    const second = await startAndMeasure(dataDir, 'second start');
    printResult({
      bench: 'footprint',
      machine: machine(),
      firstStart: first,
      secondStart: second,
      note: 'Memory ~10 s after /healthz said ok. RSS counts shared pages in every process (PostgreSQL shared buffers once per backend); PSS splits them, so the PSS total is the better "whole app" figure. The sandbox is listed apart: it is not part of a production deployment.',
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
      seconds: round((Date.now() - started) / 1000, 0),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
