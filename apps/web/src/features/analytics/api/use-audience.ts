import { api } from '@postflow/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { AnalyticsPlatform } from '../lib/platforms';
import { analyticsKeys } from './keys';

/** GET /api/v1/analytics/audience/breakdown?metric_type=demographics; `available: false` comes with a message to show instead. */
export function useAudience(platform: AnalyticsPlatform) {
  return useQuery({
    queryKey: analyticsKeys.audience(platform),
    queryFn: ({ signal }) => apiCall(api.analytics.audienceBreakdown, { query: { platform, metric_type: 'demographics' }, signal }),
    placeholderData: keepPreviousData,
  });
}
