import { DASHBOARD_RANGE_DAYS, networks, type DashboardRange, type DashboardStats } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createMemoCache } from '../../lib/memo-cache';
import { createFiguresService, type PublishedFigures } from '../analytics/figures/figures.service';
import { growthPercent } from '../analytics/figures/formulas';
import { cutBefore, lastDays, periodBefore, type Period } from '../analytics/figures/period';
import type { HistoryStart } from '../plans/plan-limits';
import { createReportingRepository } from '../analytics/reporting/reporting.repository';
import { createDashboardRepository, type BestPostRow } from './dashboard.repository';

/** Published figures kept in memory: a few rows each. */
const FIGURES_CACHE_ENTRIES = 1_000;

interface Figures {
  current: Awaited<ReturnType<ReturnType<typeof createFiguresService>['published']>>;
  previous: PublishedFigures;
  best: BestPostRow | undefined;
}

/**
 * The dashboard's numbers (docs/product.md, Dashboard · Figures). A range of N days is the N calendar days that
 * end today in the person's zone; its trend compares it with the N days before. The published posts' figures
 * are the analytics screen's and the profile's (Shared rules · Figures).
 */
export function createDashboardService(deps: { db: Database; clock: Clock; historyStart: HistoryStart }) {
  const repository = createDashboardRepository(deps.db);
  const versions = createReportingRepository(deps.db);
  const figures = createFiguresService(deps.db);
  const figuresCache = createMemoCache<Figures>(FIGURES_CACHE_ENTRIES);

  /**
   * Computed once per version of the person's published posts (the analytics counter, decision 091) and per
   * range of days: a year of a busy account adds up two years of posts.
   */
  async function publishedFigures(workspaceId: string, current: Period, previous: Period): Promise<Figures> {
    const version = await versions.dataVersion(workspaceId);
    // The starts too: a plan's history moves them (cutBefore) without changing the days.
    const key = `${workspaceId}|${version}|${current.timeZone}|${current.firstDay}|${current.lastDay}|${current.start.getTime()}|${previous.start.getTime()}`;
    return figuresCache.get(key, async () => {
      const [now, before, best] = await Promise.all([
        figures.published(workspaceId, {}, current),
        figures.published(workspaceId, {}, previous),
        repository.bestPost(workspaceId, current),
      ]);
      return { current: now, previous: before.total, best };
    });
  }

  return {
    async stats(workspaceId: string, range: DashboardRange, timeZone: string): Promise<DashboardStats> {
      const now = deps.clock.now();
      // What the workspace's plan no longer shows is not counted, in this range or the one it is compared with.
      const historyStart = await deps.historyStart(workspaceId);
      const days = lastDays(DASHBOARD_RANGE_DAYS[range], now, timeZone);
      const current = cutBefore(days, historyStart);
      const previous = cutBefore(periodBefore(days), historyStart);
      const [{ current: published, previous: before, best }, upcoming, scheduledAhead, accounts] = await Promise.all([
        publishedFigures(workspaceId, current, previous),
        repository.upcomingCount(workspaceId),
        repository.scheduledAheadPeriods(workspaceId, { previousStart: previous.start, currentStart: current.start }),
        repository.connectedAccountsCount(workspaceId),
      ]);
      const { total } = published;

      return {
        totalPosts: total.posts,
        postsTrend: growthPercent(total.posts, before.posts),
        scheduledPosts: upcoming,
        scheduledTrend: growthPercent(scheduledAhead.current, scheduledAhead.previous),
        totalEngagement: total.engagements,
        engagementRate: total.engagementRate,
        engagementTrend: growthPercent(total.engagements, before.engagements),
        connectedAccounts: accounts,
        platformStats: networks.map((platform) => {
          const row = published.byNetwork.find((entry) => entry.network === platform);
          return { platform, posts: row?.posts ?? 0, engagement: row?.engagements ?? 0, impressions: row?.impressions ?? 0 };
        }),
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
        startDate: current.firstDay,
        endDate: current.lastDay,
        computedAt: now.toISOString(),
        metricsUpdatedAt: total.lastRefreshedAt?.toISOString() ?? null,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
