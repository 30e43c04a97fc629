import { analyticsRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { AnalyticsService } from './analytics.service';

export function registerAnalyticsRoutes(router: Router, analytics: AnalyticsService) {
  router.authed(analyticsRoutes.summary, ({ auth, query }) => analytics.summary(auth.userId, query));
  router.authed(analyticsRoutes.metrics, ({ auth, query }) => analytics.metrics(auth.userId, query));
  router.authed(analyticsRoutes.postHistory, ({ auth, params }) => analytics.postHistory(auth.userId, params.id));
  router.authed(analyticsRoutes.insights, async ({ auth, query }) => ({ insights: await analytics.listInsights(auth.userId, query) }));
  router.authed(analyticsRoutes.markRead, async ({ auth, params }) => ({ insight: await analytics.markInsight(auth.userId, params.id, 'is_read') }));
  router.authed(analyticsRoutes.markApplied, async ({ auth, params }) => ({ insight: await analytics.markInsight(auth.userId, params.id, 'is_applied') }));
  router.authed(analyticsRoutes.generateInsights, ({ auth, body }) => analytics.requestInsights(auth.userId, body.platform));
  router.authed(analyticsRoutes.sync, ({ auth, body }) => analytics.requestSync(auth.userId, body.platform, body.sync_type));
  router.authed(analyticsRoutes.syncStatus, ({ auth, query }) => analytics.syncStatus(auth.userId, query.platform));
  router.authed(analyticsRoutes.optimalTimes, ({ auth, query }) => analytics.optimalTimes(auth.userId, query.platform));
  router.authed(analyticsRoutes.recommendHashtags, ({ auth, body }) => analytics.recommendHashtags(auth.userId, body.content, body.platform));
  router.authed(analyticsRoutes.contentIdeas, ({ body }) => analytics.contentIdeas(body.topic, body.platform));
  router.authed(analyticsRoutes.engagementTrend, ({ auth, query }) => analytics.engagementTrend(auth.userId, query));
  router.authed(analyticsRoutes.audienceBreakdown, ({ auth, query }) => analytics.audienceBreakdown(auth.userId, query.platform, query.metric_type));
}
