import type { LinkCard, MediaKind, Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { AUTHOR_COLUMNS, MEDIA_KINDS_COLUMN } from '../posts/post-author';
import type { TargetStatus } from '../publishing/targets.repository';

export interface FeedRow {
  id: string;
  network: Network;
  status: TargetStatus;
  text: string;
  mediaIds: string[];
  mediaAlts: string[];
  mediaKinds: MediaKind[];
  mediaTitle: string | null;
  linkCard: LinkCard | null;
  networkPostUrl: string | null;
  scheduledAt: Date;
  publishedAt: Date | null;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  impressionsCount: number | null;
  metricsUpdatedAt: Date | null;
  partiallyPublished: boolean;
  failureReason: string | null;
  linkedinOrgId: string | null;
  authorName: string | null;
  authorHandle: string | null;
  authorAvatarUrl: string | null;
  channelId: string | null;
  userName: string;
  userFirstName: string | null;
  userLastName: string | null;
  userUsername: string | null;
  userAvatarUrl: string | null;
}

export interface FeedFilter {
  /** Undefined: every status. */
  statuses: TargetStatus[] | undefined;
  network: Network | undefined;
  /** One channel's posts (docs/decisions/146-channels.md); counted by a bounded scan, as a date filter is. */
  channelId?: string | undefined;
  /** On the feed's time, `coalesce(published_at, scheduled_at)`: when it went out, or is planned to. */
  from: Date | undefined;
  until: { instant: Date; inclusive: boolean } | undefined;
}

/**
 * The feed's time and order, written exactly as `post_targets_workspace_recent_idx` and
 * `post_targets_workspace_status_idx` (0004, renamed in 0023) declare them, so PostgreSQL walks an index instead of sorting.
 */
export const FEED_TIME = 'coalesce(t.published_at, t.scheduled_at)';
export const FEED_ORDER = `${FEED_TIME} DESC, t.id DESC`;

/** The WHERE clause and its values; only fixed fragments are joined, every value is a parameter. */
function whereClause(workspaceId: string, filter: FeedFilter): { sql: string; values: unknown[] } {
  const values: unknown[] = [workspaceId];
  // A thread is one item: its later parts and a first comment come with their head (docs/decisions/155-threads.md).
  const conditions = ['t.workspace_id = $1', "t.kind = 'post'"];
  const add = (fragment: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(fragment(`$${values.length}`));
  };
  if (filter.statuses?.length === 1) add((p) => `t.status = ${p}`, filter.statuses[0]);
  else if (filter.statuses) add((p) => `t.status = ANY(${p}::text[])`, filter.statuses);
  if (filter.network) add((p) => `t.network = ${p}`, filter.network);
  if (filter.channelId) add((p) => `t.channel_id = ${p}`, filter.channelId);
  if (filter.from) add((p) => `${FEED_TIME} >= ${p}`, filter.from);
  if (filter.until) add((p) => `${FEED_TIME} ${filter.until?.inclusive ? '<=' : '<'} ${p}`, filter.until.instant);
  return { sql: conditions.join(' AND '), values };
}

/** A target's stage in `post_target_counts` (migration 0011's `post_target_stage`). */
type Stage = 'waiting' | 'published' | 'ended' | 'approval' | 'rejected';
const STAGE: Record<TargetStatus, Stage> = {
  scheduled: 'waiting',
  publishing: 'waiting',
  published: 'published',
  failed: 'ended',
  needs_reconnect: 'ended',
  missed: 'ended',
  pending_approval: 'approval',
  rejected: 'rejected',
  unsent: 'ended',
};

/** The stages that hold exactly these statuses, or undefined when the statuses split a stage. */
function stagesOf(statuses: readonly TargetStatus[] | undefined): Stage[] | 'all' | undefined {
  if (!statuses) return 'all';
  const stages = [...new Set(statuses.map((status) => STAGE[status]))];
  const whole = stages.every((stage) =>
    (Object.keys(STAGE) as TargetStatus[]).every((status) => STAGE[status] !== stage || statuses.includes(status)),
  );
  return whole ? stages : undefined;
}

/** The page's SELECT; its LIMIT and OFFSET are the two parameters after the WHERE clause's. */
function pageSql(where: { sql: string; values: unknown[] }): string {
  return `SELECT t.id, t.network, t.status, t.text, t.media_ids AS "mediaIds", t.media_alts AS "mediaAlts", ${MEDIA_KINDS_COLUMN},
      t.media_title AS "mediaTitle", t.link_card AS "linkCard", t.network_post_url AS "networkPostUrl",
      t.scheduled_at AS "scheduledAt", t.published_at AS "publishedAt", t.likes_count AS "likesCount",
      t.comments_count AS "commentsCount", t.shares_count AS "sharesCount", t.metrics_updated_at AS "metricsUpdatedAt",
      t.impressions_count AS "impressionsCount", t.partially_published AS "partiallyPublished",
      t.failure_reason AS "failureReason", t.linkedin_org_id AS "linkedinOrgId", ${AUTHOR_COLUMNS},
      u.name AS "userName", u.first_name AS "userFirstName", u.last_name AS "userLastName", u.username AS "userUsername",
      u.avatar_url AS "userAvatarUrl"
    FROM post_targets t
    -- The author kept on the target (migration 0029): reaching the posts table for it cost the feed half again.
    LEFT JOIN users u ON u.id = t.created_by
    LEFT JOIN social_accounts a ON a.id = t.account_id
    WHERE ${where.sql}
    ORDER BY ${FEED_ORDER}
    LIMIT $${where.values.length + 1} OFFSET $${where.values.length + 2}`;
}

/** The total from `post_target_counts`; `values` starts with the user id and receives the other parameters. */
function totalByStageSql(stages: readonly Stage[] | 'all', network: Network | undefined, values: unknown[]): string {
  let sql = 'SELECT coalesce(sum(n), 0)::int AS n FROM post_target_counts WHERE workspace_id = $1';
  if (stages !== 'all') sql += ` AND stage = ANY($${values.push(stages)}::text[])`;
  if (network) sql += ` AND network = $${values.push(network)}`;
  return sql;
}

/** How many of a person's targets are in these stages (on one network, or all), from the kept counts. */
export async function countByStage(
  db: Queryable,
  workspaceId: string,
  stages: readonly Stage[] | 'all',
  network: Network | undefined,
): Promise<number> {
  const values: unknown[] = [workspaceId];
  const { rows } = await db.query<{ n: number }>(totalByStageSql(stages, network, values), values);
  return rows[0]?.n ?? 0;
}

export function createFeedRepository(db: Queryable) {
  return {
    /** One page of the feed, newest first. */
    async page(workspaceId: string, filter: FeedFilter, paging: { limit: number; offset: number }): Promise<FeedRow[]> {
      const where = whereClause(workspaceId, filter);
      const { rows } = await db.query<FeedRow>(pageSql(where), [...where.values, paging.limit, paging.offset]);
      return rows;
    },

    /**
     * The page and the exact total in one statement, when the total can be read from the per-stage
     * counts (no date filter); undefined otherwise. One round trip instead of two on the feed's
     * most common request.
     */
    async pageWithTotal(
      workspaceId: string,
      filter: FeedFilter,
      paging: { limit: number; offset: number },
    ): Promise<{ rows: FeedRow[]; total: number } | undefined> {
      const stages = filter.from || filter.until || filter.channelId ? undefined : stagesOf(filter.statuses);
      if (!stages) return undefined;
      const where = whereClause(workspaceId, filter);
      const values = [...where.values, paging.limit, paging.offset];
      const total = totalByStageSql(stages, filter.network, values);
      const { rows } = await db.query<FeedRow & { total: number }>(
        `SELECT total.n AS total, page.* FROM (${total}) total LEFT JOIN LATERAL (${pageSql(where)}) page ON true`,
        values,
      );
      return { rows: rows.filter((row) => row.id !== null), total: rows[0]?.total ?? 0 };
    },

    /**
     * How many posts match, for the page count. Without a date filter it is exact and read from the
     * per-stage counts (migration 0011); with one, the scan stops after `upTo` and says whether
     * there are more.
     */
    async count(workspaceId: string, filter: FeedFilter, upTo: number): Promise<{ count: number; exact: boolean }> {
      const stages = filter.from || filter.until || filter.channelId ? undefined : stagesOf(filter.statuses);
      if (stages) return { count: await countByStage(db, workspaceId, stages, filter.network), exact: true };
      const where = whereClause(workspaceId, filter);
      // The LIMIT stops the index scan early: the cost follows `upTo`, not the person's history.
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM post_targets t WHERE ${where.sql} LIMIT $${where.values.length + 1}) matching`,
        [...where.values, upTo + 1],
      );
      const n = rows[0]?.n ?? 0;
      return n > upTo ? { count: upTo, exact: false } : { count: n, exact: true };
    },
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;
