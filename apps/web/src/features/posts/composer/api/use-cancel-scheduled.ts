import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../../../../lib/api-client';
import { postsQueryKey, profileDetailsQueryKey } from '../../../../lib/query-keys';

/**
 * Undo of a schedule: deletes each network's copy of the post just scheduled. The server refuses one that is already
 * going out (409), so Undo never takes back something a network has (docs/decisions/122). A plain function rather
 * than a mutation: it runs from a message after the composer has gone, and a mutation's callbacks die with it.
 */
export function useCancelScheduled(): (posts: readonly Post[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (posts) => {
      try {
        for (const post of posts) await apiCall(api.posts.remove, { params: { id: post.id } });
      } finally {
        void queryClient.invalidateQueries({ queryKey: postsQueryKey });
        void queryClient.invalidateQueries({ queryKey: profileDetailsQueryKey });
      }
    },
    [queryClient],
  );
}
