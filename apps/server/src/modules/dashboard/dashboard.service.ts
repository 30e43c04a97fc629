import { DASHBOARD_RANGE_DAYS, networks, type DashboardRange, type DashboardStats, type Network } from '@postflow/contract';
import type { Database } from '../../db/client';
import { DAY_MS, type Clock } from '../../lib/clock';
import { createMemoCache } from '../../lib/memo-cache';
import { createReportingRepository } from '../analytics/reporting/reporting.repository';
import { engagementRate, growthPercent } from './dashboard-math';
import { createDashboardRepository, type BestPostRow, type PeriodRow } from './dashboard.repository';

const MINUTE_MS = 60_000;
/** Published figures kept in memory: a few rows each. */
const FIGURES_CACHE_ENTRIES = 1_000;

interface PublishedFigures {
  periods: PeriodRow[];
  best: BestPostRow | undefined;
}

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
 * The dashboard's numbers (docs/product.md, Dashboard · Figures). A range of N days is the N × 24 hours that end
 * now; its trend compares it with the N × 24 hours before. Counts are the networks' latest readings.
 */
export function createDashboardService(deps: { db: Database; clock: Clock }) {
  const repository = createDashboardRepository(deps.db);
  const versions = createReportingRepository(deps.db);
  const figuresCache = createMemoCache<PublishedFigures>(FIGURES_CACHE_ENTRIES);

  const boundsOf = (end: Date, range: DashboardRange) => {
    const length = DASHBOARD_RANGE_DAYS[range] * DAY_MS;
    return { previousStart: new Date(end.getTime() - 2 * length), currentStart: new Date(end.getTime() - length), end };
  };

  /**
   * The published posts' figures, computed once per version of the person's published posts (the
   * analytics counter, decision 091) and per minute: a year of a busy account aggregates two years of
   * posts (0.6 s at 900,000). The range ends at the next whole minute rather than now, so a post
   * published this second is inside it.
   */
  async function publishedFigures(userId: string, range: DashboardRange, now: Date): Promise<PublishedFigures> {
    const end = new Date(Math.ceil(now.getTime() / MINUTE_MS) * MINUTE_MS);
    const version = await versions.dataVersion(userId);
    return figuresCache.get(`${userId}|${version}|${range}|${end.getTime()}`, async () => {
      const bounds = boundsOf(end, range);
      const [periods, best] = await Promise.all([
        repository.publishedPeriods(userId, bounds),
        repository.bestPost(userId, { start: bounds.currentStart, end }),
      ]);
      return { periods, best };
    });
  }

  return {
    async stats(userId: string, range: DashboardRange): Promise<DashboardStats> {
      const now = deps.clock.now();
      const [{ periods, best }, upcoming, scheduledAhead, accounts] = await Promise.all([
        publishedFigures(userId, range, now),
        repository.upcomingCount(userId),
        repository.scheduledAheadPeriods(userId, boundsOf(now, range)),
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
        computedAt: now.toISOString(),
        metricsUpdatedAt: metricsUpdatedAt?.toISOString() ?? null,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
