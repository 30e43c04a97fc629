import { api, apiKeyScopeRoles, apiKeyScopes, roleAllows, type ApiKeyScope, type WorkspaceRole } from '@postflow/contract/client';
import { roleWithArticle } from '../roles';

/** What each scope lets a key do, in the words of docs/product.md, Settings · API keys. */
export const scopeDescriptions: Record<ApiKeyScope, string> = {
  'posts:read': 'Read posts, drafts, the calendar and the queue',
  'posts:write': 'Create, schedule, edit and delete posts; upload media',
  'analytics:read': 'Read analytics and the dashboard',
  'channels:read': 'List connected channels',
};

export interface ScopeOption {
  scope: ApiKeyScope;
  description: string;
  /** Why the person cannot give a key this scope (a key never does more than its maker), or null. */
  unavailable: string | null;
}

/** The scopes in the contract's order, with those the person's role cannot grant marked and explained. */
export function scopeOptions(role: WorkspaceRole): ScopeOption[] {
  return apiKeyScopes.map((scope) => ({
    scope,
    description: scopeDescriptions[scope],
    unavailable: roleAllows(role, apiKeyScopeRoles[scope])
      ? null
      : `Needs ${roleWithArticle(apiKeyScopeRoles[scope])} or above: you are ${roleWithArticle(role)} here, and a key can do only what you can.`,
  }));
}

/** A first call for a new key that its scopes allow and that changes nothing, with what it answers. */
export function firstCall(scopes: readonly ApiKeyScope[]): { path: string; answers: string } | null {
  if (scopes.includes('channels:read')) return { path: api.channels.list.path, answers: "lists the workspace's channels" };
  if (scopes.includes('posts:read')) return { path: api.posts.listPosts.path, answers: "lists the workspace's posts" };
  if (scopes.includes('analytics:read')) return { path: api.dashboard.stats.path, answers: "reads the workspace's dashboard figures" };
  return null;
}
