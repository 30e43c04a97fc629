import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { countByStage, FEED_ORDER, FEED_TIME } from '../feed/feed.repository';
import { TARGET_ENGAGEMENTS } from '../publishing/targets.repository';

export interface BestPostRow {
  id: string;
  network: Network;
  text: string;
  publishedAt: Date;
  networkPostUrl: string | null;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  impressionsCount: number | null;
}

/** The dashboard's figures, read from posts' targets and the kept counts the feed uses too. */
export function createDashboardRepository(db: Queryable) {
  return {
    /** Targets waiting to go out: scheduled, or being sent right now. */
    upcomingCount(workspaceId: string): Promise<number> {
      return countByStage(db, workspaceId, ['waiting'], undefined);
    },

    /**
     * Targets planned ahead (scheduled at least a minute after they were created), by the period
     * they were created in. A target created at or after `previousStart` has its feed time after
     * that too (it cannot go out before it exists), which bounds the scan to recent rows.
     */
    async scheduledAheadPeriods(
      workspaceId: string,
      bounds: { previousStart: Date; currentStart: Date },
    ): Promise<{ current: number; previous: number }> {
      const { rows } = await db.query<{ current: number; previous: number }>(
        `SELECT count(*) FILTER (WHERE t.created_at >= $3)::int AS current, count(*) FILTER (WHERE t.created_at < $3)::int AS previous
         FROM post_targets t
         WHERE t.workspace_id = $1 AND t.kind = 'post' AND ${FEED_TIME} >= $2 AND t.created_at >= $2
           AND t.scheduled_at >= t.created_at + interval '1 minute'`,
        [workspaceId, bounds.previousStart, bounds.currentStart],
      );
      return rows[0] ?? { current: 0, previous: 0 };
    },

    /** The published post of the period with the most likes, comments and shares (the newest on a tie). */
    async bestPost(workspaceId: string, bounds: { start: Date; end: Date }): Promise<BestPostRow | undefined> {
      const { rows } = await db.query<BestPostRow>(
        `SELECT t.id, t.network, t.text, t.published_at AS "publishedAt", t.network_post_url AS "networkPostUrl",
           t.likes_count AS "likesCount", t.comments_count AS "commentsCount", t.shares_count AS "sharesCount",
           t.impressions_count AS "impressionsCount"
         FROM post_targets t
         WHERE t.workspace_id = $1 AND t.kind = 'post' AND t.status = 'published' AND ${FEED_TIME} >= $2 AND ${FEED_TIME} < $3 AND ${TARGET_ENGAGEMENTS} > 0
         ORDER BY ${TARGET_ENGAGEMENTS} DESC, ${FEED_ORDER}
         LIMIT 1`,
        [workspaceId, bounds.start, bounds.end],
      );
      return rows[0];
    },

    /** docs/product.md, Shared rules · Networks: an account with a network id counts as connected (one waiting for a reconnect too, as in the accounts list). */
    async connectedAccountsCount(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM social_accounts WHERE workspace_id = $1', [
        workspaceId,
      ]);
      return rows[0]?.n ?? 0;
    },
  };
}
