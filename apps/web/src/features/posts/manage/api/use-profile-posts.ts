import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '../../../../lib/api-client';
import { channelQuery } from '../../../../lib/channel-param';
import { postsQueryKey } from '../../../../lib/query-keys';
import { mergeStatusLists } from '../lib/merge-status-lists';
import { nextRefreshIn } from '../lib/polling';

/** Under the shared posts key, so that publishing from the wizard refreshes these lists too. */
export const profilePostsQueryKey = [...postsQueryKey, 'profile'] as const;

/** Everything the Scheduled tab shows: what waits (for its time or for approval), and what went wrong and can be rescheduled. */
const UPCOMING_STATUSES = 'scheduled,pending,failed,missed,needs_reconnect,pending_approval,rejected';
/** Posts waiting or needing attention are few; more than this is a list nobody reads on a profile. */
const UPCOMING_LIMIT = 100;
/** docs/product.md, Profile · Post lists: published cards come 24 at a time, with 'Load more'. */
export const PUBLISHED_PAGE_SIZE = 24;

export interface ProfilePosts {
  /** Published posts, newest first. */
  published: Post[];
  /** Posts not out yet (or that failed to go out), soonest first; read with the first page only. */
  upcoming: Post[];
}

interface ProfilePostsPage extends ProfilePosts {
  /** Whether the server has published posts past this page. */
  more: boolean;
}

const time = (value: string | null) => (value ? new Date(value).getTime() : Number.POSITIVE_INFINITY);

/**
 * One page of published posts (one more is asked for, to know whether another page exists) and, with the first,
 * every upcoming post: two calls, side by side. A post caught changing status between them shows once.
 */
async function fetchPage(offset: number, channel: string, signal: AbortSignal): Promise<ProfilePostsPage> {
  const only = channelQuery(channel);
  const [published, upcoming] = await Promise.all([
    apiCall(api.posts.listPosts, { query: { status: 'published', limit: PUBLISHED_PAGE_SIZE + 1, offset, ...only }, signal }),
    offset === 0 ? apiCall(api.posts.listPosts, { query: { status: UPCOMING_STATUSES, limit: UPCOMING_LIMIT, ...only }, signal }) : [],
  ]);
  const merged = mergeStatusLists(published.slice(0, PUBLISHED_PAGE_SIZE), [upcoming]);
  return {
    published: merged.published,
    upcoming: merged.upcoming.sort((a, b) => time(a.scheduled_for) - time(b.scheduled_for)),
    more: published.length > PUBLISHED_PAGE_SIZE,
  };
}

/** The pages as the grids show them: every loaded published post once, and the first page's upcoming posts. */
function flatten(data: InfiniteData<ProfilePostsPage, unknown>): ProfilePosts {
  const seen = new Set<string>();
  const published = data.pages.flatMap((page) => page.published).filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
  return { published, upcoming: data.pages[0]?.upcoming ?? [] };
}

/**
 * The profile's two grids, of every channel or one ('all' or its id). While a post is being sent or is due within a
 * minute the lists are read again every few seconds, so a post moves from Scheduled to Posts without a reload.
 */
export function useProfilePosts(sendingIds: ReadonlySet<string>, channel = 'all') {
  const query = useInfiniteQuery({
    queryKey: [...profilePostsQueryKey, channel],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, channel, signal),
    getNextPageParam: (last, pages) => (last.more ? pages.length * PUBLISHED_PAGE_SIZE : undefined),
    refetchInterval: (state) => {
      const first = state.state.data?.pages[0];
      return first ? nextRefreshIn(first.upcoming, Date.now(), sendingIds) : false;
    },
  });
  const data = useMemo(() => (query.data ? flatten(query.data) : undefined), [query.data]);
  return { ...query, data };
}

/** Applies a change to the cached lists of every channel (an edit, a publish request, a deletion) before the next read confirms it. */
export function changeProfilePosts(queryClient: QueryClient, change: (posts: ProfilePosts) => ProfilePosts) {
  queryClient.setQueriesData<InfiniteData<ProfilePostsPage, unknown>>({ queryKey: profilePostsQueryKey }, (current) =>
    current ? { ...current, pages: current.pages.map((page) => ({ ...page, ...change(page) })) } : current,
  );
}
