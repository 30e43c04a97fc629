import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';
import { DAY_MS } from '../../../lib/clock';
import { TARGET_ENGAGEMENTS } from '../../publishing/targets.repository';
import type { FigureRow } from '../reporting/day-figures';

const utcMidnightAtOrBefore = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const utcMidnightAtOrAfter = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Whose published posts a figure adds up: the workspace's on every network or one, or one channel's
 * (docs/decisions/151-channels-in-every-view.md). Another workspace's channel adds up nothing.
 */
export interface PostScope {
  network?: Network | undefined;
  channelId?: string | undefined;
}

/** The sums of post_daily_delta (migration 0013) over the posts `t`, so every way of reading the figures counts a post the same way. */
const TARGET_SUMS = `count(*) AS posts, coalesce(sum(coalesce(t.impressions_count, 0)), 0) AS impressions,
  coalesce(sum(t.likes_count), 0) AS likes, coalesce(sum(t.comments_count), 0) AS comments, coalesce(sum(t.shares_count), 0) AS shares,
  coalesce(sum(coalesce(t.clicks_count, 0)), 0) AS clicks,
  coalesce(sum(${TARGET_ENGAGEMENTS}) FILTER (WHERE t.impressions_count > 0), 0) AS "ratedEngagements",
  coalesce(sum(t.impressions_count) FILTER (WHERE t.impressions_count > 0), 0) AS "ratedImpressions",
  max(t.metrics_updated_at) AS "lastMetricsAt"`;

/** A person's published posts from `start` up to `end`, on post_targets_user_status_idx (0004); $1 user, $2 network or NULL. */
const edge = (start: string, end: string) => `
  SELECT * FROM post_targets t
  WHERE t.workspace_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2)
    AND coalesce(t.published_at, t.scheduled_at) >= ${start} AND coalesce(t.published_at, t.scheduled_at) < ${end}`;

/**
 * The published posts of any span of time, added up per network, without reading every post in it: the whole
 * UTC days inside the span come from post_daily_figures (migration 0013, two rows a day at most), and only
 * the hours before the first and after the last whole UTC day (a person's midnight is rarely UTC's) are
 * added up from the posts themselves, on post_targets_user_status_idx. The columns are post_daily_delta's,
 * so both halves count a post the same way.
 */
export function createFiguresRepository(db: Queryable) {
  /**
   * One channel's posts of a span, added up from the posts themselves along post_targets_channel_recent_idx
   * (migration 0034): the per-day sums are kept per network only (docs/decisions/146-channels.md).
   */
  async function publishedOfChannel(workspaceId: string, scope: PostScope, span: { start: Date; end: Date }): Promise<FigureRow[]> {
    const { rows } = await db.query<FigureRow>(
      `SELECT t.network, ${TARGET_SUMS}
       FROM post_targets t
       WHERE t.channel_id = $2 AND t.workspace_id = $1 AND t.status = 'published' AND ($3::text IS NULL OR t.network = $3)
         AND coalesce(t.published_at, t.scheduled_at) >= $4 AND coalesce(t.published_at, t.scheduled_at) < $5
       GROUP BY t.network`,
      [workspaceId, scope.channelId, scope.network ?? null, span.start, span.end],
    );
    return rows;
  }

  return {
    async published(workspaceId: string, scope: PostScope, span: { start: Date; end: Date }): Promise<FigureRow[]> {
      if (scope.channelId) return publishedOfChannel(workspaceId, scope, span);
      const network = scope.network;
      const firstWhole = utcMidnightAtOrAfter(span.start);
      const afterWhole = utcMidnightAtOrBefore(span.end);
      const whole = firstWhole < afterWhole;
      // Without a whole UTC day inside, the span is read from the posts in one piece.
      const head = whole ? { start: span.start, end: firstWhole } : span;
      const tail = whole ? { start: afterWhole, end: span.end } : { start: span.end, end: span.end };
      const { rows } = await db.query<FigureRow>(
        `SELECT f.network, f.posts, f.impressions, f.likes, f.comments, f.shares, f.clicks,
           f.rated_engagements AS "ratedEngagements", f.rated_impressions AS "ratedImpressions", f.last_metrics_at AS "lastMetricsAt"
         FROM post_daily_figures f
         WHERE f.workspace_id = $1 AND ($2::text IS NULL OR f.network = $2) AND f.day >= $3::date AND f.day < $4::date
         UNION ALL
         SELECT t.network, ${TARGET_SUMS}
         -- Each edge is its own range on the index, rather than one OR the planner could read as every published post.
         FROM (${edge('$5', '$6')} UNION ALL ${edge('$7', '$8')}) t
         GROUP BY t.network`,
        [
          workspaceId,
          network ?? null,
          utcDay(firstWhole),
          whole ? utcDay(afterWhole) : utcDay(firstWhole),
          head.start,
          head.end,
          tail.start,
          tail.end,
        ],
      );
      return rows;
    },

    /**
     * Engagements per quarter of an hour (its first instant), for days in any zone: every zone's midnight falls on
     * a quarter of an hour, so the caller can put each quarter on the person's day without PostgreSQL knowing the zone.
     */
    async engagementsPerQuarterHour(
      workspaceId: string,
      scope: PostScope,
      span: { start: Date; end: Date },
    ): Promise<Array<{ at: Date; engagements: number }>> {
      const { rows } = await db.query<{ at: Date; engagements: number }>(
        `SELECT to_timestamp(floor(extract(epoch FROM coalesce(t.published_at, t.scheduled_at)) / 900) * 900) AS at,
           sum(${TARGET_ENGAGEMENTS})::bigint AS engagements
         FROM post_targets t
         WHERE t.workspace_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2)
           AND ($5::uuid IS NULL OR t.channel_id = $5)
           AND coalesce(t.published_at, t.scheduled_at) >= $3 AND coalesce(t.published_at, t.scheduled_at) < $4
         GROUP BY 1`,
        [workspaceId, scope.network ?? null, span.start, span.end, scope.channelId ?? null],
      );
      return rows;
    },
  };
}
