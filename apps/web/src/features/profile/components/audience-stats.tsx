import type { ProfileStats } from '@postflow/contract';
import { useId, type ReactNode } from 'react';
import { PlatformIcon } from '../../../components/ui/icons';
import { formatCount, formatRate } from '../../../lib/format';
import { platformName } from '../../../lib/platform-names';

const RANGE_LABELS: Record<ProfileStats['range'], string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

function Stat({ label, value, detail, icon }: { label: string; value: string; detail?: string; icon?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-slate-50 p-3">
      <dt className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="truncate text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

/**
 * Audience stats (docs/product.md, Profile · Page): every audience analytics shows (an account's own followers, a
 * LinkedIn page's), then the posts and engagement rate of the dashboard's default range, which equal the dashboard's;
 * with a channel chosen, that channel's, which the two figures say.
 */
export function AudienceStats({ stats, channelName }: { stats: ProfileStats; channelName?: string | undefined }) {
  const titleId = useId();
  const period = channelName ? `${RANGE_LABELS[stats.range]} · ${channelName}` : RANGE_LABELS[stats.range];
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={titleId} className="font-semibold text-slate-900">
        Audience
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.audience.length === 0 ? (
          <Stat label="Followers" value="0" />
        ) : (
          stats.audience.map((entry) => (
            <Stat
              key={`${entry.provider}|${entry.kind}|${entry.name}`}
              label={`${platformName(entry.provider)} ${entry.kind === 'page' ? 'page followers' : 'followers'}`}
              value={formatCount(entry.followers_count)}
              detail={entry.name}
              icon={<PlatformIcon provider={entry.provider} className="size-3.5" />}
            />
          ))
        )}
        <Stat label="Posts" value={formatCount(stats.posts)} detail={period} />
        <Stat label="Engagement rate" value={stats.engagement_rate === null ? '—' : formatRate(stats.engagement_rate)} detail={period} />
      </dl>
    </section>
  );
}
