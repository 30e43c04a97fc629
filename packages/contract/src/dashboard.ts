import { z } from 'zod';
import { networkSchema } from './accounts';
import { isoDateTimeSchema } from './fields';
import { defineRoute } from './http';
import { endpoints } from './endpoints';
import { timeZoneSchema } from './posts';
import { DEFAULT_DASHBOARD_RANGE, dashboardRanges } from './vocabulary';

export const dashboardRangeSchema = z.enum(dashboardRanges, { error: "range must be '7d', '30d', '90d' or '1y'" });

/**
 * A range of N days is the N calendar days that end today in `tz` (docs/product.md, Shared rules · Figures); `tz` is
 * the person's IANA zone (the browser's until people have a zone setting).
 */
export const dashboardStatsQuerySchema = z.object({
  range: dashboardRangeSchema.default(DEFAULT_DASHBOARD_RANGE),
  tz: timeZoneSchema.default('UTC'),
});

const count = z.number().int().min(0);
/**
 * Growth (docs/product.md, Dashboard · Figures): (current − previous) / previous × 100, rounded to one decimal; null when the
 * period before has nothing to compare with, and the screen then shows no comparison.
 */
const trend = z.number().nullable();

export const platformStatSchema = z.object({
  platform: networkSchema,
  /** Posts published in the range. */
  posts: count,
  /** Likes, comments and shares of those posts (the latest counts). */
  engagement: count,
  /** Their impressions, where the network reports them (0 otherwise). */
  impressions: count,
});

export const bestPostSchema = z.object({
  id: z.uuid(),
  platform: networkSchema,
  text: z.string(),
  published_at: isoDateTimeSchema,
  platform_url: z.string().nullable(),
  engagement: count,
  likes_count: count,
  comments_count: count,
  shares_count: count,
  impressions_count: count.nullable(),
});

/**
 * GET /api/v1/dashboard/stats (docs/product.md, Dashboard · Figures; computed by the server). The range is whole
 * calendar days in the person's zone, today included; trends compare it with as many days before.
 */
export const dashboardStatsSchema = z.object({
  /** Posts published in the range (one per network: a post to X and LinkedIn counts twice). */
  totalPosts: count,
  postsTrend: trend,
  /** Posts waiting to go out now (scheduled, or being sent). */
  scheduledPosts: count,
  /** How many posts were scheduled ahead in the range, compared with the period before. */
  scheduledTrend: trend,
  /** Likes + comments + shares of the posts published in the range. */
  totalEngagement: count,
  /** Engagements per 100 impressions of the posts whose impressions are known; null when none are. */
  engagementRate: z.number().min(0).nullable(),
  engagementTrend: trend,
  connectedAccounts: count,
  /** One entry per network, in the order x, linkedin. */
  platformStats: z.array(platformStatSchema),
  /** The published post of the range with the most engagement; null when none has any. */
  bestPost: bestPostSchema.nullable(),
  range: dashboardRangeSchema,
  /** The range's first and last day (YYYY-MM-DD in the person's zone), as the analytics screen would ask for them. */
  startDate: z.string(),
  endDate: z.string(),
  computedAt: isoDateTimeSchema,
  /** The latest reading of the networks' counts behind these numbers; null when none was read yet. */
  metricsUpdatedAt: isoDateTimeSchema.nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardRoutes = {
  stats: defineRoute({
    ...endpoints.dashboard.stats,
    example: { query: { range: '30d', tz: 'Europe/Berlin' } },
    tag: 'dashboard',
    summary: 'Posts, scheduled posts, engagement and accounts for a time range, with trends against the period before',
    query: dashboardStatsQuerySchema,
    response: dashboardStatsSchema,
  }),
} as const;
