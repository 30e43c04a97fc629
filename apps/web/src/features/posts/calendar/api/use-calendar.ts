import type { CalendarItem, CalendarResponse, Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { postsQueryKey } from '../../../../lib/query-keys';

/** Under the posts key: anything that changes a post (composer, edit, delete) refreshes the calendar too. */
export const calendarQueryKey = [...postsQueryKey, 'calendar'] as const;

export interface CalendarRange {
  start: Date;
  end: Date;
  perDay: number;
  timeZone: string;
  accountId: string | undefined;
  /** One channel's posts and the drafts that chose it (docs/product.md, Channels). */
  channelId?: string | undefined;
  network: 'x' | 'linkedin' | undefined;
}

const keyOf = (range: CalendarRange) => [
  ...calendarQueryKey,
  range.start.toISOString(),
  range.end.toISOString(),
  range.perDay,
  range.timeZone,
  range.accountId ?? '',
  range.network ?? '',
  range.channelId ?? '',
];

/** GET /api/v1/calendar for what the view shows; the previous range stays on screen while the next loads. */
export function useCalendar(range: CalendarRange) {
  return useQuery({
    queryKey: keyOf(range),
    queryFn: ({ signal }) =>
      apiCall(api.calendar.items, {
        query: {
          start: range.start.toISOString(),
          end: range.end.toISOString(),
          perDay: range.perDay,
          timeZone: range.timeZone,
          ...(range.accountId ? { accountId: range.accountId } : {}),
          ...(range.channelId ? { channelId: range.channelId } : {}),
          ...(range.network ? { network: range.network } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Moves one item in every cached calendar answer (the optimistic part of a reschedule). */
function moveCached(queryClient: ReturnType<typeof useQueryClient>, id: string, scheduledAt: string) {
  queryClient.setQueriesData<CalendarResponse>({ queryKey: calendarQueryKey }, (answer) =>
    answer
      ? {
          ...answer,
          items: answer.items
            .map((item): CalendarItem => (item.id === id ? { ...item, scheduledAt, at: scheduledAt } : item))
            .sort((a, b) => a.at.localeCompare(b.at)),
        }
      : answer,
  );
}

/**
 * PATCH /api/v1/posts/:id: the item moves at once; a refusal puts it back. Every post list is read
 * again afterwards (the server may have sent it back for approval, decision 130).
 */
export function useReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scheduledAt }: { id: string; scheduledAt: string; previous: string }): Promise<{ post: Post }> =>
      apiCall(api.posts.reschedule, { params: { id }, body: { scheduledAt } }),
    onMutate: async ({ id, scheduledAt }) => {
      await queryClient.cancelQueries({ queryKey: calendarQueryKey });
      moveCached(queryClient, id, scheduledAt);
    },
    onError: (_error, { id, previous }) => moveCached(queryClient, id, previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
