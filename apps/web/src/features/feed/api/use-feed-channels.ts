import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsQueryKey } from '../../../lib/query-keys';

/** The workspace's channels, for the feed's Channel filter (docs/product.md, Feed · Filters). */
export function useFeedChannels() {
  return useQuery({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => apiCall(api.channels.list, { signal }),
    select: (answer) => answer.channels,
  });
}
