// Small helpers shared by the benchmarks: ports, child processes, percentiles, the JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const tsxBin = path.join(root, 'node_modules/.bin/tsx');
export const serverMain = path.join(root, 'apps/server/dist/main.js');
export const sandboxMain = path.join(root, 'packages/sandbox/dist/main.js');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Nearest-rank percentile of an ascending array (p in 0..1). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] as number;
}

export const round = (value: number, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

/** p50/p95/p99/p99.9/max (and min) of a list of milliseconds, rounded to 0.1 ms. */
export function distribution(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: round(sorted[0] ?? NaN),
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    p999: round(percentile(sorted, 0.999)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

export function machine() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
  };
}

/** Runs a benchmark's `main` and exits with its outcome (pg pools and child processes would keep the process alive). */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** Every benchmark ends with exactly one JSON line on stdout; bench/run.mjs collects it. */
export function printResult(result: object): void {
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

export function log(message: string): void {
  const stamp = new Date().toISOString().slice(11, 23);
  process.stdout.write(`[${stamp}] ${message}\n`);
}

export interface Child {
  process: ChildProcess;
  name: string;
  logFile: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Lines written so far (stdout and stderr), for waiting on a message. */
  lines: string[];
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
}

/** Starts `node <args>` (or any command) with its output appended to `logFile`. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string },
): Child {
  const child = spawn(command, args, { env: options.env, cwd: options.cwd ?? root, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(options.logFile, { flags: 'a' });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let partial = '';
  const onData = (chunk: Buffer) => {
    out.write(chunk);
    partial += chunk.toString();
    let newline;
    while ((newline = partial.indexOf('\n')) !== -1) {
      lines.push(partial.slice(0, newline));
      partial = partial.slice(newline + 1);
      if (lines.length > 5_000) lines.splice(0, 1_000);
    }
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      out.end();
      resolve({ code, signal });
    }),
  );
  return {
    process: child,
    name,
    logFile: options.logFile,
    exited,
    lines,
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (const line of lines) {
            const match = pattern.exec(line);
            if (match) {
              cleanup();
              resolve(match);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms; see ${options.logFile}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`${name} exited before printing ${pattern}; see ${options.logFile}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off('exit', onExit);
        };
        waiters.add(check);
        child.once('exit', onExit);
        check();
      });
    },
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts one API process (`ROLE=api`, production, logging warnings) on a free port against
 * `databaseUrl`, with its DATA_DIR and log in `workDir`, and waits until it serves.
 */
export async function startApiProcess(options: {
  databaseUrl: string;
  workDir: string;
  secretKey: string;
  /** Another server bundle (a what-if experiment with a patched copy). */
  main?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ app: Child; base: string }> {
  const port = await freePort();
  const app = startProcess('api', process.execPath, ['--enable-source-maps', options.main ?? serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      SECRET_KEY: options.secretKey,
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(options.workDir, 'data'),
      PUBLIC_URL: `http://localhost:${port}`,
      ...options.env,
    },
    logFile: path.join(options.workDir, 'api.log'),
  });
  await app.waitForLine(/Postflow is running at/, 60_000);
  return { app, base: `http://127.0.0.1:${port}` };
}

export function tail(file: string, count = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export function postJson<T>(url: string, body: unknown): Promise<T> {
  return getJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Runs `work` over `items` with at most `concurrency` at once. */
export async function mapLimit<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

/**
 * CPU time (user + system, ms) a process has used so far; 0 once it is gone. Linux only. With
 * `reapedChildren`, also what its exited children used (cutime + cstime): a postmaster's exited
 * backends, so that connections closing between two samples are not lost.
 */
export function cpuMs(pid: number, reapedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // utime, stime, cutime, cstime are fields 14 to 17 of the line (11 to 14 after the name), in 10 ms ticks.
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    return (reapedChildren ? own + (fields[13] ?? 0) + (fields[14] ?? 0) : own) * 10;
  } catch {
    return 0;
  }
}

/** CPU (ms) of a process tree so far: the root with its reaped children, plus every live descendant. */
export function treeCpuMs(root: number): number {
  return cpuMs(root, true) + descendants(root).reduce((sum, pid) => sum + cpuMs(pid), 0);
}

/** Pids of `parent`'s children (and their children). */
export function descendants(parent: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(parent);
  return found;
}

/** The postmaster of a cluster directory (first line of postmaster.pid). */
export function postmasterPid(clusterDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a benchmark's body: the clean-ups it registers run in reverse order however it ends, then
 * the process exits 0, or 1 after printing the error.
 */
export function runBenchmark(body: (cleanups: Array<() => Promise<unknown>>) => Promise<void>): void {
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: unknown) => console.error('cleanup:', (error as Error).message));
  };
  body(cleanups)
    .finally(cleanUp)
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
