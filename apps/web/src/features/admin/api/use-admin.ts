import type { PlanId } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

const adminQueryKey = ['admin'] as const;
const workspacesKey = [...adminQueryKey, 'workspaces'] as const;
const requestsKey = [...adminQueryKey, 'plan-requests'] as const;

/** GET /api/v1/admin/workspaces: 404 for anyone not in ADMIN_EMAILS, so no retry. */
export function useAdminWorkspaces() {
  return useQuery({ queryKey: workspacesKey, queryFn: () => apiCall(api.admin.workspaces), retry: false });
}

export function usePlanRequests() {
  return useQuery({ queryKey: requestsKey, queryFn: () => apiCall(api.admin.planRequests), retry: false });
}

/** PATCH /api/v1/admin/workspaces/:id; the workspace's open requests become handled, so both lists are read again. */
export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, plan }: { workspaceId: string; plan: PlanId }) =>
      apiCall(api.admin.setPlan, { params: { id: workspaceId }, body: { plan } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
