import type { z } from 'zod';

/**
 * One kind of background job: its queue name, the schema of its payload (checked when a job is
 * picked up, since rows in the queue outlive deployments) and its retry policy. Handlers must be
 * idempotent: pg-boss delivers at least once.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Seconds a handler may run before pg-boss considers it lost and delivers it again. */
  expireInSeconds: number;
  /** For a recurring job: when workers run it (cron, UTC); pg-boss keeps one schedule per name. */
  cron?: string;
  /**
   * How often workers look for jobs that fell due without a wake-up (retries, jobs sent with a
   * start time); 5 s unless the job needs them sooner. Each look is a query on every worker.
   */
  delayedPollSeconds?: number;
}

export type JobPayload<J> = J extends JobDefinition<infer S> ? z.input<S> : never;

/** Job definitions by name; start-up checks that each one has exactly one handler (see `checkHandlers`). */
export function createJobRegistry() {
  const defined = new Map<string, JobDefinition>();
  return {
    define<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
      const existing = defined.get(job.name);
      if (existing && existing !== job) throw new Error(`Two jobs are named '${job.name}'.`);
      defined.set(job.name, job);
      return job;
    },
    list(): JobDefinition[] {
      return [...defined.values()];
    },
  };
}

const appJobs = createJobRegistry();

/** Declares one of the app's jobs. */
export const defineJob = appJobs.define;

/** Every job of the app defined by the modules loaded so far. */
export const definedJobs = appJobs.list;

/** A delivered payload, checked: the work to run, or why the payload is refused. */
export type PreparedJob = { ok: true; run(): Promise<void> } | { ok: false; issues: readonly z.core.$ZodIssue[] };

/** A job bound to its handler: the worker only ever sees payloads that passed the job's schema. */
export interface JobHandler {
  job: JobDefinition;
  prepare(payload: unknown): PreparedJob;
}

export function bindJob<S extends z.ZodType>(job: JobDefinition<S>, handle: (payload: z.output<S>) => Promise<void>): JobHandler {
  return {
    job,
    prepare(payload) {
      const parsed = job.schema.safeParse(payload);
      return parsed.success ? { ok: true, run: () => handle(parsed.data) } : { ok: false, issues: parsed.error.issues };
    },
  };
}

/** Fails start-up when a defined job has no handler, or more than one: it would never run, or run twice. */
export function checkHandlers(jobs: readonly JobDefinition[], handlers: readonly JobHandler[]): void {
  const problems: string[] = [];
  for (const job of jobs) {
    const count = handlers.filter((handler) => handler.job.name === job.name).length;
    if (count === 0) problems.push(`'${job.name}' has no handler`);
    if (count > 1) problems.push(`'${job.name}' has ${count} handlers`);
  }
  for (const handler of handlers) {
    if (!jobs.some((job) => job.name === handler.job.name)) problems.push(`'${handler.job.name}' has a handler but is not a defined job`);
  }
  if (problems.length)
    throw new Error(`Background jobs are not wired correctly: ${problems.join('; ')}. Bind each job once in composition/job-handlers.ts.`);
}
