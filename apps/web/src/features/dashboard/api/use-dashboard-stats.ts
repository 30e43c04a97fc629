import { api, type DashboardRange } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { personTimeZone } from '../../../lib/person-time-zone';
import { postsQueryKey } from '../../../lib/query-keys';

/** Under the posts key: publishing or deleting a post refreshes the numbers too. */
export const dashboardStatsQueryKey = [...postsQueryKey, 'dashboard-stats'] as const;

/** GET /api/v1/dashboard/stats for a time range: whole days in the person's zone, as analytics and the profile count them. */
export function useDashboardStats(range: DashboardRange) {
  return useQuery({
    queryKey: [...dashboardStatsQueryKey, range],
    queryFn: ({ signal }) => apiCall(api.dashboard.stats, { query: { range, tz: personTimeZone() }, signal }),
  });
}
