import { api, DRAFTS_PER_WORKSPACE } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { draftsQueryKey } from '../../../lib/query-keys';

/** Every draft of the workspace (it keeps at most DRAFTS_PER_WORKSPACE), the most recently changed first. */
export function useDrafts() {
  return useQuery({
    queryKey: [...draftsQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.drafts.list, { query: { limit: DRAFTS_PER_WORKSPACE }, signal }),
  });
}

/** How many drafts the workspace has: the sidebar's count, read again after every save that adds or removes one. */
export function useDraftCount(enabled = true) {
  return useQuery({
    queryKey: [...draftsQueryKey, 'count'],
    queryFn: ({ signal }) => apiCall(api.drafts.list, { query: { limit: 1 }, signal }),
    select: (answer) => answer.total,
    enabled,
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(api.drafts.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftsQueryKey }),
  });
}
