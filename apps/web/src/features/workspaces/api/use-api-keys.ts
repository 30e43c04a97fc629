import type { ApiKey, CreateApiKeyRequest } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/query-keys';

export const apiKeysQueryKey = (workspaceId: string) => [...workspacesQueryKey, workspaceId, 'api-keys'] as const;

/** GET /api/v1/api-keys: the caller's keys in the current workspace, and everyone's for owners and admins. */
export function useApiKeys(workspaceId: string) {
  return useQuery({
    queryKey: apiKeysQueryKey(workspaceId),
    queryFn: ({ signal }) => apiCall(api.apiKeys.list, { signal }),
    select: (answer) => answer.apiKeys,
  });
}

/** POST /api/v1/api-keys: the answer carries the key, the only time it is ever shown. */
export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => apiCall(api.apiKeys.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(workspaceId) }),
  });
}

/** DELETE /api/v1/api-keys/:id: the key stops working at once. */
export function useRevokeApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) => apiCall(api.apiKeys.revoke, { params: { id: key.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(workspaceId) }),
  });
}
