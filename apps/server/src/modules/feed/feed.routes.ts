import { dashboardRoutes, feedbackRoutes, feedRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { DashboardService } from '../dashboard/dashboard.service';
import type { FeedbackService } from '../feedback/feedback.service';
import type { FeedService } from './feed.service';

export function registerFeedRoutes(router: Router, deps: { feed: FeedService; dashboard: DashboardService; feedback: FeedbackService }) {
  router.authed(feedRoutes.personal, ({ auth, query }) => deps.feed.personal(auth.userId, query));
  router.authed(feedRoutes.user, ({ auth, params, query }) => deps.feed.ofUser(auth.userId, params.id, query));
  router.authed(dashboardRoutes.stats, ({ auth, query }) => deps.dashboard.stats(auth.userId, query.range));

  router.authed(feedbackRoutes.send, async ({ auth, body }) => {
    await deps.feedback.submit(auth.userId, body);
    return { ok: true as const };
  });
  router.authed(feedbackRoutes.sendWithoutSlash, async ({ auth, body }) => {
    await deps.feedback.submit(auth.userId, body);
    return { ok: true as const };
  });
}
