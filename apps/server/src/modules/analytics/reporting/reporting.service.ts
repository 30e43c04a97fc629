import type { AnalyticsPlatform, Insight, Network } from '@postflow/contract';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { AppError, notFound } from '../../../lib/errors';
import { createMemoCache } from '../../../lib/memo-cache';
import { createMetricsRepository } from '../collection/metrics.repository';
import { createInsightsRepository } from '../insights/insights.repository';
import { createFiguresService } from '../figures/figures.service';
import { cutBefore, dayIn, periodOf, shiftDay, type Period } from '../figures/period';
import type { HistoryStart } from '../../plans/plan-limits';
import { engagementsPerDay } from './day-figures';
import { toAudienceSegments, toPostAnalytics } from './report-dto';
import { createReportingRepository, type Range } from './reporting.repository';

/** The screen opens on the last 30 days, today included. */
const DEFAULT_RANGE_DAYS = 30;

/** Ranges of figures kept in memory (each at most a few hundred kilobytes). */
const FIGURES_CACHE_ENTRIES = 256;

type RangeQuery = {
  platform: AnalyticsPlatform;
  channelId?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  tz: string;
};

/** The days of the screen's range, on one network or all, or one channel's (docs/product.md, Shared rules · Figures). */
interface AnalyticsRange extends Period {
  workspaceId: string;
  network: Network | undefined;
  channelId: string | undefined;
}

const scopeOf = (range: AnalyticsRange) => ({ network: range.network, channelId: range.channelId });

/** The UTC days that hold a range's instants, and the instants themselves, for the per-UTC-day ranking. */
const utcRangeOf = (range: AnalyticsRange): Range => ({
  workspaceId: range.workspaceId,
  network: range.network,
  channelId: range.channelId,
  firstDay: dayIn(range.start, 'UTC'),
  lastDay: dayIn(new Date(range.end.getTime() - 1), 'UTC'),
  span: { start: range.start, end: range.end },
});

/** The figures of a person's published posts: summary, per-network metrics, one post's history, trend, audience. */
export function createReportingService(deps: { db: Database; clock: Clock; historyStart: HistoryStart }) {
  const { db, clock } = deps;
  const reporting = createReportingRepository(db);
  const insights = createInsightsRepository(db);
  const figures = createFiguresService(db);
  const figuresCache = createMemoCache<Awaited<ReturnType<typeof readFigures>>>(FIGURES_CACHE_ENTRIES);
  const audienceCache = createMemoCache<Awaited<ReturnType<typeof audience>>>(FIGURES_CACHE_ENTRIES);
  const insightsCache = createMemoCache<Insight[]>(FIGURES_CACHE_ENTRIES);

  async function readFigures(range: AnalyticsRange) {
    const [published, top, days] = await Promise.all([
      figures.published(range.workspaceId, scopeOf(range), range),
      reporting.topPosts(utcRangeOf(range), 20),
      figures.engagementsByDay(range.workspaceId, scopeOf(range), range),
    ]);
    return [published.total, top, engagementsPerDay(days, range.firstDay, range.lastDay)] as const;
  }

  /**
   * The summary's parts, computed once per version of the person's analytics data (posts, their
   * numbers, follower counts, account names, insights; migrations 0010 and 0012): a reload then
   * costs one index lookup instead of the range's day rows and ranking (0013). The version is read
   * first, so parts computed meanwhile are at least as new as the key they are kept under.
   */
  async function summaryParts(range: AnalyticsRange, platform: AnalyticsPlatform) {
    const version = await reporting.dataVersion(range.workspaceId);
    const person = `${range.workspaceId}|${version}|${platform}`;
    return Promise.all([
      // The start too: a plan's history moves it (cutBefore) without changing the days asked for.
      figuresCache.get(
        `${person}|${range.channelId ?? ''}|${range.timeZone}|${range.firstDay}|${range.lastDay}|${range.start.getTime()}`,
        () => readFigures(range),
      ),
      audienceCache.get(person, () => audience(range.workspaceId, platform)),
      insightsCache.get(person, () => insights.list(range.workspaceId, { limit: 20, platform })),
    ]);
  }

  function rangeOf(workspaceId: string, query: RangeQuery): AnalyticsRange {
    // Today is the person's today, so a post published a minute ago is in the default range.
    const end = query.end_date ?? dayIn(clock.now(), query.tz);
    const start = query.start_date ?? shiftDay(end, 1 - DEFAULT_RANGE_DAYS);
    if (start > end)
      throw new AppError('validation_failed', 'The end date must not be before the start date', {
        fields: { end_date: 'Before the start date' },
      });
    return {
      workspaceId,
      network: query.platform === 'all' ? undefined : query.platform,
      channelId: query.channelId,
      ...periodOf(start, end, query.tz),
    };
  }

  /** The range without what the workspace's plan no longer shows (docs/product.md, Plans). */
  async function visibleRange(workspaceId: string, query: RangeQuery): Promise<AnalyticsRange> {
    return cutBefore(rangeOf(workspaceId, query), await deps.historyStart(workspaceId));
  }

  async function audience(workspaceId: string, scope: AnalyticsPlatform) {
    return toAudienceSegments(await reporting.latestFollowers(workspaceId, scope === 'all' ? undefined : scope));
  }

  return {
    rangeOf,

    async summary(workspaceId: string, query: RangeQuery) {
      const range = await visibleRange(workspaceId, query);
      const [[totals, top, trend], segments, latestInsights] = await summaryParts(range, query.platform);
      const items = top.map(toPostAnalytics);
      return {
        platform: query.platform,
        start_date: range.firstDay,
        end_date: range.lastDay,
        summary: {
          total_posts: totals.posts,
          total_impressions: totals.impressions,
          // The contract's number has no null: 0 when no impressions are known.
          avg_engagement_rate: totals.engagementRate ?? 0,
          total_engagements: totals.engagements,
          best_performing_post: items[0] ?? null,
        },
        ai_insights: latestInsights,
        post_analytics: items,
        engagement_trend: trend,
        audience_breakdown: segments,
        last_refreshed_at: totals.lastRefreshedAt?.toISOString() ?? null,
      };
    },

    async metrics(workspaceId: string, query: RangeQuery) {
      const range = await visibleRange(workspaceId, query);
      const [published, followers] = await Promise.all([
        figures.published(workspaceId, scopeOf(range), range),
        reporting.latestFollowers(workspaceId, range.network),
      ]);
      return {
        platforms: published.byNetwork.map((row) => ({
          platform: row.network,
          posts: row.posts,
          impressions: row.impressions,
          likes: row.likes,
          comments: row.comments,
          shares: row.shares,
          clicks: row.clicks,
          engagement_rate: row.engagementRate ?? 0,
          followers: followers
            .filter((entry) => entry.network === row.network && !entry.organizationId)
            .reduce<number | null>((sum, entry) => (sum ?? 0) + entry.followers, null),
          last_refreshed_at: row.lastRefreshedAt?.toISOString() ?? null,
        })),
      };
    },

    async postHistory(workspaceId: string, targetId: string) {
      const [post, historyStart] = await Promise.all([reporting.findPost(workspaceId, targetId), deps.historyStart(workspaceId)]);
      if (!post || (historyStart && post.publishedAt && post.publishedAt < historyStart)) throw notFound('No such post.');
      const history = await createMetricsRepository(db).history(targetId);
      return {
        post: toPostAnalytics(post),
        history: history.map((reading) => ({
          captured_at: reading.capturedAt.toISOString(),
          impressions: reading.impressions,
          likes: reading.likes,
          comments: reading.comments,
          shares: reading.shares,
          clicks: reading.clicks,
        })),
      };
    },

    async engagementTrend(workspaceId: string, query: RangeQuery) {
      const range = await visibleRange(workspaceId, query);
      return {
        points: engagementsPerDay(await figures.engagementsByDay(workspaceId, scopeOf(range), range), range.firstDay, range.lastDay),
      };
    },

    async audienceBreakdown(workspaceId: string, platform: AnalyticsPlatform, metricType: 'demographics' | 'followers') {
      if (metricType === 'demographics') {
        // Neither network gives Postflow demographics for a personal account; LinkedIn gives them
        // only for pages with its Community Management approval, which the app does not read yet.
        return {
          metric_type: metricType,
          available: false,
          message:
            'X and LinkedIn do not share the demographics of a personal account with apps. Here is how your followers are spread across your accounts instead.',
          segments: await audience(workspaceId, platform),
        };
      }
      const segments = await audience(workspaceId, platform);
      return {
        metric_type: metricType,
        available: segments.length > 0,
        message: segments.length ? null : 'No follower counts yet: sync your accounts to read them.',
        segments,
      };
    },
  };
}
export type ReportingService = ReturnType<typeof createReportingService>;
