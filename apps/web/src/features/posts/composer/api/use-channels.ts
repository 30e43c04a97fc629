import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { accountsQueryKey } from '../../../../lib/query-keys';

/** Under the accounts' key: connecting or disconnecting an account refreshes the channels too. */
export const channelsQueryKey = [...accountsQueryKey, 'channels'] as const;

/** GET /api/v1/channels: every place the workspace can post to (docs/product.md, Channels). */
export function useChannels() {
  return useQuery({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => apiCall(api.channels.list, { signal }),
    select: (answer) => answer.channels,
  });
}
