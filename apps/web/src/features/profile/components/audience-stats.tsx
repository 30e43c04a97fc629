import type { ProfileStats } from '@postflow/contract';
import { useId, type ReactNode } from 'react';
import { PlatformIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format-count';
import { platformName } from '../../../lib/platform-names';

/** Followers per network: several accounts on one network add up. */
function followersByNetwork(followers: ProfileStats['followers']): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const { provider, followers_count } of followers) totals.set(provider, (totals.get(provider) ?? 0) + followers_count);
  return [...totals.entries()];
}

function Stat({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-slate-50 p-3">
      <dt className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Audience stats (docs/product.md, Profile · Page): followers per platform, posts and engagement. */
export function AudienceStats({ stats }: { stats: ProfileStats }) {
  const titleId = useId();
  const followers = followersByNetwork(stats.followers);
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={titleId} className="font-semibold text-slate-900">
        Audience
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {followers.length === 0 ? (
          <Stat label="Followers" value="0" />
        ) : (
          followers.map(([provider, count]) => (
            <Stat
              key={provider}
              label={`${platformName(provider)} followers`}
              value={formatCount(count)}
              icon={<PlatformIcon provider={provider} className="size-3.5" />}
            />
          ))
        )}
        <Stat label="Posts" value={formatCount(stats.posts)} />
        <Stat label="Engagement" value={stats.engagement || '0%'} />
      </dl>
    </section>
  );
}
