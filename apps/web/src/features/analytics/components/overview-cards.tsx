import type { analyticsRoutes, RouteResponse } from '@postflow/contract';
import { formatCount, formatRate, fullDateTime, sinceText } from '../lib/format';

type Summary = RouteResponse<typeof analyticsRoutes.summary>;

/** The four headline figures, and when the newest of them was read from the network (issue 7). */
export function OverviewCards({ summary, now }: { summary: Summary; now: number }) {
  const { total_posts, total_impressions, avg_engagement_rate, total_engagements } = summary.summary;
  const cards = [
    { label: 'Total Posts', value: formatCount(total_posts) },
    { label: 'Impressions', value: formatCount(total_impressions) },
    { label: 'Avg. Engagement Rate', value: formatRate(avg_engagement_rate) },
    { label: 'Total Engagements', value: formatCount(total_engagements) },
  ];
  return (
    <section aria-labelledby="analytics-overview" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-overview" className="text-lg font-semibold text-slate-900">
          Overview
        </h2>
        <p className="text-sm text-slate-600">
          {summary.last_refreshed_at ? (
            <time dateTime={summary.last_refreshed_at} title={fullDateTime(summary.last_refreshed_at)}>
              {sinceText('Last refreshed', summary.last_refreshed_at, now)}
            </time>
          ) : (
            'Not refreshed yet: Sync Data reads the figures from the network'
          )}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
