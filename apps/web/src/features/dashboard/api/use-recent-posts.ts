import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/query-keys';

/** docs/product.md, Dashboard · Figures: the dashboard shows the 5 most recent posts. */
export const RECENT_POSTS_LIMIT = 5;

/** GET /content/recent?limit=5. A failure shows an empty list (docs/product.md, Dashboard · States and messages) (a 5xx is logged by the client). */
export function useRecentPosts() {
  return useQuery({
    queryKey: [...postsQueryKey, 'recent', RECENT_POSTS_LIMIT],
    queryFn: ({ signal }) => apiCall(api.posts.recent, { query: { limit: RECENT_POSTS_LIMIT }, signal }),
    select: (answer) => answer.contents,
  });
}
