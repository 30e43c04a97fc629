import type { AnalyticsPlatform, Insight, Network } from '@postflow/contract';
import { extractHashtags, plural } from '@postflow/contract';
import type { AiEngine } from '../../../ai/ai-engine';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { DAY_MS, type Clock } from '../../../lib/clock';
import { notFound } from '../../../lib/errors';
import { round } from '../../../lib/round';
import { generateInsightsJob } from './generate-insights.job';
import { bestHashtags } from './hashtag-performance';
import { findInsights, type InsightDraft } from './insights-engine';
import { createInsightsRepository } from './insights.repository';
import { ratePosts } from './observations';
import { createObservationsRepository } from './observations.repository';
import { median } from './statistics';
import type { RateLimiter } from '../../security/rate-limiter';
import { analyticsLimits } from '../analytics-limits';
import { createUsersRepository } from '../../users/users.repository';

/** Who asks: the workspace looked at, and the person whose zone the hours are in. */
interface Caller {
  workspaceId: string;
  userId: string;
}

/** Insights look at a year of history at most. */
const INSIGHT_HISTORY_MS = 365 * DAY_MS;
/** How many of the person's best hashtags the AI tailoring is told about. */
const BEST_HASHTAGS = 10;

/** What a person's own numbers say: insights, best posting times, hashtags that worked, ideas. */
export function createInsightsService(deps: { db: Database; queue: JobQueue; ai: AiEngine; clock: Clock; rateLimiter: RateLimiter }) {
  const { db, clock } = deps;
  const insights = createInsightsRepository(db);
  const observations = createObservationsRepository(db);
  const users = createUsersRepository(db);
  const history = (workspaceId: string, scope: AnalyticsPlatform, channelId?: string) =>
    observations.list(workspaceId, scope === 'all' ? undefined : scope, new Date(clock.now().getTime() - INSIGHT_HISTORY_MS), channelId);

  return {
    listInsights(
      workspaceId: string,
      filter: { type?: Insight['insight_type'] | undefined; unread?: 'true' | 'false' | undefined; limit: number },
    ) {
      return insights.list(workspaceId, {
        limit: filter.limit,
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.unread ? { unread: filter.unread === 'true' } : {}),
      });
    },

    async markInsight(workspaceId: string, id: string, flag: 'is_read' | 'is_applied') {
      const insight = await insights.mark(workspaceId, id, flag, clock.now());
      if (!insight) throw notFound('No such insight.');
      return insight;
    },

    /** The insights are counted in the zone of the person who asks (docs/decisions/145-person-time-zone.md). */
    async requestInsights({ workspaceId, userId }: Caller, platform: AnalyticsPlatform) {
      await deps.rateLimiter.consume(analyticsLimits.insightsPerUser, workspaceId);
      const timeZone = await users.timeZoneOf(userId);
      await deps.queue.enqueue(generateInsightsJob, { workspaceId, platform, timeZone });
      return { status: 'queued' as const, message: 'AI insights generation started' };
    },

    /**
     * The insights job: statistics on the stored numbers find them, the AI engine words them (a
     * configured model in its own words, held to the figures; the built-in engine keeps the
     * statistics' sentences), and they are saved by fingerprint.
     */
    async generateInsights(workspaceId: string, platform: AnalyticsPlatform, timeZone: string): Promise<InsightDraft[]> {
      const now = clock.now();
      const found = findInsights({ posts: await history(workspaceId, platform), platform, now, timeZone });
      const wordings = await deps.ai.wordInsights(found);
      const drafts = found.map((draft, index) => ({ ...draft, ...wordings[index] }));
      await db.transaction((tx) => createInsightsRepository(tx).replace(workspaceId, platform, drafts, now));
      return drafts;
    },

    /**
     * Hours of the day in the asking person's zone (docs/decisions/145-person-time-zone.md), from the posts of one
     * network or all, or of one channel.
     */
    async optimalTimes({ workspaceId, userId }: Caller, platform: AnalyticsPlatform, channelId?: string) {
      const now = clock.now();
      const timeZone = await users.timeZoneOf(userId);
      const posts = await history(workspaceId, platform, channelId);
      const rated = ratePosts(posts, timeZone);
      const hours = Array.from({ length: 24 }, (_, hour) => {
        const rates = rated.filter((post) => post.hour === hour).map((post) => post.rate);
        return { hour, posts: rates.length, median_engagement_rate: rates.length ? round(median(rates) * 100, 3) : 0 };
      })
        .filter((entry) => entry.posts > 0)
        .sort((a, b) => b.median_engagement_rate - a.median_engagement_rate);
      const timing = findInsights({ posts, platform, now, timeZone }).find((draft) => draft.fingerprint.startsWith('posting_time'));
      const saved = timing
        ? (await insights.list(workspaceId, { type: 'posting_time', limit: 20 })).find((insight) => insight.title === timing.title)
        : undefined;
      return {
        platform,
        time_zone: timeZone,
        sample_size: rated.length,
        hours,
        recommendation: timing
          ? timing.recommendation
          : rated.length < 30
            ? `Not enough history yet: ${rated.length} ${plural(rated.length, 'post')} with known reach. Keep posting at different times; after about 30 posts Postflow can tell which hours work best for you.`
            : 'No hour stands out in your history so far: your audience responds about equally across the times you post.',
        insight: saved ?? null,
      };
    },

    async recommendHashtags(workspaceId: string, content: string, network: Network) {
      const suggestions = await deps.ai.recommendHashtags({ content, platform: network });
      // Only rates are compared here, so the zone does not matter.
      const posts = ratePosts(await history(workspaceId, network), 'UTC');
      return {
        hashtags: suggestions.map((suggestion) => {
          const tag = suggestion.tag.toLowerCase();
          const using = posts.filter((post) => extractHashtags(post.text).some((used) => used.toLowerCase() === tag));
          return {
            ...suggestion,
            your_posts: using.length,
            your_engagement_rate: using.length ? round(median(using.map((post) => post.rate)) * 100, 3) : null,
          };
        }),
      };
    },

    /** The workspace's best-performing hashtags on a network, best first, for the AI tailoring (docs/ai.md, Hashtags). */
    async bestHashtags(workspaceId: string, network: Network): Promise<string[]> {
      // Only rates are compared here, so the zone does not matter.
      return bestHashtags(ratePosts(await history(workspaceId, network), 'UTC'), BEST_HASHTAGS);
    },

    async contentIdeas(topic: string, network: Network) {
      return { ideas: await deps.ai.contentIdeas({ topic, platform: network }) };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
