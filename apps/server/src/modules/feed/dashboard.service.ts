import { DASHBOARD_RANGE_DAYS, networks, type DashboardRange, type DashboardStats, type Network } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { engagementRate, growthPercent } from './dashboard-math';
import { createFeedRepository, type PeriodRow } from './feed.repository';

const DAY_MS = 86_400_000;

interface Totals {
  posts: number;
  engagement: number;
  impressions: number;
  ratedEngagement: number;
}

const zero = (): Totals => ({ posts: 0, engagement: 0, impressions: 0, ratedEngagement: 0 });

function add(into: Totals, row: PeriodRow): void {
  into.posts += row.posts;
  into.engagement += row.engagement;
  into.impressions += row.impressions;
  into.ratedEngagement += row.ratedEngagement;
}

/**
 * The dashboard's numbers (spec §2 "Key Metrics"). A range of N days is the N × 24 hours that end
 * now; its trend compares it with the N × 24 hours before. Counts are the networks' latest readings.
 */
export function createDashboardService(deps: { db: Database; clock: Clock }) {
  const repository = createFeedRepository(deps.db);

  return {
    async stats(userId: string, range: DashboardRange): Promise<DashboardStats> {
      const end = deps.clock.now();
      const length = DASHBOARD_RANGE_DAYS[range] * DAY_MS;
      const currentStart = new Date(end.getTime() - length);
      const previousStart = new Date(end.getTime() - 2 * length);
      const bounds = { previousStart, currentStart, end };

      const [periods, upcoming, scheduledAhead, best, accounts] = await Promise.all([
        repository.publishedPeriods(userId, bounds),
        repository.upcomingCount(userId),
        repository.scheduledAheadPeriods(userId, bounds),
        repository.bestPost(userId, { start: currentStart, end }),
        repository.connectedAccountsCount(userId),
      ]);

      const current = zero();
      const previous = zero();
      const byNetwork = new Map<Network, Totals>(networks.map((network) => [network, zero()]));
      let metricsUpdatedAt: Date | null = null;
      for (const row of periods) {
        if (row.period === 'previous') {
          add(previous, row);
          continue;
        }
        add(current, row);
        const network = byNetwork.get(row.network);
        if (network) add(network, row);
        if (row.metricsUpdatedAt && (!metricsUpdatedAt || row.metricsUpdatedAt > metricsUpdatedAt)) metricsUpdatedAt = row.metricsUpdatedAt;
      }

      return {
        totalPosts: current.posts,
        postsTrend: growthPercent(current.posts, previous.posts),
        scheduledPosts: upcoming,
        scheduledTrend: growthPercent(scheduledAhead.current, scheduledAhead.previous),
        totalEngagement: current.engagement,
        engagementRate: engagementRate(current.ratedEngagement, current.impressions),
        engagementTrend: growthPercent(current.engagement, previous.engagement),
        connectedAccounts: accounts,
        platformStats: [...byNetwork].map(([platform, totals]) => ({
          platform,
          posts: totals.posts,
          engagement: totals.engagement,
          impressions: totals.impressions,
        })),
        bestPost: best
          ? {
              id: best.id,
              platform: best.network,
              text: best.text,
              published_at: best.publishedAt.toISOString(),
              platform_url: best.networkPostUrl,
              engagement: best.likesCount + best.commentsCount + best.sharesCount,
              likes_count: best.likesCount,
              comments_count: best.commentsCount,
              shares_count: best.sharesCount,
              impressions_count: best.impressionsCount,
            }
          : null,
        range,
        computedAt: end.toISOString(),
        metricsUpdatedAt: metricsUpdatedAt?.toISOString() ?? null,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
