import { workspaceRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { WorkspaceBrandingService } from './workspace-branding.service';

export function registerWorkspaceBrandingRoutes(router: Router, branding: WorkspaceBrandingService) {
  router.authed(workspaceRoutes.branding, ({ auth, body }) => branding.update(auth.workspaceId, auth.userId, body));
}
