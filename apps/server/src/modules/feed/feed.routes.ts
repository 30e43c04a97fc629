import { feedRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { FeedService } from './feed.service';

export function registerFeedRoutes(router: Router, feed: FeedService) {
  router.authed(feedRoutes.personal, ({ auth, query }) => feed.personal(auth.workspaceId, query));
  router.authed(feedRoutes.user, ({ auth, params, query }) => feed.ofUser(auth, params.id, query));
}
