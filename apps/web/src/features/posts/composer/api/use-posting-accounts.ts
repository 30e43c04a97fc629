import type { Network, RouteResponse, accountsRoutes } from '@postflow/contract';
import { api, networks } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { accountsQueryKey } from '../../../../lib/query-keys';

export type PostingAccountStatus = 'connected' | 'needs_reconnect' | 'not_connected';
export type PostingAccounts = Record<Network, PostingAccountStatus>;

/**
 * The same cache entry as the sidebar's account list (same key, same call), so opening the wizard
 * costs no extra request; connecting an account elsewhere invalidates `['accounts']` and both follow.
 */
const listQueryKey = [...accountsQueryKey, 'list'] as const;

function toPostingAccounts(answer: RouteResponse<typeof accountsRoutes.list>): PostingAccounts {
  const status = (network: Network): PostingAccountStatus => {
    // docs/product.md, Shared rules · Networks: an account counts when it has a social_id; providers compare in lower case.
    const accounts = answer.socials.filter((account) => account.provider.toLowerCase() === network && account.social_id);
    if (accounts.some((account) => account.status === 'connected')) return 'connected';
    return accounts.length > 0 ? 'needs_reconnect' : 'not_connected';
  };
  return Object.fromEntries(networks.map((network) => [network, status(network)])) as PostingAccounts;
}

/** GET /auth/accounts, read as "can Postflow post to X / LinkedIn right now". */
export function usePostingAccounts() {
  return useQuery({
    queryKey: listQueryKey,
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
    select: toPostingAccounts,
  });
}
