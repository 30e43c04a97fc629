import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { postsQueryKey } from './query-keys';
import { useWorkspace } from './workspace';

/**
 * Whether the signed-in person may approve posts in the current workspace (owner or admin). Only
 * hides or shows the buttons: the server checks the role on every call.
 */
export function useCanApprove(): boolean {
  return useWorkspace().can('admin');
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
