import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { channelsQueryKey } from './query-keys';

/** GET /api/v1/channels: every place the workspace can post to (docs/product.md, Channels), for the composer and the filters. */
export function useChannels() {
  return useQuery({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => apiCall(api.channels.list, { signal }),
    select: (answer) => answer.channels,
  });
}
