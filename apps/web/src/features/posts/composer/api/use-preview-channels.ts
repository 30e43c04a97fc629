import type { Network, RouteResponse, accountsRoutes } from '@postflow/contract';
import { api, networks } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { accountsQueryKey } from '../../../../lib/query-keys';
import type { PreviewChannel } from '../previews/types';

export type PreviewChannels = Record<Network, PreviewChannel>;

const FALLBACK_NAMES: Record<Network, string> = { x: 'Your X account', linkedin: 'Your LinkedIn profile' };

function toPreviewChannels(answer: RouteResponse<typeof accountsRoutes.list>): PreviewChannels {
  const channel = (network: Network): PreviewChannel => {
    // docs/product.md, Shared rules · Networks: providers compare in lower case; a connected account is the one that posts.
    const accounts = answer.socials.filter((account) => account.provider.toLowerCase() === network && account.social_id);
    const account = accounts.find((candidate) => candidate.status === 'connected') ?? accounts[0];
    return {
      name: account?.displayName ?? account?.username ?? FALLBACK_NAMES[network],
      handle: network === 'x' ? (account?.username ?? null) : null,
      avatarUrl: account?.avatarURL ?? null,
      network,
      kind: 'person',
    };
  };
  return Object.fromEntries(networks.map((network) => [network, channel(network)])) as PreviewChannels;
}

/** Who each network's preview shows: the connected account's name, @handle and picture, from the sidebar's cached account list. */
export function usePreviewChannels() {
  return useQuery({
    queryKey: [...accountsQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
    select: toPreviewChannels,
  });
}

/** The channel before the account list has loaded (or when it failed): the network's generic name, initials for a picture. */
export function placeholderChannel(network: Network): PreviewChannel {
  return { name: FALLBACK_NAMES[network], handle: null, avatarUrl: null, network, kind: 'person' };
}
