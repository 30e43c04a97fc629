import { feedbackRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { FeedbackService } from './feedback.service';

export function registerFeedbackRoutes(router: Router, feedback: FeedbackService) {
  // The same call answers with and without the trailing slash, for clients that drop it.
  for (const route of [feedbackRoutes.send, feedbackRoutes.sendWithoutSlash]) {
    router.authed(route, async ({ auth, body }) => {
      await feedback.submit(auth.userId, body);
      return { ok: true as const };
    });
  }
}
