import { z } from 'zod';
import { calendarDateSchema, idParamsSchema, isoDateTimeSchema } from './fields';
import { defineRoute } from './http';
import { channelIdSchema } from './channels';
import { endpoints } from './endpoints';
import { postAuthorSchema, timeZoneSchema } from './posts';
import { threadViewFields } from './threads';

export const insightTypeSchema = z.enum([
  'content_optimization',
  'posting_time',
  'hashtag_strategy',
  'audience_engagement',
  'content_strategy',
  'competitor_analysis',
  'trend_analysis',
]);

/** The analytics platform filter: every network together, or one of them (`twitter` is read as `x`). */
export type AnalyticsPlatform = z.output<typeof analyticsPlatform>;

const analyticsPlatform = z
  .enum(['all', 'x', 'twitter', 'linkedin'], { error: "Choose a platform: 'all', 'x' or 'linkedin'" })
  .transform((name) => (name === 'twitter' ? 'x' : name));
const networkOnly = z
  .enum(['x', 'twitter', 'linkedin'], { error: "Choose a platform: 'x' or 'linkedin'" })
  .transform((name): 'x' | 'linkedin' => (name === 'linkedin' ? 'linkedin' : 'x'));

const day = calendarDateSchema;

/**
 * One channel's posts only (GET /api/v1/channels; docs/decisions/151-channels-in-every-view.md), together with the
 * platform; another workspace's channel, or one of another network than `platform`, matches nothing.
 */
const channelFilter = channelIdSchema.optional();

/**
 * A platform and an optional date range: calendar days (YYYY-MM-DD) in `tz`, the person's IANA zone, both ends included;
 * default the last 30 days, today included; at most five years (docs/product.md, Shared rules · Figures).
 */
export const rangeQuerySchema = z
  .object({
    platform: analyticsPlatform.default('all'),
    channelId: channelFilter,
    start_date: day.optional(),
    end_date: day.optional(),
    tz: timeZoneSchema.default('UTC'),
  })
  .refine((range) => !range.start_date || !range.end_date || range.start_date <= range.end_date, {
    message: 'The end date must not be before the start date',
    path: ['end_date'],
  })
  .refine(
    (range) => !range.start_date || !range.end_date || Date.parse(range.end_date) - Date.parse(range.start_date) <= 5 * 366 * 86_400_000,
    { message: 'Choose a range of at most five years', path: ['start_date'] },
  );

export const postAnalyticsItemSchema = z.object({
  id: z.uuid(),
  platform: z.enum(['x', 'linkedin']),
  text: z.string(),
  published_at: isoDateTimeSchema.nullable(),
  platform_url: z.string().nullable(),
  /** Percent (2.5 means 2.5%); null when the network does not report impressions for this post. */
  engagement_rate: z.number().nullable(),
  impressions: z.number().int().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  clicks: z.number().int().nullable(),
  metrics_updated_at: isoDateTimeSchema.nullable(),
  /** Who it went out as: its channel's name, handle and picture (docs/product.md, Channels). The server always sends it. */
  author: postAuthorSchema.optional(),
  /** A thread's parts (counts per part; the item's are their sums) and a first comment (docs/decisions/155-threads.md). */
  ...threadViewFields,
});

export const insightSchema = z.object({
  id: z.uuid(),
  insight_type: insightTypeSchema,
  platform: z.enum(['all', 'x', 'linkedin']),
  title: z.string(),
  description: z.string(),
  recommendation: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
  confidence_score: z.number().min(0).max(1),
  is_read: z.boolean(),
  is_applied: z.boolean(),
  evidence: z.record(z.string(), z.unknown()),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Insight = z.infer<typeof insightSchema>;

export const trendPointSchema = z.object({ date: z.string(), value: z.number() });
export const audienceSegmentSchema = z.object({ segment: z.string(), percentage: z.number(), count: z.number().int() });

export const analyticsSummaryResponseSchema = z.object({
  platform: z.enum(['all', 'x', 'linkedin']),
  start_date: z.string(),
  end_date: z.string(),
  summary: z.object({
    total_posts: z.number().int(),
    total_impressions: z.number().int(),
    /** Percent, over the posts whose impressions are known. */
    avg_engagement_rate: z.number(),
    total_engagements: z.number().int(),
    best_performing_post: postAnalyticsItemSchema.nullable(),
  }),
  ai_insights: z.array(insightSchema),
  post_analytics: z.array(postAnalyticsItemSchema),
  engagement_trend: z.array(trendPointSchema),
  audience_breakdown: z.array(audienceSegmentSchema),
  /** When the newest figure shown was read from the network; null before any sync. */
  last_refreshed_at: isoDateTimeSchema.nullable(),
});

export const platformMetricsSchema = z.object({
  platform: z.enum(['x', 'linkedin']),
  posts: z.number().int(),
  impressions: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  clicks: z.number().int(),
  engagement_rate: z.number(),
  followers: z.number().int().nullable(),
  last_refreshed_at: isoDateTimeSchema.nullable(),
});

export const syncRequestSchema = z.object({
  platform: networkOnly,
  sync_type: z
    .enum(['post_analytics', 'followers', 'all'], { error: "sync_type is 'post_analytics', 'followers' or 'all'" })
    .default('post_analytics'),
});

export const syncStatusSchema = z.object({
  platform: z.enum(['x', 'linkedin']),
  status: z.enum(['idle', 'queued', 'running', 'succeeded', 'failed']),
  sync_type: z.string().nullable(),
  requested_at: isoDateTimeSchema.nullable(),
  finished_at: isoDateTimeSchema.nullable(),
  posts_synced: z.number().int(),
  error: z.string().nullable(),
  last_synced_at: isoDateTimeSchema.nullable(),
});

export const optimalTimesResponseSchema = z.object({
  platform: z.enum(['all', 'x', 'linkedin']),
  time_zone: z.string(),
  sample_size: z.number().int(),
  /** Hours of the day ranked by median engagement rate, with how many posts back each. */
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), posts: z.number().int(), median_engagement_rate: z.number() })),
  recommendation: z.string(),
  /** The posting-time insight behind the recommendation, when the data supports one. */
  insight: insightSchema.nullable(),
});

export const hashtagRequestSchema = z.object({
  content: z.string({ error: 'Write some text to get hashtags for' }).trim().min(1, 'Write some text to get hashtags for').max(5000),
  platform: networkOnly,
});
export const hashtagResponseSchema = z.object({
  hashtags: z.array(
    z.object({
      tag: z.string(),
      score: z.number(),
      reason: z.string(),
      /** Your own posts with this tag: count and median engagement rate (percent), when you used it before. */
      your_posts: z.number().int(),
      your_engagement_rate: z.number().nullable(),
    }),
  ),
});

export const ideasRequestSchema = z.object({
  topic: z.string({ error: 'Give a topic' }).trim().min(1, 'Give a topic').max(200, 'Keep the topic under 200 characters'),
  platform: networkOnly,
});
export const ideasResponseSchema = z.object({
  ideas: z.array(
    z.object({
      title: z.string(),
      hook: z.string(),
      outline: z.array(z.string()),
      hashtags: z.array(z.string()),
      format: z.string(),
      angle: z.string(),
    }),
  ),
});

export const audienceQuerySchema = z.object({
  platform: analyticsPlatform.default('all'),
  metric_type: z.enum(['demographics', 'followers'], { error: "metric_type is 'demographics' or 'followers'" }).default('demographics'),
});
export const audienceResponseSchema = z.object({
  metric_type: z.enum(['demographics', 'followers']),
  available: z.boolean(),
  /** Why there is nothing to show, when there is nothing (no invented numbers). */
  message: z.string().nullable(),
  segments: z.array(audienceSegmentSchema),
});

const platformQuery = z.object({ platform: analyticsPlatform.default('all'), channelId: channelFilter });

export const analyticsRoutes = {
  summary: defineRoute({
    ...endpoints.analytics.summary,
    example: { query: { platform: 'all', start_date: '2026-11-01', end_date: '2026-11-30', tz: 'Europe/Berlin' } },
    tag: 'analytics',
    summary: 'Overview, insights, top posts, trend and audience for a platform and date range',
    query: rangeQuerySchema,
    response: analyticsSummaryResponseSchema,
  }),
  metrics: defineRoute({
    ...endpoints.analytics.metrics,
    example: { query: { platform: 'x', start_date: '2026-11-01', end_date: '2026-11-30', tz: 'Europe/Berlin' } },
    tag: 'analytics',
    summary: 'Totals per network from the latest readings',
    query: rangeQuerySchema,
    response: z.object({ platforms: z.array(platformMetricsSchema) }),
  }),
  postHistory: defineRoute({
    ...endpoints.analytics.postHistory,
    example: { params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' } },
    tag: 'analytics',
    summary: "One post's metrics over time (every stored reading)",
    params: idParamsSchema,
    response: z.object({
      post: postAnalyticsItemSchema,
      history: z.array(
        z.object({
          captured_at: isoDateTimeSchema,
          impressions: z.number().int().nullable(),
          likes: z.number().int(),
          comments: z.number().int(),
          shares: z.number().int(),
          clicks: z.number().int().nullable(),
        }),
      ),
    }),
  }),
  insights: defineRoute({
    ...endpoints.analytics.insights,
    example: { query: { limit: 10, unread: 'true' } },
    tag: 'analytics',
    summary: 'Insights, newest first',
    query: z.object({
      type: insightTypeSchema.optional(),
      limit: z.coerce
        .number({ error: 'limit must be a number' })
        .int()
        .min(1, 'limit must be at least 1')
        .max(100, 'limit must be at most 100')
        .default(20),
      unread: z.enum(['true', 'false'], { error: "unread is 'true' or 'false'" }).optional(),
    }),
    response: z.object({ insights: z.array(insightSchema) }),
  }),
  markRead: defineRoute({
    ...endpoints.analytics.markRead,
    tag: 'analytics',
    summary: 'Mark an insight read',
    params: idParamsSchema,
    response: z.object({ insight: insightSchema }),
  }),
  markApplied: defineRoute({
    ...endpoints.analytics.markApplied,
    tag: 'analytics',
    summary: 'Mark an insight applied',
    params: idParamsSchema,
    response: z.object({ insight: insightSchema }),
  }),
  generateInsights: defineRoute({
    ...endpoints.analytics.generateInsights,
    tag: 'analytics',
    summary: 'Recompute insights from the stored metrics (in the background)',
    body: z.object({ platform: analyticsPlatform }),
    status: 202,
    response: z.object({ status: z.literal('queued'), message: z.string() }),
  }),
  sync: defineRoute({
    ...endpoints.analytics.sync,
    tag: 'analytics',
    summary: 'Read the latest metrics from a network now (in the background)',
    body: syncRequestSchema,
    status: 202,
    response: z.object({ status: z.literal('queued'), sync_ids: z.array(z.uuid()), message: z.string() }),
  }),
  syncStatus: defineRoute({
    ...endpoints.analytics.syncStatus,
    example: { query: { platform: 'linkedin' } },
    tag: 'analytics',
    summary: 'The latest sync for a network',
    query: z.object({ platform: networkOnly }),
    response: syncStatusSchema,
  }),
  optimalTimes: defineRoute({
    ...endpoints.analytics.optimalTimes,
    example: { query: { platform: 'x' } },
    tag: 'analytics',
    summary: 'When your posts engage best, from your own history',
    query: platformQuery,
    response: optimalTimesResponseSchema,
  }),
  recommendHashtags: defineRoute({
    ...endpoints.analytics.recommendHashtags,
    tag: 'analytics',
    summary: 'Hashtags for a text, with how they did in your own posts',
    body: hashtagRequestSchema,
    response: hashtagResponseSchema,
  }),
  contentIdeas: defineRoute({
    ...endpoints.analytics.contentIdeas,
    tag: 'analytics',
    summary: 'Post ideas for a topic',
    body: ideasRequestSchema,
    response: ideasResponseSchema,
  }),
  engagementTrend: defineRoute({
    ...endpoints.analytics.engagementTrend,
    example: { query: { platform: 'all', start_date: '2026-11-01', end_date: '2026-11-30', tz: 'Europe/Berlin' } },
    tag: 'analytics',
    summary: 'Engagements per day of posts published in the range',
    query: rangeQuerySchema,
    response: z.object({ points: z.array(trendPointSchema) }),
  }),
  audienceBreakdown: defineRoute({
    ...endpoints.analytics.audienceBreakdown,
    example: { query: { platform: 'linkedin', metric_type: 'followers' } },
    tag: 'analytics',
    summary: 'Who your audience is, where the network tells',
    query: audienceQuerySchema,
    response: audienceResponseSchema,
  }),
} as const;
