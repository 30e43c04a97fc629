import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { postsQueryKey } from '../../../../lib/query-keys';
import { mergeStatusLists } from '../lib/merge-status-lists';
import { nextRefreshIn } from '../lib/polling';

/** Under the shared posts key, so that publishing from the wizard refreshes these lists too. */
export const profilePostsQueryKey = [...postsQueryKey, 'profile'] as const;

/** Everything the Scheduled tab shows: what waits, and what went wrong and can be rescheduled. */
const UPCOMING_STATUSES = ['scheduled', 'pending', 'failed', 'missed', 'needs_reconnect'] as const;
const LIST_LIMIT = 100;

export interface ProfilePosts {
  /** Published posts, newest first. */
  published: Post[];
  /** Posts not out yet (or that failed to go out), soonest first. */
  upcoming: Post[];
}

const time = (value: string | null) => (value ? new Date(value).getTime() : Number.POSITIVE_INFINITY);

/** GET /posts once per status (the call filters by one status), read together; a post caught changing status shows once. */
async function fetchProfilePosts(signal: AbortSignal): Promise<ProfilePosts> {
  const list = (status: 'published' | (typeof UPCOMING_STATUSES)[number]) =>
    apiCall(api.posts.listPosts, { query: { status, limit: LIST_LIMIT }, signal });
  const [published, ...upcoming] = await Promise.all([list('published'), ...UPCOMING_STATUSES.map(list)]);
  const merged = mergeStatusLists(published, upcoming);
  return { published: merged.published, upcoming: merged.upcoming.sort((a, b) => time(a.scheduled_for) - time(b.scheduled_for)) };
}

/**
 * The profile's two grids. While a post is being sent or is due within a minute the lists are read
 * again every few seconds, so a post moves from Scheduled to Posts without a reload.
 */
export function useProfilePosts(sendingIds: ReadonlySet<string>) {
  return useQuery({
    queryKey: profilePostsQueryKey,
    queryFn: ({ signal }) => fetchProfilePosts(signal),
    refetchInterval: (query) => (query.state.data ? nextRefreshIn(query.state.data.upcoming, Date.now(), sendingIds) : false),
  });
}

/** Applies a change to the cached lists (an edit, a publish request, a deletion) before the next read confirms it. */
export function changeProfilePosts(queryClient: QueryClient, change: (posts: ProfilePosts) => ProfilePosts) {
  queryClient.setQueryData<ProfilePosts>(profilePostsQueryKey, (current) => (current ? change(current) : current));
}
