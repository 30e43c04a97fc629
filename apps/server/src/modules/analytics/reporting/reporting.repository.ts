import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';
import { DAY_MS } from '../../../lib/clock';
import { TARGET_ENGAGEMENTS } from '../../publishing/targets.repository';
import { AUTHOR_COLUMNS, type AuthorFields } from '../../posts/post-author';
import type { DayFigures } from './day-figures';

/**
 * A person's published posts on whole UTC days, both ends included (ISO dates), optionally on one network;
 * with `span`, only those published inside it (a person's days rarely start at UTC midnight).
 */
export interface Range {
  workspaceId: string;
  network: Network | undefined;
  /** One channel's posts (docs/decisions/151-channels-in-every-view.md); ranked from the posts, with `span`. */
  channelId?: string | undefined;
  firstDay: string;
  lastDay: string;
  span?: { start: Date; end: Date } | undefined;
}

export interface PostFigures extends AuthorFields {
  id: string;
  network: Network;
  text: string;
  publishedAt: Date | null;
  platformUrl: string | null;
  impressions: number | null;
  likes: number;
  comments: number;
  shares: number;
  clicks: number | null;
  metricsUpdatedAt: Date | null;
}

const figures = `t.id, t.network, t.text, t.published_at AS "publishedAt", t.network_post_url AS "platformUrl",
  t.impressions_count AS impressions, t.likes_count AS likes, t.comments_count AS comments, t.shares_count AS shares,
  t.clicks_count AS clicks, t.metrics_updated_at AS "metricsUpdatedAt", t.linkedin_org_id AS "linkedinOrgId", ${AUTHOR_COLUMNS}`;
/** The account behind each row, for who it went out as (post-author.ts). */
const withAccount = 'LEFT JOIN social_accounts a ON a.id = t.account_id';
// The days of a range in post_daily_figures (migration 0013): $1 user, $2 network or NULL, $3 first day, $4 last day.
const daysInRange = 'f.workspace_id = $1 AND ($2::text IS NULL OR f.network = $2) AND f.day BETWEEN $3::date AND $4::date';
// Best first: by engagement rate where the reach is known, then by engagements, newest, id. The same
// order as post_targets_daily_rank_idx (0013), which serves it per day.
const rankKeys = (alias = '') => `${alias}rate DESC NULLS LAST, ${alias}engagements DESC, ${alias}published_at DESC, ${alias}id DESC`;

export function createReportingRepository(db: Queryable) {
  const params = (range: Range) => [range.workspaceId, range.network ?? null, range.firstDay, range.lastDay];

  /**
   * One channel's best posts, in the same order (rankKeys), read from its posts along
   * post_targets_channel_recent_idx (migration 0034): the per-day ranking index is per network.
   */
  async function topPostsOfChannel(range: Range, channelId: string, limit: number): Promise<PostFigures[]> {
    const start = range.span?.start ?? new Date(`${range.firstDay}T00:00:00Z`);
    const end = range.span?.end ?? new Date(Date.parse(`${range.lastDay}T00:00:00Z`) + DAY_MS);
    const { rows } = await db.query<PostFigures>(
      `WITH best AS (
         SELECT t.id, post_engagement_rate(t.likes_count, t.comments_count, t.shares_count, t.impressions_count) AS rate,
           ${TARGET_ENGAGEMENTS} AS engagements, t.published_at
         FROM post_targets t
         WHERE t.channel_id = $2 AND t.workspace_id = $1 AND t.status = 'published' AND ($3::text IS NULL OR t.network = $3)
           AND coalesce(t.published_at, t.scheduled_at) >= $4 AND coalesce(t.published_at, t.scheduled_at) < $5
         ORDER BY ${rankKeys()} LIMIT $6
       )
       SELECT ${figures} FROM best JOIN post_targets t ON t.id = best.id ${withAccount}
       ORDER BY ${rankKeys('best.')}`,
      [range.workspaceId, channelId, range.network ?? null, start, end, limit],
    );
    return rows;
  }

  return {
    /** Moves whenever the person's published posts change (migration 0010's triggers); 0 before any. */
    async dataVersion(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ version: number }>('SELECT version FROM analytics_versions WHERE workspace_id = $1', [workspaceId]);
      return rows[0]?.version ?? 0;
    },

    /** The range's days that have published posts, per network, in order. */
    async days(range: Range): Promise<DayFigures[]> {
      const { rows } = await db.query<DayFigures>(
        `SELECT f.network, to_char(f.day, 'YYYY-MM-DD') AS day, f.posts, f.impressions, f.likes, f.comments, f.shares, f.clicks,
           f.rated_engagements AS "ratedEngagements", f.rated_impressions AS "ratedImpressions", f.last_metrics_at AS "lastMetricsAt"
         FROM post_daily_figures f WHERE ${daysInRange} ORDER BY f.day, f.network`,
        params(range),
      );
      return rows;
    },

    /**
     * Best first (see rankKeys). Posts with a metrics reading come from the index that ranks each
     * day's posts (0013), in two steps: the best post of each day first; the rate of the
     * `limit`-th best of those is a bound, since that many posts reach it, so every winner does
     * too; then each day gives its best `limit` posts at or above the bound, which is few. Without
     * a bound (fewer days than `limit`, or too few posts with a known reach) each day gives its best
     * `limit`. Posts still without a reading (published since the last sync) are ranked on the
     * days that have some. Only the winners' rows are read whole.
     */
    async topPosts(range: Range, limit: number): Promise<PostFigures[]> {
      if (range.channelId) return topPostsOfChannel(range, range.channelId, limit);
      const inSpan = `($6::timestamptz IS NULL OR (t.published_at >= $6 AND t.published_at < $7))`;
      const rate = 'post_engagement_rate(t.likes_count, t.comments_count, t.shares_count, t.impressions_count)';
      const ranked = `t.id, ${rate} AS rate, ${TARGET_ENGAGEMENTS} AS engagements, t.published_at`;
      const bestReadOfDay = (condition: string, count: string) => `
        SELECT ${ranked} FROM post_targets t
        WHERE t.workspace_id = d.workspace_id AND t.network = d.network AND t.status = 'published' AND t.metrics_updated_at IS NOT NULL
          AND utc_day(t.published_at) = d.day AND ${inSpan} AND ${condition}
        ORDER BY ${rankKeys()} LIMIT ${count}`;
      const { rows } = await db.query<PostFigures>(
        `WITH days AS MATERIALIZED (
           SELECT f.workspace_id, f.network, f.day, f.posts > f.read_posts AS unread FROM post_daily_figures f WHERE ${daysInRange}
         ),
         bound AS (
           SELECT top.rate FROM days d CROSS JOIN LATERAL (${bestReadOfDay('true', '1')}) top
           ORDER BY ${rankKeys('top.')} OFFSET $5 - 1 LIMIT 1
         ),
         candidates AS (
           SELECT c.* FROM days d CROSS JOIN LATERAL (${bestReadOfDay(`${rate} >= (SELECT rate FROM bound)`, '$5')}) c
           UNION ALL
           SELECT c.* FROM days d CROSS JOIN LATERAL (${bestReadOfDay('NOT EXISTS (SELECT 1 FROM bound WHERE rate IS NOT NULL)', '$5')}) c
           UNION ALL
           -- On coalesce(published_at, scheduled_at), equal to published_at here, because that is how
           -- post_targets_user_status_idx (0004) orders a person's posts: it serves the day's range.
           SELECT c.* FROM days d CROSS JOIN LATERAL (
             SELECT ${ranked} FROM post_targets t
             WHERE t.workspace_id = d.workspace_id AND t.status = 'published'
               AND coalesce(t.published_at, t.scheduled_at) >= d.day::timestamp AT TIME ZONE 'UTC'
               AND coalesce(t.published_at, t.scheduled_at) < (d.day + 1)::timestamp AT TIME ZONE 'UTC'
               AND t.network = d.network AND t.metrics_updated_at IS NULL AND ${inSpan}
             ORDER BY ${rankKeys()} LIMIT $5
           ) c WHERE d.unread
         ),
         best AS (SELECT * FROM candidates ORDER BY ${rankKeys()} LIMIT $5)
         SELECT ${figures} FROM best JOIN post_targets t ON t.id = best.id ${withAccount}
         ORDER BY ${rankKeys('best.')}`,
        [...params(range), limit, range.span?.start ?? null, range.span?.end ?? null],
      );
      return rows;
    },

    /** The newest follower count of each of the person's accounts (and LinkedIn pages). */
    async latestFollowers(workspaceId: string, network: Network | undefined) {
      const { rows } = await db.query<{ network: Network; name: string; organizationId: string; followers: number; capturedAt: Date }>(
        `SELECT DISTINCT ON (f.account_id, f.organization_id) a.network, coalesce(a.display_name, a.username, a.network) AS name,
           f.organization_id AS "organizationId", f.followers, f.captured_at AS "capturedAt"
         FROM follower_snapshots f JOIN social_accounts a ON a.id = f.account_id
         WHERE a.workspace_id = $1 AND ($2::text IS NULL OR a.network = $2)
         ORDER BY f.account_id, f.organization_id, f.day DESC`,
        [workspaceId, network ?? null],
      );
      return rows;
    },

    async findPost(workspaceId: string, targetId: string): Promise<PostFigures | undefined> {
      const { rows } = await db.query<PostFigures>(
        `SELECT ${figures} FROM post_targets t ${withAccount} WHERE t.id = $1 AND t.workspace_id = $2`,
        [targetId, workspaceId],
      );
      return rows[0];
    },
  };
}
export type ReportingRepository = ReturnType<typeof createReportingRepository>;
