import { api } from '@postflow/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/query-keys';
import { browserTimeZone, feedQuery, type FeedFilters } from '../feed-filters';

export const feedQueryKey = [...postsQueryKey, 'feed'] as const;

/**
 * One page of GET /api/v1/social/feed. The time bounds are worked out when the call is made, so
 * "This Week" means the 7 days before the request, not before the page was opened. While another
 * page or filter loads, the previous page stays on screen.
 */
export function useFeed(filters: FeedFilters, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...feedQueryKey, filters, page],
    queryFn: ({ signal }) => apiCall(api.feed.personal, { query: feedQuery(filters, page, new Date(), browserTimeZone()), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
