import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/query-keys';

/** GET /api/v1/invitations/:token: what the link offers, or why it no longer works (404/410). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => apiCall(api.members.invitation, { params: { token }, signal }),
    retry: false,
  });
}

/** POST /api/v1/invitations/:token/accept: answers the workspace joined. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(api.members.accept, { params: { token } }),
    // The switcher's list now has one more workspace.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
