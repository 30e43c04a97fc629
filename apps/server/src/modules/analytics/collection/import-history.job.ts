import { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { stableUuid } from '../../../lib/stable-id';
import { defineJob } from '../../../jobs/job';
import type { JobQueue } from '../../../jobs/queue';
import { createHistoryRepository } from './history.repository';
import { syncMetricsJob } from './sync-metrics.job';

export const importHistoryJob = defineJob({
  name: 'import-history',
  schema: z.object({ accountId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
});

/** Once per account (the id says so): import its recent posts, then read their numbers. */
async function enqueueHistoryImport(queue: JobQueue, tx: Queryable, accountId: string): Promise<void> {
  await queue.enqueue(importHistoryJob, { accountId }, { id: stableUuid('import-history', accountId), tx });
}

/**
 * A newly connected account, in the transaction that saves it: it takes back the targets it had
 * before a disconnect, then imports what the network has that Postflow does not.
 */
export async function attachAccountHistory(queue: JobQueue, tx: Queryable, accountId: string): Promise<void> {
  await createHistoryRepository(tx).reattach(accountId);
  await enqueueHistoryImport(queue, tx, accountId);
}

async function enqueueFirstSync(queue: JobQueue, accountId: string): Promise<void> {
  await queue.enqueue(syncMetricsJob, { accountId, syncType: 'all', manual: true }, { id: stableUuid('first-sync', accountId) });
}

/** Imports an account's recent posts; when some came in, reads their numbers right away. */
export function createImportHistoryHandler(deps: { importHistory(accountId: string): Promise<number>; queue: JobQueue }) {
  return async ({ accountId }: z.output<typeof importHistoryJob.schema>): Promise<void> => {
    if ((await deps.importHistory(accountId)) > 0) await enqueueFirstSync(deps.queue, accountId);
  };
}
