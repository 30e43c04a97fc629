import { z } from 'zod';
import { defineRoute } from './http';
import { endpoints } from './endpoints';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  /** `ok` when a worker process (this one or another) has reported in during the last 30 seconds. */
  worker: z.enum(['ok', 'down']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthRoutes = {
  health: defineRoute({
    ...endpoints.health.health,
    tag: 'system',
    summary: 'Liveness of the API, its database and the job workers',
    response: healthResponseSchema,
  }),
} as const;
