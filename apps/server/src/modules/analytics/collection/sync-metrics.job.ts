import { z } from 'zod';
import type { Log } from '../../../lib/logger';
import type { Clock } from '../../../lib/clock';
import type { MetricsSyncService } from './metrics-sync.service';
import { SyncStopped } from './metrics-sync.service';
import type { createSyncsRepository } from './syncs.repository';
import { SocialProviderError } from '../../../providers/social/errors';
import { defineJob } from '../../../jobs/job';

export const syncMetricsJob = defineJob({
  name: 'sync-metrics',
  schema: z.object({
    accountId: z.uuid(),
    syncId: z.uuid().optional(),
    syncType: z.enum(['post_analytics', 'followers', 'all']),
    manual: z.boolean(),
  }),
  // A failed sync is reported and tried again at the next scheduled one, not hammered.
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
});

export function createSyncMetricsHandler(deps: {
  sync: MetricsSyncService;
  syncs: ReturnType<typeof createSyncsRepository>;
  clock: Clock;
  log: Log;
}) {
  return async (payload: z.output<typeof syncMetricsJob.schema>): Promise<void> => {
    if (payload.syncId) await deps.syncs.markRunning(payload.syncId);
    try {
      const postsSynced = await deps.sync.syncAccount(payload);
      if (payload.syncId) await deps.syncs.finish(payload.syncId, { status: 'succeeded', postsSynced, error: null, now: deps.clock.now() });
    } catch (error) {
      const reason =
        error instanceof SyncStopped || error instanceof SocialProviderError
          ? error.message
          : 'Something went wrong while reading the numbers.';
      deps.log.warn({ accountId: payload.accountId, err: error }, 'metrics sync did not finish');
      if (payload.syncId)
        await deps.syncs.finish(payload.syncId, { status: 'failed', postsSynced: 0, error: reason, now: deps.clock.now() });
    }
  };
}
