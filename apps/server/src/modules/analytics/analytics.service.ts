import type { Insight, Network } from '@postflow/contract';
import { extractHashtags } from '@postflow/contract';
import type { AiEngine } from '../../ai/ai-engine';
import type { Database } from '../../db/client';
import { generateInsightsJob } from './insights/generate-insights.job';
import type { JobQueue } from '../../jobs/queue';
import { syncMetricsJob } from './collection/sync-metrics.job';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { createMemoCache } from '../../lib/memo-cache';
import { createAccountsRepository } from '../accounts/accounts.repository';
import { createAnalyticsRepository, type PostFigures, type Range } from './reporting/reporting.repository';
import { addUp, addUpByNetwork, engagementsPerDay, type Totals } from './reporting/day-figures';
import { findInsights, type InsightDraft } from './insights/insights-engine';
import { ratePosts } from './insights/observations';
import { median } from './insights/statistics';
import { createInsightsRepository } from './insights/insights.repository';
import { createMetricsRepository } from './collection/metrics.repository';
import { createSyncsRepository } from './collection/syncs.repository';

const DAY_MS = 86_400_000;
const networkName = (network: Network) => (network === 'x' ? 'X' : 'LinkedIn');
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
/** Insights look at a year of history at most. */
const INSIGHT_HISTORY_MS = 365 * DAY_MS;
/** Ranges of figures kept in memory (each at most a few hundred kilobytes). */
const FIGURES_CACHE_ENTRIES = 256;

type Scope = 'all' | Network;

/** Engagements per impression of the posts whose reach is known, in percent. */
const engagementRate = (totals: Totals) => (totals.ratedImpressions ? round((totals.ratedEngagements / totals.ratedImpressions) * 100, 3) : 0);

function toItem(post: PostFigures) {
  const engagements = post.likes + post.comments + post.shares;
  return {
    id: post.id,
    platform: post.network,
    text: post.text,
    published_at: post.publishedAt?.toISOString() ?? null,
    platform_url: post.platformUrl,
    engagement_rate: post.impressions ? round((engagements / post.impressions) * 100, 3) : null,
    impressions: post.impressions,
    likes: post.likes,
    comments: post.comments,
    shares: post.shares,
    clicks: post.clicks,
    metrics_updated_at: post.metricsUpdatedAt?.toISOString() ?? null,
  };
}

export function createAnalyticsService(deps: { db: Database; queue: JobQueue; ai: AiEngine; clock: Clock }) {
  const { db, clock } = deps;
  const analytics = createAnalyticsRepository(db);
  const insights = createInsightsRepository(db);
  const figuresCache = createMemoCache<Awaited<ReturnType<typeof readFigures>>>(FIGURES_CACHE_ENTRIES);
  const audienceCache = createMemoCache<Awaited<ReturnType<typeof audience>>>(FIGURES_CACHE_ENTRIES);
  const insightsCache = createMemoCache<Insight[]>(FIGURES_CACHE_ENTRIES);

  async function readFigures(range: Range) {
    const [days, top] = await Promise.all([analytics.days(range), analytics.topPosts(range, 20)]);
    return [addUp(days), top, engagementsPerDay(days, range.firstDay, range.lastDay)] as const;
  }

  /**
   * The summary's parts, computed once per version of the person's analytics data (posts, their
   * numbers, follower counts, account names, insights; migrations 0010 and 0012): a reload then
   * costs one index lookup instead of the range's day rows and ranking (0013). The version is read
   * first, so parts computed meanwhile are at least as new as the key they are kept under.
   */
  async function summaryParts(range: Range, platform: Scope) {
    const version = await analytics.dataVersion(range.userId);
    const person = `${range.userId}|${version}|${platform}`;
    return Promise.all([
      figuresCache.get(`${person}|${range.firstDay}|${range.lastDay}`, () => readFigures(range)),
      audienceCache.get(person, () => audience(range.userId, platform)),
      insightsCache.get(person, () => insights.list(range.userId, { limit: 20, platform })),
    ]);
  }

  function rangeOf(userId: string, query: { platform: Scope; start_date?: string | undefined; end_date?: string | undefined }): Range {
    const today = clock.now().toISOString().slice(0, 10);
    const end = query.end_date ?? today;
    const start = query.start_date ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
    if (start > end) throw new AppError('validation_failed', 'The end date must not be before the start date', { fields: { end_date: 'Before the start date' } });
    return { userId, network: query.platform === 'all' ? undefined : query.platform, firstDay: start, lastDay: end };
  }

  async function audience(userId: string, scope: Scope) {
    const followers = await analytics.latestFollowers(userId, scope === 'all' ? undefined : scope);
    const total = followers.reduce((sum, entry) => sum + entry.followers, 0);
    return followers.map((entry) => ({
      segment: `${networkName(entry.network)} · ${entry.organizationId ? `page ${entry.name}` : entry.name}`,
      percentage: total ? round((entry.followers / total) * 100, 1) : 0,
      count: entry.followers,
    }));
  }

  async function connectedAccounts(userId: string, network: Network) {
    const accounts = (await createAccountsRepository(db).listForUser(userId)).filter((account) => account.network === network);
    if (!accounts.length) throw new AppError('validation_failed', `Connect your ${networkName(network)} account first.`, { fields: { platform: 'Not connected' } });
    return accounts;
  }

  return {
    rangeOf,

    async summary(userId: string, query: { platform: Scope; start_date?: string | undefined; end_date?: string | undefined }) {
      const range = rangeOf(userId, query);
      const [[totals, top, trend], segments, latestInsights] = await summaryParts(range, query.platform);
      const items = top.map(toItem);
      return {
        platform: query.platform,
        start_date: range.firstDay,
        end_date: range.lastDay,
        summary: {
          total_posts: totals.posts,
          total_impressions: totals.impressions,
          avg_engagement_rate: engagementRate(totals),
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

    async metrics(userId: string, query: { platform: Scope; start_date?: string | undefined; end_date?: string | undefined }) {
      const range = rangeOf(userId, query);
      const [days, followers] = await Promise.all([analytics.days(range), analytics.latestFollowers(userId, range.network)]);
      return {
        platforms: addUpByNetwork(days).map((row) => ({
          platform: row.network,
          posts: row.posts,
          impressions: row.impressions,
          likes: row.likes,
          comments: row.comments,
          shares: row.shares,
          clicks: row.clicks,
          engagement_rate: engagementRate(row),
          followers: followers.filter((entry) => entry.network === row.network && !entry.organizationId).reduce<number | null>((sum, entry) => (sum ?? 0) + entry.followers, null),
          last_refreshed_at: row.lastRefreshedAt?.toISOString() ?? null,
        })),
      };
    },

    async postHistory(userId: string, targetId: string) {
      const post = await analytics.findPost(userId, targetId);
      if (!post) throw notFound('No such post.');
      const history = await createMetricsRepository(db).history(targetId);
      return {
        post: toItem(post),
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

    listInsights(userId: string, filter: { type?: Insight['insight_type'] | undefined; unread?: 'true' | 'false' | undefined; limit: number }) {
      return insights.list(userId, {
        limit: filter.limit,
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.unread ? { unread: filter.unread === 'true' } : {}),
      });
    },

    async markInsight(userId: string, id: string, flag: 'is_read' | 'is_applied') {
      const insight = await insights.mark(userId, id, flag, clock.now());
      if (!insight) throw notFound('No such insight.');
      return insight;
    },

    async requestInsights(userId: string, platform: Scope) {
      await deps.queue.enqueue(generateInsightsJob, { userId, platform });
      return { status: 'queued' as const, message: 'AI insights generation started' };
    },

    /**
     * The insights job: statistics on the stored numbers find them, the AI engine words them (a
     * configured model in its own words, held to the figures; the built-in engine keeps the
     * statistics' sentences), and they are saved by fingerprint.
     */
    async generateInsights(userId: string, platform: Scope): Promise<InsightDraft[]> {
      const now = clock.now();
      const posts = await analytics.observations(userId, platform === 'all' ? undefined : platform, new Date(now.getTime() - INSIGHT_HISTORY_MS));
      const found = findInsights({ posts, platform, now });
      const wordings = await deps.ai.wordInsights(found);
      const drafts = found.map((draft, index) => ({ ...draft, ...wordings[index] }));
      await db.transaction((tx) => createInsightsRepository(tx).replace(userId, platform, drafts, now));
      return drafts;
    },

    async requestSync(userId: string, network: Network, syncType: 'post_analytics' | 'followers' | 'all') {
      const accounts = await connectedAccounts(userId, network);
      const syncIds = await db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const account of accounts) {
          const syncId = await createSyncsRepository(tx).create({ userId, accountId: account.id, network, syncType, trigger: 'manual', now: clock.now() });
          await deps.queue.enqueue(syncMetricsJob, { accountId: account.id, syncId, syncType, manual: true }, { tx });
          ids.push(syncId);
        }
        return ids;
      });
      return { status: 'queued' as const, sync_ids: syncIds, message: `${networkName(network)} sync started successfully` };
    },

    async syncStatus(userId: string, network: Network) {
      const syncs = createSyncsRepository(db);
      const [latest, lastSucceeded] = await Promise.all([syncs.latest(userId, network), syncs.lastSucceededAt(userId, network)]);
      return {
        platform: network,
        status: latest?.status ?? ('idle' as const),
        sync_type: latest?.syncType ?? null,
        requested_at: latest?.requestedAt.toISOString() ?? null,
        finished_at: latest?.finishedAt?.toISOString() ?? null,
        posts_synced: latest?.postsSynced ?? 0,
        error: latest?.error ?? null,
        last_synced_at: lastSucceeded?.toISOString() ?? null,
      };
    },

    async optimalTimes(userId: string, platform: Scope) {
      const now = clock.now();
      const posts = await analytics.observations(userId, platform === 'all' ? undefined : platform, new Date(now.getTime() - INSIGHT_HISTORY_MS));
      const rated = ratePosts(posts);
      const hours = Array.from({ length: 24 }, (_, hour) => {
        const rates = rated.filter((post) => post.hour === hour).map((post) => post.rate);
        return { hour, posts: rates.length, median_engagement_rate: rates.length ? round(median(rates) * 100, 3) : 0 };
      })
        .filter((entry) => entry.posts > 0)
        .sort((a, b) => b.median_engagement_rate - a.median_engagement_rate);
      const timing = findInsights({ posts, platform, now }).find(
        (draft) => draft.fingerprint.startsWith('posting_time'),
      );
      const saved = timing ? (await insights.list(userId, { type: 'posting_time', limit: 20 })).find((insight) => insight.title === timing.title) : undefined;
      return {
        platform,
        time_zone: rated[0]?.timeZone ?? 'UTC',
        sample_size: rated.length,
        hours,
        recommendation: timing
          ? timing.recommendation
          : rated.length < 30
            ? `Not enough history yet: ${rated.length} posts with known reach. Keep posting at different times; after about 30 posts Postflow can tell which hours work best for you.`
            : 'No hour stands out in your history so far: your audience responds about equally across the times you post.',
        insight: saved ?? null,
      };
    },

    async recommendHashtags(userId: string, content: string, network: Network) {
      const suggestions = await deps.ai.recommendHashtags({ content, platform: network });
      const posts = ratePosts(await analytics.observations(userId, network, new Date(clock.now().getTime() - INSIGHT_HISTORY_MS)));
      return {
        hashtags: suggestions.map((suggestion) => {
          const tag = suggestion.tag.toLowerCase();
          const using = posts.filter((post) => extractHashtags(post.text).some((used) => used.toLowerCase() === tag));
          return { ...suggestion, your_posts: using.length, your_engagement_rate: using.length ? round(median(using.map((post) => post.rate)) * 100, 3) : null };
        }),
      };
    },

    async contentIdeas(topic: string, network: Network) {
      return { ideas: await deps.ai.contentIdeas({ topic, platform: network }) };
    },

    async engagementTrend(userId: string, query: { platform: Scope; start_date?: string | undefined; end_date?: string | undefined }) {
      const range = rangeOf(userId, query);
      return { points: engagementsPerDay(await analytics.days(range), range.firstDay, range.lastDay) };
    },

    async audienceBreakdown(userId: string, platform: Scope, metricType: 'demographics' | 'followers') {
      if (metricType === 'demographics') {
        // Neither network gives Postflow demographics for a personal account; LinkedIn gives them
        // only for pages with its Community Management approval, which the app does not read yet.
        return {
          metric_type: metricType,
          available: false,
          message:
            'X and LinkedIn do not share the demographics of a personal account with apps. Here is how your followers are spread across your accounts instead.',
          segments: await audience(userId, platform),
        };
      }
      const segments = await audience(userId, platform);
      return {
        metric_type: metricType,
        available: segments.length > 0,
        message: segments.length ? null : 'No follower counts yet: sync your accounts to read them.',
        segments,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
