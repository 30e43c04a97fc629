import { api } from '@postflow/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelQuery } from '../../../lib/channel-param';
import { personTimeZone } from '../../../lib/person-time-zone';
import type { AnalyticsPlatform } from '../lib/platforms';
import type { DayRange } from '../lib/range';
import { analyticsKeys } from './keys';

/**
 * GET /api/v1/analytics/summary for a platform, a channel ('all' or its id) and a range. While the range is invalid (`enabled`
 * false) or a new one loads, the previous answer stays on screen: loading shows only once (docs/product.md, Analytics · Sections).
 * A failure is logged; the page adds a gentle line of its own.
 */
export function useAnalyticsSummary(platform: AnalyticsPlatform, range: DayRange, enabled: boolean, channel = 'all') {
  return useQuery({
    queryKey: analyticsKeys.summary(platform, range, channel),
    queryFn: async ({ signal }) => {
      try {
        return await apiCall(api.analytics.summary, {
          query: { platform, ...channelQuery(channel), start_date: range.start, end_date: range.end, tz: personTimeZone() },
          signal,
        });
      } catch (error) {
        if (!signal.aborted) console.error(`Could not load analytics: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
