import { api } from '@postflow/contract/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

/** docs/product.md, Workspaces · Activity log: 20 entries a page, then 'Load more'. */
export const ACTIVITY_PAGE_SIZE = 20;

export const workspaceActivityQueryKey = (workspaceId: string) => ['workspaces', workspaceId, 'activity'] as const;

/** GET /api/v1/workspaces/:id/activity, newest first, each page older than the one before. */
export function useWorkspaceActivity(workspaceId: string) {
  return useInfiniteQuery({
    queryKey: workspaceActivityQueryKey(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      apiCall(api.activity.list, {
        params: { id: workspaceId },
        query: { limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}
