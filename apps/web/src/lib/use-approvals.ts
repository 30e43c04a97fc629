import type { Post } from '@postflow/contract';
import { api, roleAllows } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { postsQueryKey } from './query-keys';

/** Where the app shell keeps the current workspace's id (docs/product.md, Workspaces). */
const CURRENT_WORKSPACE_KEY = 'postflow.workspace';

function currentWorkspaceId(): string | null {
  try {
    return localStorage.getItem(CURRENT_WORKSPACE_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether the signed-in person may approve posts in the current workspace (owner or admin). Only
 * hides or shows the buttons: the server checks the role on every call.
 */
export function useCanApprove(): boolean {
  const { data } = useQuery({
    queryKey: ['workspaces'],
    queryFn: ({ signal }) => apiCall(api.workspaces.list, { signal }),
    staleTime: 60_000,
  });
  if (!data) return false;
  const id = currentWorkspaceId();
  const current = data.workspaces.find((workspace) => workspace.id === id) ?? data.workspaces.find((workspace) => workspace.personal);
  return current ? roleAllows(current.role, 'admin') : false;
}

/** POST /api/v1/posts/:id/approve or /reject: every list of posts is read again, so the post moves at once. */
export function useDecidePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: { approve: true } | { reason: string } }): Promise<{ posts: Post[] }> =>
      'approve' in decision
        ? apiCall(api.posts.approve, { params: { id } })
        : apiCall(api.posts.reject, { params: { id }, body: { reason: decision.reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
