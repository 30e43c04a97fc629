import { z } from 'zod';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { stableUuid } from '../../../lib/stable-id';
import { createMetricsRepository } from './metrics.repository';
import { createSyncsRepository } from './syncs.repository';
import { defineJob } from '../../../jobs/job';
import type { JobQueue } from '../../../jobs/queue';
import { syncMetricsJob } from './sync-metrics.job';

export const planMetricsSyncsJob = defineJob({
  name: 'plan-metrics-syncs',
  schema: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  /** Hourly; which posts each sync reads is decided by their age (see metrics.repository.ts). */
  cron: '5 * * * *',
});
/** Follower counts change slowly: read them once a day, at this UTC hour. */
const FOLLOWERS_HOUR = 6;

/** Queues one sync per connected account, once per hour (the job id is derived from both). */
export function createPlanMetricsSyncsHandler(deps: { db: Database; queue: JobQueue; clock: Clock }) {
  return async (): Promise<void> => {
    const now = deps.clock.now();
    const hour = now.toISOString().slice(0, 13);
    const syncType = now.getUTCHours() === FOLLOWERS_HOUR ? 'all' : 'post_analytics';
    for (const account of await createMetricsRepository(deps.db).accountsToSync()) {
      await deps.db.transaction(async (tx) => {
        const syncId = await createSyncsRepository(tx).create({
          workspaceId: account.workspaceId,
          accountId: account.id,
          network: account.network,
          syncType,
          trigger: 'schedule',
          now,
        });
        await deps.queue.enqueue(
          syncMetricsJob,
          { accountId: account.id, syncId, syncType, manual: false },
          { id: stableUuid('sync-metrics', account.id, hour), tx },
        );
      });
    }
  };
}
