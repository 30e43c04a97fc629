import type { Channel } from '@postflow/contract';
import { useState } from 'react';
import { ALL_CHANNELS } from '../../components/channels/channel-filter';
import { TimeZoneNote } from '../../components/time-zone-note';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useChannels } from '../../lib/use-channels';
import { useAnalyticsSummary } from './api/use-analytics-summary';
import { useConnectedNetworks } from './api/use-connected-networks';
import { INSIGHTS_RELOAD_MS, SYNC_RELOAD_MS, useReloadLater } from './api/use-reload-later';
import { isSyncBusy, useGenerateInsights, useStartSync, useSyncStatus } from './api/use-sync';
import { AnalyticsControls, PICK_PLATFORM_MESSAGE } from './components/analytics-controls';
import { AnalyticsSkeleton } from './components/analytics-skeleton';
import { AudienceBreakdown } from './components/audience-breakdown';
import { BestTimes } from './components/best-times';
import { EngagementTrend } from './components/engagement-trend';
import { InsightsSection } from './components/insights-section';
import { NoDataPanel, type NoDataReason } from './components/no-data-panel';
import { OverviewCards } from './components/overview-cards';
import { SyncLine } from './components/sync-line';
import { TopPosts } from './components/top-posts';
import { isNetwork, networkName, type AnalyticsPlatform } from './lib/platforms';
import { defaultRange, rangeErrors, type DayRange } from './lib/range';
import { useNow } from './lib/use-now';

/** docs/product.md, Analytics (/analytics): controls, overview, AI insights, top posts, trend, audience, best times. */
export function AnalyticsPage() {
  const [platform, setPlatform] = useState<AnalyticsPlatform>('all');
  // docs/decisions/151-channels-in-every-view.md: one channel's figures; choosing one chooses its network too.
  const [channel, setChannel] = useState(ALL_CHANNELS);
  const channels = useChannels();
  const [range, setRange] = useState<DayRange>(() => defaultRange(new Date()));
  const errors = rangeErrors(range);
  const rangeValid = !errors.start && !errors.end;
  const network = isNetwork(platform) ? platform : null;

  const summary = useAnalyticsSummary(platform, range, rangeValid, channel);
  const connected = useConnectedNetworks();
  const syncStatus = useSyncStatus(network);
  const startSync = useStartSync();
  const generate = useGenerateInsights();
  const reloadIn = useReloadLater();
  const show = useToast();
  const now = useNow();

  const syncing = startSync.isPending || isSyncBusy(syncStatus.data?.status);

  function choosePlatform(next: AnalyticsPlatform) {
    setPlatform(next);
    // A channel of another network would match nothing: the channel goes with its network.
    const chosen = channels.data?.find((candidate) => candidate.id === channel);
    if (chosen && chosen.network !== next) setChannel(ALL_CHANNELS);
  }

  function chooseChannel(next: string, chosen: Channel | undefined) {
    setChannel(next);
    if (chosen) setPlatform(chosen.network);
  }

  function sync() {
    if (!network) return show({ variant: 'info', title: PICK_PLATFORM_MESSAGE });
    const name = networkName(network);
    startSync.mutate(network, {
      onSuccess: () => {
        show({ variant: 'success', title: `${name} sync started successfully` });
        reloadIn(SYNC_RELOAD_MS);
      },
      onError: (error) => show({ variant: 'error', title: `Failed to sync ${name} data`, message: error.message }),
    });
  }

  function generateInsights() {
    if (!network) return show({ variant: 'info', title: PICK_PLATFORM_MESSAGE });
    generate.mutate(network, {
      onSuccess: () => {
        show({ variant: 'success', title: 'AI insights generation started' });
        reloadIn(INSIGHTS_RELOAD_MS);
      },
      onError: (error) => show({ variant: 'error', title: 'Failed to generate AI insights', message: error.message }),
    });
  }

  let content;
  const data = summary.data;
  if (!data && summary.isError) {
    content = (
      <Alert variant="warning" title="Your analytics could not be loaded just now">
        <p>Try again in a moment.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void summary.refetch()} busy={summary.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!data || connected.isPending) {
    content = <AnalyticsSkeleton />;
  } else {
    const reason = noDataReason(connected.data, network, data.summary.total_posts);
    content = reason ? (
      <NoDataPanel reason={reason} />
    ) : (
      <div className="flex flex-col gap-6" aria-busy={summary.isFetching || undefined}>
        {summary.isError && <Alert variant="warning">The figures could not be refreshed just now; these are the last ones loaded.</Alert>}
        <OverviewCards summary={data} now={now} />
        <InsightsSection insights={data.ai_insights} onError={(message) => show({ variant: 'error', title: message })} />
        <div className="grid gap-6 lg:grid-cols-2">
          <TopPosts posts={data.post_analytics} now={now} />
          <EngagementTrend trend={data.engagement_trend} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <AudienceBreakdown platform={platform} />
          <BestTimes platform={platform} channel={channel} />
        </div>
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Analytics · Postflow</title>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Analytics</h1>
        <p className="mt-1 text-slate-600">How your posts do on X and LinkedIn, from the figures Postflow has read.</p>
        <TimeZoneNote className="mt-1" />
      </header>
      <AnalyticsControls
        platform={platform}
        onPlatformChange={choosePlatform}
        channel={channel}
        onChannelChange={chooseChannel}
        range={range}
        errors={errors}
        onRangeChange={setRange}
        syncing={syncing}
        onSync={sync}
        generating={generate.isPending}
        onGenerate={generateInsights}
        syncLine={<SyncLine status={syncStatus.data} now={now} />}
      />
      {content}
    </section>
  );
}

/**
 * docs/product.md, Analytics · Sections: no data means nothing connected (or not the chosen network), or nothing published in the
 * range. When the accounts cannot be read, the summary alone decides.
 */
function noDataReason(
  connected: ReadonlySet<string> | undefined,
  network: 'x' | 'linkedin' | null,
  totalPosts: number,
): NoDataReason | null {
  if (connected && connected.size === 0) return { kind: 'no-accounts' };
  if (connected && network && !connected.has(network)) return { kind: 'network-not-connected', name: networkName(network) };
  if (totalPosts === 0) return { kind: 'no-posts' };
  return null;
}
