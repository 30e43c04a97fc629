import type { Network } from '@postflow/contract';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import type { Clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { createAccountsRepository } from '../../accounts/accounts.repository';
import { networkName } from '@postflow/contract';
import { syncMetricsJob } from './sync-metrics.job';
import { createSyncsRepository } from './syncs.repository';
import type { RateLimiter } from '../../security/rate-limiter';
import { analyticsLimits } from '../analytics-limits';

/** Syncs a person asks for, and how the latest one went. */
export function createCollectionService(deps: { db: Database; queue: JobQueue; clock: Clock; rateLimiter: RateLimiter }) {
  const { db, clock } = deps;

  async function connectedAccounts(workspaceId: string, network: Network) {
    const accounts = (await createAccountsRepository(db).listInWorkspace(workspaceId)).filter((account) => account.network === network);
    if (!accounts.length)
      throw new AppError('validation_failed', `Connect your ${networkName(network)} account first.`, {
        fields: { platform: 'Not connected' },
      });
    return accounts;
  }

  return {
    async requestSync(workspaceId: string, network: Network, syncType: 'post_analytics' | 'followers' | 'all') {
      const accounts = await connectedAccounts(workspaceId, network);
      await deps.rateLimiter.consume(analyticsLimits.syncPerUser, workspaceId);
      const syncIds = await db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const account of accounts) {
          const syncId = await createSyncsRepository(tx).create({
            workspaceId,
            accountId: account.id,
            network,
            syncType,
            trigger: 'manual',
            now: clock.now(),
          });
          await deps.queue.enqueue(syncMetricsJob, { accountId: account.id, syncId, syncType, manual: true }, { tx });
          ids.push(syncId);
        }
        return ids;
      });
      return { status: 'queued' as const, sync_ids: syncIds, message: `${networkName(network)} sync started successfully` };
    },

    async syncStatus(workspaceId: string, network: Network) {
      const syncs = createSyncsRepository(db);
      const [latest, lastSucceeded] = await Promise.all([syncs.latest(workspaceId, network), syncs.lastSucceededAt(workspaceId, network)]);
      return {
        platform: network,
        status: latest?.status ?? ('idle' as const),
        sync_type: latest?.syncType ?? null,
        requested_at: latest?.requestedAt.toISOString() ?? null,
        finished_at: latest?.finishedAt?.toISOString() ?? null,
        posts_synced: latest?.postsSynced ?? 0,
        error: latest?.error ?? null,
        last_synced_at: lastSucceeded?.toISOString() ?? null,
      };
    },
  };
}
export type CollectionService = ReturnType<typeof createCollectionService>;
