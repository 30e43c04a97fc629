import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';

export interface SyncCandidate {
  id: string;
  networkPostId: string;
  linkedinOrgId: string | null;
  publishedAt: Date;
}

export interface MetricReading {
  targetId: string;
  capturedAt: Date;
  impressions: number | null;
  likes: number;
  comments: number;
  shares: number;
  clicks: number | null;
}

/**
 * Age bands for recurring syncs: a post's numbers move fast in its first two days, slowly after a
 * month. Young posts are read hourly, those under a month daily, older ones weekly.
 */
const DUE_FOR_SYNC = `(metrics_updated_at IS NULL
  OR (published_at > $2::timestamptz - interval '2 days' AND metrics_updated_at < $2::timestamptz - interval '55 minutes')
  OR (published_at > $2::timestamptz - interval '30 days' AND metrics_updated_at < $2::timestamptz - interval '23 hours')
  OR metrics_updated_at < $2::timestamptz - interval '7 days')`;

/** How long a young post's reach or click count read once stands in for readings that could not tell it. */
const CARRY_FORWARD_DAYS = 7;
/** A post this old has settled: its engagements barely move, so its last reach stands for good. */
const SETTLED_AFTER_DAYS = 30;

/** The last `column` read that may still stand in for reading `r` of post `t` (see `record`). */
const lastKnown = (column: 'impressions' | 'clicks') => `(SELECT s.${column} FROM metric_snapshots s
  WHERE s.target_id = t.id AND s.${column} IS NOT NULL
    AND (s.captured_at >= r.captured_at - interval '${CARRY_FORWARD_DAYS} days' OR t.published_at < r.captured_at - interval '${SETTLED_AFTER_DAYS} days')
  ORDER BY s.captured_at DESC LIMIT 1)`;

export function createMetricsRepository(db: Queryable) {
  return {
    /** Published posts of the account to read now; a manual sync reads every post of the last year. */
    async dueForSync(accountId: string, now: Date, manual: boolean, limit = 500): Promise<SyncCandidate[]> {
      const { rows } = await db.query<SyncCandidate>(
        `SELECT id, network_post_id AS "networkPostId", linkedin_org_id AS "linkedinOrgId", published_at AS "publishedAt"
         FROM post_targets
         WHERE account_id = $1 AND status = 'published' AND network_post_id IS NOT NULL
           -- A first comment is no post: LinkedIn reports no figures for it (docs/decisions/155-threads.md).
           AND kind <> 'comment'
           AND (${manual ? `published_at > $2::timestamptz - interval '365 days'` : DUE_FOR_SYNC})
         ORDER BY published_at DESC LIMIT $3`,
        [accountId, now, limit],
      );
      return rows;
    },

    /**
     * Stores readings as a time series (a reading already stored is skipped: same target, same
     * instant) and keeps the newest on the target for the feed. Answers how many were new.
     */
    async record(readings: MetricReading[]): Promise<number> {
      if (!readings.length) return 0;
      const columns = (pick: (reading: MetricReading) => unknown) => readings.map(pick);
      const values = [
        columns((reading) => reading.targetId),
        columns((reading) => reading.capturedAt),
        columns((reading) => reading.impressions),
        columns((reading) => reading.likes),
        columns((reading) => reading.comments),
        columns((reading) => reading.shares),
        columns((reading) => reading.clicks),
      ];
      const { rowCount } = await db.query(
        `INSERT INTO metric_snapshots (target_id, captured_at, impressions, likes, comments, shares, clicks)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
         ON CONFLICT (target_id, captured_at) DO NOTHING`,
        values,
      );
      // A reading without reach or clicks (a refused or rate-limited analytics call, or a post too
      // old to be asked, decision 100) says nothing new about them: a settled post keeps the last
      // figure read; a young one keeps it for a week and is unknown after, so a reach that can no
      // longer be read does not stay frozen beside engagements that keep growing (and inflate the rate).
      await db.query(
        `UPDATE post_targets t SET
           impressions_count = coalesce(r.impressions, ${lastKnown('impressions')}),
           clicks_count = coalesce(r.clicks, ${lastKnown('clicks')}),
           likes_count = r.likes, comments_count = r.comments, shares_count = r.shares, metrics_updated_at = r.captured_at
         FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
           AS r(target_id, captured_at, impressions, likes, comments, shares, clicks)
         WHERE t.id = r.target_id AND (t.metrics_updated_at IS NULL OR t.metrics_updated_at <= r.captured_at)`,
        values,
      );
      return rowCount ?? 0;
    },

    /** Marks posts the network no longer reports on as read now, so they are not asked for every hour. */
    async touch(targetIds: string[], now: Date): Promise<void> {
      if (!targetIds.length) return;
      await db.query('UPDATE post_targets SET metrics_updated_at = $2 WHERE id = ANY($1::uuid[]) AND metrics_updated_at IS NULL', [
        targetIds,
        now,
      ]);
    },

    async recordFollowers(accountId: string, organizationId: string, followers: number, capturedAt: Date): Promise<void> {
      await db.query(
        `INSERT INTO follower_snapshots (account_id, organization_id, day, followers, captured_at)
         VALUES ($1, $2, ($4::timestamptz AT TIME ZONE 'UTC')::date, $3, $4)
         ON CONFLICT (account_id, organization_id, day) DO UPDATE SET followers = EXCLUDED.followers, captured_at = EXCLUDED.captured_at
         WHERE follower_snapshots.captured_at <= EXCLUDED.captured_at`,
        [accountId, organizationId, followers, capturedAt],
      );
    },

    async history(targetId: string): Promise<Array<Omit<MetricReading, 'targetId'>>> {
      const { rows } = await db.query<Omit<MetricReading, 'targetId'>>(
        `SELECT captured_at AS "capturedAt", impressions, likes, comments, shares, clicks
         FROM metric_snapshots WHERE target_id = $1 ORDER BY captured_at`,
        [targetId],
      );
      return rows;
    },

    async accountsToSync(): Promise<Array<{ id: string; workspaceId: string; network: Network }>> {
      const { rows } = await db.query<{ id: string; workspaceId: string; network: Network }>(
        `SELECT id, workspace_id AS "workspaceId", network FROM social_accounts WHERE status = 'connected'`,
      );
      return rows;
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
