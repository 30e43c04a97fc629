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

/** An image stored within the last hour may belong to a save still under way; older ones nothing uses are removed. */
const UNUSED_MEDIA_GRACE_MS = 60 * 60_000;
const MEDIA_PER_RUN = 500;
/** How long the webhook delivery log reaches back (docs/webhooks.md, Retention). */
const WEBHOOK_HISTORY_MS = 30 * DAY_MS;

/**
 * Removes what has expired: OAuth round trips, login tickets, sessions and reset links past their end, spent refresh tokens, old
 * rate-limit windows and heartbeats, images nothing shows any more (decision 110), and webhook history past 30 days (decision 166).
 */
export function createMaintenanceHandler(deps: {
  repository: ReturnType<typeof createMaintenanceRepository>;
  sweepUnreferencedMedia: (cutoff: Date, limit: number) => Promise<number>;
  clock: Clock;
}) {
  return async (): Promise<void> => {
    const now = deps.clock.now();
    await deps.repository.deleteExpired(now, new Date(now.getTime() - DAY_MS));
    await deps.sweepUnreferencedMedia(new Date(now.getTime() - UNUSED_MEDIA_GRACE_MS), MEDIA_PER_RUN);
    await deps.repository.deleteWebhookHistory(new Date(now.getTime() - WEBHOOK_HISTORY_MS));
  };
}
