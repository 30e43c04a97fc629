import { api } from '@postflow/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelQuery } from '../../../lib/channel-param';
import type { AnalyticsPlatform } from '../lib/platforms';
import { analyticsKeys } from './keys';

/** GET /api/v1/analytics/optimal-times: hours ranked by median engagement rate, from the person's own posts (of one channel, when chosen). */
export function useOptimalTimes(platform: AnalyticsPlatform, channel = 'all') {
  return useQuery({
    queryKey: analyticsKeys.optimalTimes(platform, channel),
    queryFn: ({ signal }) => apiCall(api.analytics.optimalTimes, { query: { platform, ...channelQuery(channel) }, signal }),
    placeholderData: keepPreviousData,
  });
}
