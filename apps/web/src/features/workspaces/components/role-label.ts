import type { WorkspaceRole } from '@postflow/contract/client';

export const roleLabel: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
