import type { Slot } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelQuery } from '../../../lib/channel-param';
import { postsQueryKey } from '../../../lib/query-keys';

/** Under the posts' key: publishing, editing or deleting a post anywhere refreshes the queue too. */
export const queueQueryKey = [...postsQueryKey, 'queue'] as const;

/** How many days ahead the queue page shows. */
export const QUEUE_DAYS = 14;

/**
 * GET /api/v1/queue: every account's coming slots, free and filled; with a channel ('all' or its id), only the
 * queue of that channel's account (docs/product.md, Queue · Page).
 */
export function useQueue(channel = 'all') {
  return useQuery({
    queryKey: [...queueQueryKey, QUEUE_DAYS, channel],
    queryFn: ({ signal }) => apiCall(api.queue.list, { query: { days: QUEUE_DAYS, ...channelQuery(channel) }, signal }),
  });
}

/** Every change on the queue page reads the queue (and the post lists) again once it is done. */
function useQueueMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }) });
}

/** PUT /api/v1/accounts/:accountId/slots: the account's times, its zone, and whether its queue is paused. */
export function useSaveSlots() {
  return useQueueMutation((input: { accountId: string; timeZone: string; slots: Slot[]; paused?: boolean }) =>
    apiCall(api.queue.putSlots, {
      params: { accountId: input.accountId },
      body: { timeZone: input.timeZone, slots: input.slots, ...(input.paused === undefined ? {} : { paused: input.paused }) },
    }),
  );
}

/** POST /api/v1/queue/:id/move: into another slot; the post there, if any, swaps with it. */
export function useMoveQueued() {
  return useQueueMutation((input: { id: string; to: string }) =>
    apiCall(api.queue.move, { params: { id: input.id }, body: { to: input.to } }),
  );
}

/** Share now reuses the composer's publish-now; remove deletes the post, which frees its slot. */
export function useShareNow() {
  return useQueueMutation((id: string) => apiCall(api.posts.publishNow, { params: { id } }));
}

export function useRemoveQueued() {
  return useQueueMutation((id: string) => apiCall(api.posts.remove, { params: { id } }));
}

/** GET /api/v1/accounts/:accountId/slots/suggestions, asked for by a button. */
export function useSlotSuggestions(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queueQueryKey, 'suggestions', accountId],
    queryFn: ({ signal }) => apiCall(api.queue.suggestions, { params: { accountId }, signal }),
    enabled,
  });
}
