import { analyticsRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { CollectionService } from './collection/collection.service';
import type { InsightsService } from './insights/insights.service';
import type { ReportingService } from './reporting/reporting.service';

export function registerAnalyticsRoutes(
  router: Router,
  deps: { reporting: ReportingService; collection: CollectionService; insights: InsightsService },
) {
  const { reporting, collection, insights } = deps;
  router.authed(analyticsRoutes.summary, ({ auth, query }) => reporting.summary(auth.workspaceId, query));
  router.authed(analyticsRoutes.metrics, ({ auth, query }) => reporting.metrics(auth.workspaceId, query));
  router.authed(analyticsRoutes.postHistory, ({ auth, params }) => reporting.postHistory(auth.workspaceId, params.id));
  router.authed(analyticsRoutes.engagementTrend, ({ auth, query }) => reporting.engagementTrend(auth.workspaceId, query));
  router.authed(analyticsRoutes.audienceBreakdown, ({ auth, query }) =>
    reporting.audienceBreakdown(auth.workspaceId, query.platform, query.metric_type),
  );
  router.authed(analyticsRoutes.sync, ({ auth, body }) => collection.requestSync(auth.workspaceId, body.platform, body.sync_type));
  router.authed(analyticsRoutes.syncStatus, ({ auth, query }) => collection.syncStatus(auth.workspaceId, query.platform));
  router.authed(analyticsRoutes.insights, async ({ auth, query }) => ({ insights: await insights.listInsights(auth.workspaceId, query) }));
  router.authed(analyticsRoutes.markRead, async ({ auth, params }) => ({
    insight: await insights.markInsight(auth.workspaceId, params.id, 'is_read'),
  }));
  router.authed(analyticsRoutes.markApplied, async ({ auth, params }) => ({
    insight: await insights.markInsight(auth.workspaceId, params.id, 'is_applied'),
  }));
  router.authed(analyticsRoutes.generateInsights, ({ auth, body }) => insights.requestInsights(auth, body.platform));
  router.authed(analyticsRoutes.optimalTimes, ({ auth, query }) => insights.optimalTimes(auth, query.platform, query.channelId));
  router.authed(analyticsRoutes.recommendHashtags, ({ auth, body }) =>
    insights.recommendHashtags(auth.workspaceId, body.content, body.platform),
  );
  router.authed(analyticsRoutes.contentIdeas, ({ body }) => insights.contentIdeas(body.topic, body.platform));
}
