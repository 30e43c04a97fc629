import type { DashboardStats, ProfileDetails, RouteResponse, SiteInfo, analyticsRoutes, feedRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { aUser, reply, type MockRoute } from './api-mock';

const emptyStats: DashboardStats = {
  totalPosts: 0,
  postsTrend: null,
  scheduledPosts: 0,
  scheduledTrend: null,
  totalEngagement: 0,
  engagementRate: null,
  engagementTrend: null,
  connectedAccounts: 0,
  platformStats: [],
  bestPost: null,
  range: '30d',
  startDate: '2026-10-24',
  endDate: '2026-11-22',
  computedAt: '2026-11-22T00:00:00.000Z',
  metricsUpdatedAt: null,
};

const emptySummary: RouteResponse<typeof analyticsRoutes.summary> = {
  platform: 'all',
  start_date: '2026-10-24',
  end_date: '2026-11-22',
  summary: { total_posts: 0, total_impressions: 0, avg_engagement_rate: 0, total_engagements: 0, best_performing_post: null },
  ai_insights: [],
  post_analytics: [],
  engagement_trend: [],
  audience_breakdown: [],
  last_refreshed_at: null,
};

const emptyFeed: RouteResponse<typeof feedRoutes.personal> = { posts: [], total_count: 0, total_count_exact: true };
const profile: ProfileDetails = {
  user: aUser(),
  stats: { posts: 0, scheduled: 0, engagement: '0%', engagement_rate: null, range: '30d', followers: [], audience: [] },
  socialAccounts: [],
};
const siteInfo: SiteInfo = { supportEmail: null };

/**
 * Empty answers to the calls each screen makes when it opens, for tests about the shell, routing
 * and sign-in that land on those screens without caring what they show.
 */
export const emptyPageData: MockRoute[] = [
  reply(api.dashboard.stats, { body: emptyStats }),
  reply(api.posts.recent, { body: { contents: [] } }),
  reply(api.feed.personal, { body: emptyFeed }),
  reply(api.analytics.summary, { body: emptySummary }),
  reply(api.profile.details, { body: profile }),
  reply(api.posts.listPosts, { body: [] }),
  reply(api.site.info, { body: siteInfo }),
  reply(api.accounts.signInMethods, { body: { methods: [{ id: 'password', kind: 'password', label: null, sandbox: false }] } }),
];
