import type { Workspace } from '@postflow/contract';
import type { WorkspaceRow } from './workspaces.repository';

/**
 * A workspace as the API answers it, with its branding once set: setting it is what the plan allows
 * (docs/decisions/133-white-label.md).
 */
export function toWorkspace(row: WorkspaceRow): Workspace {
  const { productName, logoUrl, accentColor, ...workspace } = row;
  const branded = productName !== null || logoUrl !== null || accentColor !== null;
  return { ...workspace, branding: branded ? { productName, logoUrl, accentColor } : null };
}
