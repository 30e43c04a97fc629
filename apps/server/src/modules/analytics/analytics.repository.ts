import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import type { PostObservation } from './insights/observations';

export interface Range {
  userId: string;
  network: Network | undefined;
  from: Date;
  until: Date;
}

export interface PostFigures {
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
  t.clicks_count AS clicks, t.metrics_updated_at AS "metricsUpdatedAt"`;
// Published posts of one person, in a range, optionally on one network ($1 user, $2 network, $3 from, $4 until).
// The range is written on coalesce(published_at, scheduled_at) — equal to published_at for a
// published post — because that is how post_targets_user_status_idx (0004) orders them: the index
// then serves the range instead of every published post of the person being read.
const inRange = `t.user_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2)
  AND coalesce(t.published_at, t.scheduled_at) >= $3 AND coalesce(t.published_at, t.scheduled_at) < $4`;
const engagements = 't.likes_count + t.comments_count + t.shares_count';

export function createAnalyticsRepository(db: Queryable) {
  const params = (range: Range) => [range.userId, range.network ?? null, range.from, range.until];

  return {
    /** Moves whenever the person's published posts change (migration 0010's triggers); 0 before any. */
    async dataVersion(userId: string): Promise<number> {
      const { rows } = await db.query<{ version: number }>('SELECT version FROM analytics_versions WHERE user_id = $1', [userId]);
      return rows[0]?.version ?? 0;
    },

    async totals(range: Range) {
      const { rows } = await db.query<{ posts: number; impressions: number; engagements: number; ratedEngagements: number; ratedImpressions: number; lastRefreshedAt: Date | null }>(
        `SELECT count(*)::int AS posts, coalesce(sum(t.impressions_count), 0)::bigint AS impressions,
           coalesce(sum(${engagements}), 0)::bigint AS engagements,
           coalesce(sum(${engagements}) FILTER (WHERE t.impressions_count > 0), 0)::bigint AS "ratedEngagements",
           coalesce(sum(t.impressions_count) FILTER (WHERE t.impressions_count > 0), 0)::bigint AS "ratedImpressions",
           max(t.metrics_updated_at) AS "lastRefreshedAt"
         FROM post_targets t WHERE ${inRange}`,
        params(range),
      );
      return rows[0] as NonNullable<(typeof rows)[0]>;
    },

    /** Best first: by engagement rate where known, then by engagements. */
    async topPosts(range: Range, limit: number): Promise<PostFigures[]> {
      const { rows } = await db.query<PostFigures>(
        `SELECT ${figures} FROM post_targets t WHERE ${inRange}
         ORDER BY (${engagements})::float / nullif(t.impressions_count, 0) DESC NULLS LAST, ${engagements} DESC, t.published_at DESC
         LIMIT $5`,
        [...params(range), limit],
      );
      return rows;
    },

    /** Engagements of the posts published each UTC day of the range (days without posts are 0). */
    async dailyEngagements(range: Range): Promise<Array<{ date: string; value: number }>> {
      const { rows } = await db.query<{ date: string; value: number }>(
        // Sum per day first (one pass over the range), then fill the days without posts.
        `WITH daily AS (
           SELECT (t.published_at AT TIME ZONE 'UTC')::date AS day, sum(${engagements}) AS value
           FROM post_targets t WHERE ${inRange} GROUP BY 1
         )
         SELECT to_char(day, 'YYYY-MM-DD') AS date, coalesce(daily.value, 0)::bigint AS value
         FROM generate_series(($3::timestamptz AT TIME ZONE 'UTC')::date, (($4::timestamptz - interval '1 day') AT TIME ZONE 'UTC')::date, interval '1 day') AS day
         LEFT JOIN daily USING (day)
         ORDER BY day`,
        params(range),
      );
      return rows;
    },

    async perNetwork(range: Range) {
      const { rows } = await db.query<{
        network: Network;
        posts: number;
        impressions: number;
        likes: number;
        comments: number;
        shares: number;
        clicks: number;
        ratedEngagements: number;
        ratedImpressions: number;
        lastRefreshedAt: Date | null;
      }>(
        `SELECT t.network, count(*)::int AS posts, coalesce(sum(t.impressions_count), 0)::bigint AS impressions,
           coalesce(sum(t.likes_count), 0)::bigint AS likes, coalesce(sum(t.comments_count), 0)::bigint AS comments,
           coalesce(sum(t.shares_count), 0)::bigint AS shares, coalesce(sum(t.clicks_count), 0)::bigint AS clicks,
           coalesce(sum(${engagements}) FILTER (WHERE t.impressions_count > 0), 0)::bigint AS "ratedEngagements",
           coalesce(sum(t.impressions_count) FILTER (WHERE t.impressions_count > 0), 0)::bigint AS "ratedImpressions",
           max(t.metrics_updated_at) AS "lastRefreshedAt"
         FROM post_targets t WHERE ${inRange} GROUP BY t.network ORDER BY t.network`,
        params(range),
      );
      return rows;
    },

    /** The newest follower count of each of the person's accounts (and LinkedIn pages). */
    async latestFollowers(userId: string, network: Network | undefined) {
      const { rows } = await db.query<{ network: Network; name: string; organizationId: string; followers: number; capturedAt: Date }>(
        `SELECT DISTINCT ON (f.account_id, f.organization_id) a.network, coalesce(a.display_name, a.username, a.network) AS name,
           f.organization_id AS "organizationId", f.followers, f.captured_at AS "capturedAt"
         FROM follower_snapshots f JOIN social_accounts a ON a.id = f.account_id
         WHERE a.user_id = $1 AND ($2::text IS NULL OR a.network = $2)
         ORDER BY f.account_id, f.organization_id, f.day DESC`,
        [userId, network ?? null],
      );
      return rows;
    },

    async findPost(userId: string, targetId: string): Promise<PostFigures | undefined> {
      const { rows } = await db.query<PostFigures>(`SELECT ${figures} FROM post_targets t WHERE t.id = $1 AND t.user_id = $2`, [targetId, userId]);
      return rows[0];
    },

    /** Every published post with its latest numbers, for the insights engine. */
    async observations(userId: string, network: Network | undefined, since: Date): Promise<PostObservation[]> {
      const { rows } = await db.query<PostObservation>(
        `SELECT t.id, t.network, t.published_at AS "publishedAt", p.time_zone AS "timeZone", t.text,
           CASE WHEN t.imported THEN NULL ELSE cardinality(t.media_ids) > 0 END AS "hasMedia", t.impressions_count AS impressions, (${engagements})::int AS engagements
         FROM post_targets t JOIN posts p ON p.id = t.post_id
         WHERE t.user_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2)
           AND t.published_at >= $3 AND t.metrics_updated_at IS NOT NULL`,
        [userId, network ?? null, since],
      );
      return rows;
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
