import type { Network } from '@postflow/contract';

interface LatestFollowers {
  network: Network;
  name: string;
  /** '' for the account's own followers, else the LinkedIn page's id. */
  organizationId: string;
  followers: number;
}

/**
 * The audiences the analytics screen shows, for the profile (docs/product.md, Profile · Page): each account's own
 * followers and each LinkedIn page's, and per network their sum. LinkedIn does not tell apps how many people
 * follow a member, so a LinkedIn audience is usually its pages'.
 */
export function audienceOf(followers: readonly LatestFollowers[]) {
  const entries = followers
    .map((entry) => ({
      provider: entry.network,
      name: entry.name,
      kind: entry.organizationId ? ('page' as const) : ('account' as const),
      followers_count: entry.followers,
    }))
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  const totals = new Map<Network, number>();
  for (const entry of entries) totals.set(entry.provider, (totals.get(entry.provider) ?? 0) + entry.followers_count);
  return { entries, byNetwork: [...totals].map(([provider, followers_count]) => ({ provider, followers_count })) };
}
