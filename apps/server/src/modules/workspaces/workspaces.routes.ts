import { workspaceRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { WorkspacesService } from './workspaces.service';

export function registerWorkspaceRoutes(router: Router, workspaces: WorkspacesService) {
  router.authed(workspaceRoutes.list, async ({ auth }) => ({ workspaces: await workspaces.list(auth.userId) }));
  router.authed(workspaceRoutes.create, ({ auth, body }) => workspaces.create(auth.userId, body));
  router.authed(workspaceRoutes.update, ({ auth, body }) => workspaces.update(auth.workspaceId, auth.userId, body));
  router.authed(workspaceRoutes.remove, async ({ auth }) => {
    await workspaces.remove(auth.workspaceId);
    return null;
  });
  router.authed(workspaceRoutes.leave, async ({ auth }) => {
    await workspaces.leave(auth.workspaceId, auth.userId);
    return null;
  });
}
