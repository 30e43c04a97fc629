import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey } from '../../../lib/query-keys';

/**
 * Whether the person has a connected account, for the empty feed's next step. Same key and call as
 * the sidebar's list, so it costs no request of its own.
 */
export function useHasConnectedAccount() {
  return useQuery({
    queryKey: [...accountsQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
    // docs/product.md, Shared rules · Networks: only accounts with a social_id count as connected.
    select: (answer) => answer.socials.some((account) => account.social_id),
  });
}
