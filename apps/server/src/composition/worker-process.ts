import { spawn, type ChildProcess } from 'node:child_process';
import { childEnvironment } from '../config/env';
import type { AppLogger } from '../lib/logger';

/** How a `ROLE=all` process starts its worker as a process of its own. */
export interface WorkerProcessOptions {
  /** The server's entry file (main.js), run again with ROLE=worker. */
  entry: string;
  execArgv?: string[];
}

/**
 * The worker half of `ROLE=all`, in a child process: the publishing timers then run on an event loop
 * that serves no HTTP, so a busy API cannot make posts late (docs/decisions/120). The child gets the
 * database this process prepared and its secret key; it is restarted with growing pauses if it dies,
 * and stopped (it drains its work) before the database goes away.
 */
export function superviseWorkerProcess(options: WorkerProcessOptions & { connectionString: string; secretKey: Buffer; log: AppLogger }): {
  stop(): Promise<void>;
} {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    const current = spawn(process.execPath, [...(options.execArgv ?? process.execArgv), options.entry], {
      env: childEnvironment({ ROLE: 'worker', DATABASE_URL: options.connectionString, SECRET_KEY: options.secretKey.toString('hex') }),
      stdio: 'inherit',
    });
    child = current;
    // No priority above the API's: the worker's work is mostly its PostgreSQL statements, which a nice
    // value does not reach, and a raised worker took the API's cores in bursts (decision 127).
    current.on('exit', (code, signal) => {
      if (stopping) return;
      // A worker that ran a while before dying starts the count again.
      restarts = Date.now() - startedAt > 60_000 ? 1 : restarts + 1;
      const pauseMs = Math.min(500 * 2 ** (restarts - 1), 30_000);
      options.log.error({ code, signal, restartInMs: pauseMs }, 'the worker process exited; restarting it');
      restartTimer = setTimeout(start, pauseMs);
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      const killer = setTimeout(() => current.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
