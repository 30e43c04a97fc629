import { PgBoss } from 'pg-boss';
import type { Queryable } from '../db/client';
import type { JobDefinition, JobPayload } from './job';

export interface EnqueueOptions {
  /** A deterministic id (uuid) makes a second enqueue of the same work a no-op. */
  id?: string;
  startAfter?: Date;
  /** Enqueue inside the caller's transaction: the job exists if and only if the transaction commits. */
  tx?: Queryable;
}

export interface JobQueue {
  enqueue<J extends JobDefinition>(job: J, payload: JobPayload<J>, options?: EnqueueOptions): Promise<void>;
  /** Removes jobs that have become pointless, in one statement (in the caller's transaction when given). */
  remove(job: JobDefinition, ids: string | string[], options?: { tx?: Queryable }): Promise<void>;
}

export function asPgBossDb(tx: Queryable) {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await tx.query(text, values);
      return { rows: result.rows };
    },
  };
}

export async function startBoss(options: { connectionString: string; worker: boolean; onError: (error: Error) => void }): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.worker ? 6 : 3,
    // Workers are woken by NOTIFY when a job is created; polling remains the backstop.
    useListenNotify: true,
    // Only workers run maintenance and cron; API processes only enqueue.
    supervise: options.worker,
    schedule: options.worker,
    application_name: options.worker ? 'postflow-worker-queue' : 'postflow-api-queue',
  });
  boss.on('error', options.onError);
  await boss.start();
  return boss;
}

export async function ensureQueues(boss: PgBoss, jobs: readonly JobDefinition[]): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds,
      notify: true,
    });
  }
}

export function createJobQueue(boss: PgBoss): JobQueue {
  return {
    async enqueue(job, payload, options = {}) {
      await boss.send(job.name, payload as object, {
        ...(options.id ? { id: options.id } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.tx ? { db: asPgBossDb(options.tx) } : {}),
      });
    },
    async remove(job, ids, options = {}) {
      await boss.deleteJob(job.name, ids, options.tx ? { db: asPgBossDb(options.tx) } : {});
    },
  };
}
