import { api, type DashboardRange } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/query-keys';

/** Under the posts key: publishing or deleting a post refreshes the numbers too. */
export const dashboardStatsQueryKey = [...postsQueryKey, 'dashboard-stats'] as const;

/** GET /api/v1/dashboard/stats for a time range. */
export function useDashboardStats(range: DashboardRange) {
  return useQuery({
    queryKey: [...dashboardStatsQueryKey, range],
    queryFn: ({ signal }) => apiCall(api.dashboard.stats, { query: { range }, signal }),
  });
}
