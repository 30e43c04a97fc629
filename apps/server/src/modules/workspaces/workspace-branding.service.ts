import type { UpdateWorkspaceBrandingRequest, Workspace } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PlanLimitsService } from '../plans/plan-limits';
import { toWorkspace } from './workspace-dto';
import { createWorkspaceBrandingRepository } from './workspace-branding.repository';
import { createWorkspacesRepository } from './workspaces.repository';
import { workspaceNotFound } from './workspaces.service';

/** White-label: a workspace's own product name, logo and accent colour (docs/decisions/133-white-label.md). */
export function createWorkspaceBrandingService(deps: { db: Database; clock: Clock; planLimits: PlanLimitsService }) {
  const { db, clock } = deps;
  return {
    /** The router has checked the role (owner or admin); the plan is checked here. */
    async update(workspaceId: string, userId: string, change: UpdateWorkspaceBrandingRequest): Promise<Workspace> {
      await deps.planLimits.requireFeature(db, workspaceId, 'whiteLabel');
      await createWorkspaceBrandingRepository(db).update(workspaceId, change, clock.now());
      const found = await createWorkspacesRepository(db).findFor(workspaceId, userId);
      if (!found) throw workspaceNotFound();
      return toWorkspace(found);
    },
  };
}
export type WorkspaceBrandingService = ReturnType<typeof createWorkspaceBrandingService>;
