import { dashboardRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { DashboardService } from './dashboard.service';

export function registerDashboardRoutes(router: Router, dashboard: DashboardService) {
  router.authed(dashboardRoutes.stats, ({ auth, query }) => dashboard.stats(auth.workspaceId, query.range, query.tz));
}
