import { activityRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { ActivityService } from './activity.service';

export function registerActivityRoutes(router: Router, activity: ActivityService) {
  router.authed(activityRoutes.list, ({ auth, query }) => activity.page(auth.workspaceId, auth.role, query));
}
