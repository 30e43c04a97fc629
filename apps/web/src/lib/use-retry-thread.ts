import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { postsQueryKey } from './query-keys';

/**
 * POST /api/v1/posts/:id/retry: a thread resumes from its first part not on the network (or a failed
 * first comment is sent again); every list of posts is read again (docs/decisions/155-threads.md).
 */
export function useRetryThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fromPart }: { id: string; fromPart?: number }): Promise<{ post: Post }> =>
      apiCall(api.posts.retry, { params: { id }, body: fromPart === undefined ? {} : { fromPart } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
