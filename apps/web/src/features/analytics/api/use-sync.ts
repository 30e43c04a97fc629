import type { Network, RouteResponse, analyticsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { analyticsKeys, analyticsQueryKey } from './keys';

export type SyncStatus = RouteResponse<typeof analyticsRoutes.syncStatus>;

/** How often the sync status is asked again while a sync waits or runs. */
export const SYNC_POLL_MS = 2_000;

export function isSyncBusy(status: SyncStatus['status'] | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/**
 * GET /api/v1/analytics/sync/status for one network, asked again every 2 s while the sync is queued
 * or running. When a sync it watched ends, the figures are reloaded: the reload after 2 s
 * (docs/product.md, Analytics · Messages) can come before a slow sync has finished.
 */
export function useSyncStatus(network: Network | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: analyticsKeys.syncStatus(network ?? 'none'),
    queryFn: async ({ signal, queryKey }) => {
      const before = queryClient.getQueryData<SyncStatus>(queryKey);
      const status = await apiCall(api.analytics.syncStatus, { query: { platform: network ?? 'x' }, signal });
      if (isSyncBusy(before?.status) && !isSyncBusy(status.status)) {
        void queryClient.invalidateQueries({ queryKey: analyticsQueryKey, predicate: (query) => query.queryKey[1] !== 'sync-status' });
      }
      return status;
    },
    enabled: network !== null,
    refetchInterval: (query) => (isSyncBusy(query.state.data?.status) ? SYNC_POLL_MS : false),
  });
}

/** POST /api/v1/analytics/sync {platform, sync_type: 'all'}: posts' figures and follower counts. */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (network: Network) => apiCall(api.analytics.sync, { body: { platform: network, sync_type: 'all' } }),
    onSuccess: (_answer, network) => {
      // Start watching the new sync at once (the status answers 'queued' and polling begins).
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.syncStatus(network) });
    },
  });
}

/** POST /api/v1/analytics/insights/generate {platform}. */
export function useGenerateInsights() {
  return useMutation({
    mutationFn: (network: Network) => apiCall(api.analytics.generateInsights, { body: { platform: network } }),
  });
}
