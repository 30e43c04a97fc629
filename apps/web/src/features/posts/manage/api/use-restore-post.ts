import { api } from '@postflow/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../../../../lib/api-client';
import { postsQueryKey, profileDetailsQueryKey } from '../../../../lib/query-keys';
import type { DisplayPost } from '../lib/post-display';

/**
 * Undo of a delete: the same text, network, time, zone and LinkedIn page scheduled again (POST /posts). A plain
 * function, not a mutation: it runs from a message that may outlive the profile screen.
 */
export function useRestorePost(): (post: DisplayPost) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    async (post) => {
      try {
        const answer = await apiCall(api.posts.createPost, {
          body: {
            text: post.content,
            platforms: [post.platform === 'linkedin' ? 'linkedin' : 'x'],
            scheduledFor: post.scheduledFor ?? undefined,
            timeZone: post.timeZone,
            linkedInOrgId: post.linkedInOrgId ?? '',
          },
        });
        return answer.scheduleTime;
      } finally {
        void queryClient.invalidateQueries({ queryKey: postsQueryKey });
        void queryClient.invalidateQueries({ queryKey: profileDetailsQueryKey });
      }
    },
    [queryClient],
  );
}
