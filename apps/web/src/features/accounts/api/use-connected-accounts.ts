import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey } from '../../../lib/query-keys';

export const connectedAccountsQueryKey = [...accountsQueryKey, 'list'] as const;

/** GET /auth/accounts: the signed-in user's social accounts. */
export function useConnectedAccounts() {
  return useQuery({
    queryKey: connectedAccountsQueryKey,
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
    select: (answer) => answer.socials,
  });
}
