import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/query-keys';

/** Spec §9: the dashboard shows the 5 most recent posts. */
export const RECENT_POSTS_LIMIT = 5;

/** GET /content/recent?limit=5. Spec §8: a failure shows an empty list (a 5xx is logged by the client). */
export function useRecentPosts() {
  return useQuery({
    queryKey: [...postsQueryKey, 'recent', RECENT_POSTS_LIMIT],
    queryFn: ({ signal }) => apiCall(api.posts.recent, { query: { limit: RECENT_POSTS_LIMIT }, signal }),
    select: (answer) => answer.contents,
  });
}
