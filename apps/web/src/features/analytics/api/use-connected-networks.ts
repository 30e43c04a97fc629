import type { Network } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey } from '../../../lib/query-keys';

/**
 * GET /auth/accounts, reduced to the networks with a connected account (docs/product.md, Shared rules · Networks: a social_id means
 * connected; providers compare in lower case). Same key and raw answer as the sidebar's list, so the
 * two share one cache entry and a connect or disconnect refreshes both.
 */
export function useConnectedNetworks() {
  return useQuery({
    queryKey: [...accountsQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
    select: (answer): ReadonlySet<Network> =>
      new Set(
        answer.socials
          .filter((account) => account.social_id)
          .map((account) => account.provider.toLowerCase())
          .filter((provider): provider is Network => provider === 'x' || provider === 'linkedin'),
      ),
  });
}
