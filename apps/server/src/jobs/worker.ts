import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { JobResult, PgBoss } from 'pg-boss';
import type { Log } from '../lib/logger';
import type { Clock } from '../lib/clock';
import type { JobHandler } from './job';

/** Where a worker reports that it is alive (`/healthz` reads it). */
export interface Heartbeats {
  recordHeartbeat(identity: { id: string; hostname: string; pid: number; startedAt: Date }, now: Date): Promise<void>;
  removeHeartbeat(id: string): Promise<void>;
}

const HEARTBEAT_INTERVAL_MS = 10_000;
/** Retries wait 30 s or more for every job but publishing's, so a look every 5 s is soon enough. */
const DELAYED_POLL_SECONDS = 5;

/** A name for this worker process, unique across restarts; it owns leases and heartbeats. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Subscribes every handler to its pg-boss queue and reports in every 10 s, so `/healthz` on any
 * API process can tell whether some worker is alive.
 */
export async function startWorker(deps: {
  workerId: string;
  boss: PgBoss;
  handlers: JobHandler[];
  health: Heartbeats;
  clock: Clock;
  log: Log;
}) {
  const identity = { id: deps.workerId, hostname: os.hostname(), pid: process.pid, startedAt: deps.clock.now() };

  for (const { job, prepare } of deps.handlers) {
    await deps.boss.work(
      job.name,
      {
        batchSize: 20,
        pollingIntervalSeconds: 0.5,
        // NOTIFY only wakes workers for jobs due when inserted; delayed ones (backstops, retries)
        // would otherwise wait for pg-boss's 30 s notify-mode poll. Only the jobs that need it look
        // every half second: 8 queues × 2 local workers at 0.5 s were 32 idle queries a second.
        notifyPollingIntervalSeconds: job.delayedPollSeconds ?? DELAYED_POLL_SECONDS,
        burstWhenBatchFull: true,
        localConcurrency: 2,
        perJobResults: true,
      },
      async (jobs): Promise<JobResult[]> => {
        // Jobs of a batch settle one by one: a failing job is retried alone.
        const results: JobResult[] = [];
        for (const delivered of jobs) {
          const prepared = prepare(delivered.data);
          if (!prepared.ok) {
            deps.log.error({ job: job.name, jobId: delivered.id, issues: prepared.issues }, 'job payload is not valid; dropping it');
            results.push({ id: delivered.id, status: 'deadletter', output: { error: 'invalid payload' } });
            continue;
          }
          try {
            await prepared.run();
            results.push({ id: delivered.id, status: 'completed' });
          } catch (error) {
            deps.log.warn({ job: job.name, jobId: delivered.id, err: error }, 'job failed; it will be retried');
            results.push({ id: delivered.id, status: 'failed', output: { error: (error as Error).message } });
          }
        }
        return results;
      },
    );
  }

  const beat = () =>
    deps.health.recordHeartbeat(identity, deps.clock.now()).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'worker heartbeat failed');
    });
  await beat();
  // Fire and forget: beat() catches and logs its own failure, and the next tick tries again.
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  timer.unref();

  return {
    id: identity.id,
    async stop() {
      clearInterval(timer);
      await deps.health.removeHeartbeat(identity.id).catch(() => {});
    },
  };
}
