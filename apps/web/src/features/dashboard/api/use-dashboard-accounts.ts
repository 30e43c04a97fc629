import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey } from '../../../lib/query-keys';

/**
 * GET /auth/accounts. Same key and call as the sidebar's list (features may not import one another),
 * so the two share one request and one cache entry, and a disconnect refreshes both.
 */
export function useDashboardAccounts() {
  return useQuery({
    queryKey: [...accountsQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
    // docs/product.md, Shared rules · Networks: only accounts with a social_id count as connected.
    select: (answer) => answer.socials.filter((account) => account.social_id),
  });
}
