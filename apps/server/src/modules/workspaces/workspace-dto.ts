import type { Workspace } from '@postflow/contract';
import { planAllowsWhiteLabel } from '../plans/white-label';
import type { WorkspaceRow } from './workspaces.repository';

/**
 * A workspace as the API answers it. Its branding shows only while its plan includes white-label:
 * a downgraded workspace keeps what it set, unseen, until it upgrades again (docs/decisions/133-white-label.md).
 */
export function toWorkspace(row: WorkspaceRow): Workspace {
  const { plan, productName, logoUrl, accentColor, ...workspace } = row;
  const branded = planAllowsWhiteLabel(plan) && (productName !== null || logoUrl !== null || accentColor !== null);
  return { ...workspace, branding: branded ? { productName, logoUrl, accentColor } : null };
}
