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
}

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}

export type JobPayload<J> = J extends JobDefinition<infer S> ? z.input<S> : never;
