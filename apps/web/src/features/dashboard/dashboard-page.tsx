import { DEFAULT_DASHBOARD_RANGE, type DashboardRange } from '@postflow/contract/client';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { AnalyticsIcon, RefreshIcon, WarningIcon } from '../../components/ui/icons';
import { SelectField } from '../../components/ui/select-field';
import { TimeZoneNote } from '../../components/time-zone-note';
import { formatDateTime } from '../../lib/date-time';
import { useDashboardAccounts } from './api/use-dashboard-accounts';
import { useDashboardStats } from './api/use-dashboard-stats';
import { useRecentPosts } from './api/use-recent-posts';
import { MetricCard, MetricCardSkeleton } from './components/metric-card';
import { QuickActions, type ProFeature } from './components/quick-actions';
import { RecentPosts } from './components/recent-posts';
import { UpgradeDialog } from './components/upgrade-dialog';
import { metricCards, RANGE_OPTIONS } from './metrics';

function readRange(params: URLSearchParams): DashboardRange {
  return RANGE_OPTIONS.find((option) => option.value === params.get('range'))?.value ?? DEFAULT_DASHBOARD_RANGE;
}

/**
 * docs/product.md, Dashboard (/dashboard). Stats, the 5 most recent posts and the accounts load in
 * parallel; only the stats decide between the numbers and the error panel (the other two tolerate
 * failure). The time range lives in the address (`?range=7d`).
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = readRange(searchParams);
  const stats = useDashboardStats(range);
  const recent = useRecentPosts();
  const accounts = useDashboardAccounts();
  const [refreshing, setRefreshing] = useState(false);
  const [proFeature, setProFeature] = useState<ProFeature | null>(null);
  const metricsHeadingId = useId();
  const rangeLabel = RANGE_OPTIONS.find((option) => option.value === range)?.label ?? '';
  const now = new Date();

  function changeRange(next: DashboardRange) {
    const params = new URLSearchParams(searchParams);
    if (next === DEFAULT_DASHBOARD_RANGE) params.delete('range');
    else params.set('range', next);
    setSearchParams(params);
  }

  /** Refreshing (docs/product.md, Dashboard · States and messages): everything reloads while what is shown stays. */
  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([stats.refetch(), recent.refetch(), accounts.refetch()]);
    } finally {
      setRefreshing(false);
    }
  }

  // Without the accounts list, the stats still know how many accounts are connected.
  const connectedCount = accounts.data?.length ?? stats.data?.connectedAccounts ?? 0;

  let metrics;
  if (stats.isPending) {
    metrics = (
      <div role="status" aria-label="Loading dashboard" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <MetricCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (stats.isError && !stats.data) {
    metrics = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-red-200"
      >
        <WarningIcon className="size-8 text-red-600" />
        <h3 className="text-lg font-semibold text-slate-900">Something went wrong</h3>
        <p className="text-slate-600">Failed to load dashboard data. Please try again.</p>
        <Button onClick={() => void refresh()} busy={refreshing} busyLabel="Retrying...">
          Retry
        </Button>
      </div>
    );
  } else {
    metrics = (
      <div className="flex flex-col gap-2">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={refreshing || undefined}>
          {metricCards(stats.data, rangeLabel).map((card) => (
            <MetricCard key={card.title} card={card} />
          ))}
        </div>
        <p className="text-xs text-slate-500">
          {stats.data.metricsUpdatedAt
            ? `Counts as the networks last reported them, ${formatDateTime(stats.data.metricsUpdatedAt)}.`
            : 'The networks have not reported likes, comments or impressions yet.'}
        </p>
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-8">
      <title>Dashboard · Postflow</title>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
          <TimeZoneNote className="mt-1" />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField label="Time Range" size="md" value={range} options={RANGE_OPTIONS} onChange={changeRange} />
          <Button variant="secondary" onClick={() => void refresh()} busy={refreshing} busyLabel="Refreshing..." disabled={stats.isPending}>
            <RefreshIcon className="size-4" />
            Refresh
          </Button>
          <Link to="/analytics" className={buttonClasses({ variant: 'primary' })}>
            <AnalyticsIcon className="size-4" />
            Detailed Analytics
          </Link>
        </div>
      </div>

      <section aria-labelledby={metricsHeadingId} className="flex flex-col gap-4">
        <h2 id={metricsHeadingId} className="text-lg font-semibold text-slate-900">
          Key Metrics <span className="text-sm font-normal text-slate-500">· {rangeLabel}</span>
        </h2>
        {metrics}
      </section>

      <QuickActions connectedCount={connectedCount} onProFeature={setProFeature} />

      <RecentPosts posts={recent.data ?? []} loading={recent.isPending} now={now} hasAccount={connectedCount > 0} />

      <UpgradeDialog feature={proFeature} onClose={() => setProFeature(null)} />
    </section>
  );
}
