import { z } from 'zod';
import { DAY_MS, type Clock } from '../../lib/clock';
import type { createMaintenanceRepository } from './maintenance.repository';
import { defineJob } from '../../jobs/job';

export const maintenanceJob = defineJob({
  name: 'maintenance',
  schema: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  cron: '*/10 * * * *',
});

/** Removes what has expired: OAuth round trips, login tickets, spent refresh tokens, old rate-limit windows and heartbeats. */
export function createMaintenanceHandler(deps: { repository: ReturnType<typeof createMaintenanceRepository>; clock: Clock }) {
  return async (): Promise<void> => {
    const now = deps.clock.now();
    await deps.repository.deleteExpired(now, new Date(now.getTime() - DAY_MS));
  };
}
