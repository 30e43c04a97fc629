import { FEED_COUNT_HORIZON, feedBound, type FeedQuery, type FeedResponse } from '@postflow/contract';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { TargetStatus } from '../publishing/targets.repository';
import { toFeedPost } from './feed-dto';
import { loadChains } from '../posts/thread-view';
import type { FeedRow } from './feed.repository';
import { createFeedRepository, type FeedFilter } from './feed.repository';
import type { HistoryStart } from '../plans/plan-limits';

/** 'scheduled' on the feed means "not out yet": waiting, or being sent right now (pending on the wire). */
const statusesFor: Record<FeedQuery['status'], TargetStatus[] | undefined> = {
  all: undefined,
  published: ['published'],
  scheduled: ['scheduled', 'publishing'],
  pending_approval: ['pending_approval'],
};

/** The later of two optional instants: the start asked for, and the plan's history start. */
const laterOf = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

export function createFeedService(deps: { db: Database; publicUrl: string; historyStart: HistoryStart }) {
  const repository = createFeedRepository(deps.db);
  const mediaUrl = (id: string) => `${deps.publicUrl}/media/${id}`;
  /** Each thread's parts and each post's first comment, for the whole page in one query. */
  async function toPosts(rows: readonly FeedRow[]) {
    const chains = await loadChains(
      deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toFeedPost(row, mediaUrl, chains));
  }

  async function page(workspaceId: string, filter: FeedFilter, paging: { limit: number; offset: number }): Promise<FeedResponse> {
    const exact = await repository.pageWithTotal(workspaceId, filter, paging);
    if (exact) return { posts: await toPosts(exact.rows), total_count: exact.total, total_count_exact: true };
    // With dates, two statements on two pool connections at once: the page walks the index, the count scans its range.
    const [rows, total] = await Promise.all([
      repository.page(workspaceId, filter, paging),
      repository.count(workspaceId, filter, paging.offset + FEED_COUNT_HORIZON),
    ]);
    return { posts: await toPosts(rows), total_count: total.count, total_count_exact: total.exact };
  }

  return {
    /** GET /api/v1/social/feed: the signed-in user's posts, filtered (the query was validated by the contract). */
    async personal(workspaceId: string, query: FeedQuery): Promise<FeedResponse> {
      const asked = query.start_date ? feedBound(query.start_date, query.tz, 'start')?.instant : undefined;
      const from = laterOf(asked, await deps.historyStart(workspaceId));
      const until = query.end_date ? feedBound(query.end_date, query.tz, 'end') : undefined;
      return page(
        workspaceId,
        {
          statuses: statusesFor[query.status],
          network: query.platform === 'all' ? undefined : query.platform,
          channelId: query.channelId,
          from,
          until,
        },
        query,
      );
    },

    /**
     * GET /api/v1/social/users/:id/feed. Profiles are private until public profiles exist: another
     * person's id answers exactly as an unknown id does, so ids cannot be probed.
     */
    /** A person's own feed: the current workspace's posts, asked for by the caller's own id. */
    async ofUser(
      caller: { userId: string; workspaceId: string },
      userId: string,
      paging: { limit: number; offset: number },
    ): Promise<FeedResponse> {
      if (userId.toLowerCase() !== caller.userId.toLowerCase()) throw notFound('No feed to show for that user.');
      const from = await deps.historyStart(caller.workspaceId);
      return page(caller.workspaceId, { statuses: undefined, network: undefined, from, until: undefined }, paging);
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
