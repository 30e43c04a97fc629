import type { Network } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { pageNavigation } from '../../../lib/page-navigation';

async function fetchAuthorizationUrl(network: Network): Promise<string> {
  const { authURL } = network === 'x' ? await apiCall(api.accounts.linkX) : await apiCall(api.accounts.linkLinkedIn);
  // The page is about to leave for this address: never follow a `javascript:` or `data:` one.
  const { protocol } = new URL(authURL, window.location.href);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('The server sent a consent address the browser cannot open.');
  return authURL;
}

/**
 * docs/product.md, Connect accounts · Connect and disconnect: ask the API for the network's consent address (GET /auth/link/x|linkedin) and
 * leave for it. The API brings the browser back to /auth/callback?…&next=/connect-accounts.
 * A failure to start is logged, and the card also shows it (docs/decisions/031).
 */
export function useLinkAccount(network: Network) {
  return useMutation({
    mutationFn: () => fetchAuthorizationUrl(network),
    onSuccess: (authURL) => pageNavigation.assign(authURL),
    onError: (error) => console.error(`Could not start connecting ${network}: ${error.message}`),
  });
}
