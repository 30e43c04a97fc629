import type { WorkspaceRole } from '@postflow/contract';

const labels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
const articles: Record<WorkspaceRole, string> = { owner: 'an owner', admin: 'an admin', editor: 'an editor', viewer: 'a viewer' };

export const roleLabel = (role: WorkspaceRole) => labels[role];

/** 'an editor': the role as a sentence names it. */
export const roleWithArticle = (role: WorkspaceRole) => articles[role];

/** The roles someone may hand out: owners any, admins all but owner. */
export function roleOptions(actorRole: WorkspaceRole): Array<{ value: WorkspaceRole; label: string }> {
  const roles: WorkspaceRole[] = actorRole === 'owner' ? ['owner', 'admin', 'editor', 'viewer'] : ['admin', 'editor', 'viewer'];
  return roles.map((role) => ({ value: role, label: labels[role] }));
}
