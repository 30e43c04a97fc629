import type { CreateWebhookRequest, UpdateWebhookRequest } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/query-keys';

export const webhooksQueryKey = (workspaceId: string) => [...workspacesQueryKey, workspaceId, 'webhooks'] as const;
const deliveriesQueryKey = (workspaceId: string, webhookId: string) => [...webhooksQueryKey(workspaceId), webhookId, 'deliveries'] as const;

/** GET /api/v1/webhooks: the current workspace's endpoints (owners and admins only). */
export function useWebhooks(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhooksQueryKey(workspaceId),
    queryFn: ({ signal }) => apiCall(api.webhooks.list, { signal }),
    select: (answer) => answer.webhooks,
    enabled,
  });
}

/** Every change to an endpoint refreshes the list. */
function useWebhookMutation<A, R>(workspaceId: string, call: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
  });
}

export const useCreateWebhook = (workspaceId: string) =>
  useWebhookMutation(workspaceId, (body: CreateWebhookRequest) => apiCall(api.webhooks.create, { body }));

export const useUpdateWebhook = (workspaceId: string) =>
  useWebhookMutation(workspaceId, ({ id, change }: { id: string; change: UpdateWebhookRequest }) =>
    apiCall(api.webhooks.update, { params: { id }, body: change }),
  );

export const useDeleteWebhook = (workspaceId: string) =>
  useWebhookMutation(workspaceId, (id: string) => apiCall(api.webhooks.remove, { params: { id } }));

export const useRotateWebhookSecret = (workspaceId: string) =>
  useWebhookMutation(workspaceId, (id: string) => apiCall(api.webhooks.rotateSecret, { params: { id } }));

/** GET /api/v1/webhooks/:id/deliveries, looked at again every few seconds while pending deliveries are retried. */
export function useWebhookDeliveries(workspaceId: string, webhookId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(workspaceId, webhookId),
    queryFn: ({ signal }) => apiCall(api.webhooks.deliveries, { params: { id: webhookId }, signal }),
    select: (answer) => answer.deliveries,
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 3_000 : false),
  });
}

/** Sending a test or redelivering adds to the endpoint's log. */
function useDeliveryMutation<A, R>(workspaceId: string, webhookId: string, call: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(workspaceId, webhookId) }),
  });
}

export const useSendTestWebhook = (workspaceId: string, webhookId: string) =>
  useDeliveryMutation(workspaceId, webhookId, () => apiCall(api.webhooks.test, { params: { id: webhookId } }));

export const useRedeliverWebhook = (workspaceId: string, webhookId: string) =>
  useDeliveryMutation(workspaceId, webhookId, (deliveryId: string) =>
    apiCall(api.webhooks.redeliver, { params: { id: webhookId, deliveryId } }),
  );
