import { api } from '@postflow/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { AnalyticsPlatform } from '../lib/platforms';
import { analyticsKeys } from './keys';

/** GET /api/v1/analytics/optimal-times: hours ranked by median engagement rate, from the person's own posts. */
export function useOptimalTimes(platform: AnalyticsPlatform) {
  return useQuery({
    queryKey: analyticsKeys.optimalTimes(platform),
    queryFn: ({ signal }) => apiCall(api.analytics.optimalTimes, { query: { platform }, signal }),
    placeholderData: keepPreviousData,
  });
}
