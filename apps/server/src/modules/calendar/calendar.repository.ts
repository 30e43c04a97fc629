import { CALENDAR_DAY_COUNT_CAP, type Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import type { TargetStatus } from '../publishing/targets.repository';
import type { DaySpan } from './calendar-days';
import { AUTHOR_COLUMNS } from '../posts/post-author';

export interface CalendarFilter {
  network: Network | undefined;
  accountId: string | undefined;
  /** One channel's posts and the drafts that chose it (docs/decisions/146-channels.md). */
  channelId?: string | undefined;
}

export interface CalendarTargetRow {
  /** Which of the asked days (0-based) it falls in. */
  day: number;
  /** How many targets that day holds (filters applied), counted up to the cap plus one. */
  total: number;
  /** Null on a day that holds none. */
  id: string | null;
  postId: string;
  network: Network;
  status: TargetStatus;
  text: string;
  mediaIds: string[];
  mediaAlts: string[];
  mediaTitle: string | null;
  scheduledAt: Date;
  publishedAt: Date | null;
  timeZone: string;
  accountId: string | null;
  accountUsername: string | null;
  accountDisplayName: string | null;
  createdBy: string | null;
  authorName: string | null;
  failureReason: string | null;
  networkPostUrl: string | null;
  /** Who it goes out as: its channel (post-author.ts). */
  linkedinOrgId: string | null;
  identityName: string | null;
  identityHandle: string | null;
  identityAvatarUrl: string | null;
  channelId: string | null;
  partiallyPublished: boolean;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  impressionsCount: number | null;
}

export interface CalendarDraftRow {
  id: string;
  text: string;
  platforms: Network[];
  scheduledAt: Date;
  timeZone: string | null;
  createdBy: string | null;
  authorName: string | null;
}

/**
 * A target's calendar time, written exactly as `post_targets_workspace_recent_idx` (migration 0004,
 * renamed in 0023) declares it: when it went out, or is planned to (`published_at` is set only once
 * published). Each day is a range scan of that index.
 */
/** The channel's name, handle and picture, as every list of posts shows them (post-author.ts), under names of their own: `author` here is the writer. */
const IDENTITY_COLUMNS = AUTHOR_COLUMNS.replace('"authorName"', '"identityName"')
  .replace('"authorHandle"', '"identityHandle"')
  .replace('"authorAvatarUrl"', '"identityAvatarUrl"');

const AT = 'coalesce(t.published_at, t.scheduled_at)';
// A thread is one item, on its first part's time (docs/decisions/155-threads.md).
const inDay = `t.workspace_id = $1 AND t.kind = 'post' AND ${AT} >= d.from_at AND ${AT} < d.to_at
  AND ($4::text IS NULL OR t.network = $4) AND ($5::uuid IS NULL OR t.account_id = $5) AND ($8::uuid IS NULL OR t.channel_id = $8)`;

/** The calendar's one statement for posts: per day, its count (up to a cap) and its first `perDay` targets. */
export const CALENDAR_TARGETS_SQL = `SELECT (d.n - 1)::int AS day, c.total, i.*
  FROM unnest($2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS d(from_at, to_at, n)
  CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM (SELECT FROM post_targets t WHERE ${inDay} LIMIT $7) counted) c
  LEFT JOIN LATERAL (
    SELECT t.id, t.post_id AS "postId", t.network, t.status, t.text, t.media_ids AS "mediaIds", t.media_alts AS "mediaAlts",
      t.media_title AS "mediaTitle",
      t.scheduled_at AS "scheduledAt", t.published_at AS "publishedAt", p.time_zone AS "timeZone",
      t.account_id AS "accountId", a.username AS "accountUsername", a.display_name AS "accountDisplayName",
      t.created_by AS "createdBy", u.name AS "authorName", t.failure_reason AS "failureReason",
      t.network_post_url AS "networkPostUrl", t.linkedin_org_id AS "linkedinOrgId", ${IDENTITY_COLUMNS},
      t.partially_published AS "partiallyPublished", t.likes_count AS "likesCount", t.comments_count AS "commentsCount",
      t.shares_count AS "sharesCount", t.impressions_count AS "impressionsCount"
    FROM post_targets t
    JOIN posts p ON p.id = t.post_id
    LEFT JOIN social_accounts a ON a.id = t.account_id
    LEFT JOIN users u ON u.id = t.created_by
    WHERE ${inDay}
    ORDER BY ${AT}, t.id
    LIMIT $6
  ) i ON c.total > 0
  ORDER BY d.n`;

export const CALENDAR_DRAFTS_SQL = `SELECT d.id, d.text, d.platforms, d.scheduled_at AS "scheduledAt", d.time_zone AS "timeZone",
    d.created_by AS "createdBy", u.name AS "authorName"
  FROM drafts d LEFT JOIN users u ON u.id = d.created_by
  WHERE d.workspace_id = $1 AND d.scheduled_at >= $2 AND d.scheduled_at < $3 AND ($4::text IS NULL OR $4 = ANY(d.platforms))
    AND ($6::uuid IS NULL OR $6 = ANY(d.channel_ids))
  ORDER BY d.scheduled_at, d.id
  LIMIT $5`;

export function createCalendarRepository(db: Queryable) {
  return {
    async targets(workspaceId: string, days: DaySpan[], filter: CalendarFilter, perDay: number): Promise<CalendarTargetRow[]> {
      const { rows } = await db.query<CalendarTargetRow>(CALENDAR_TARGETS_SQL, [
        workspaceId,
        days.map((day) => day.from),
        days.map((day) => day.to),
        filter.network ?? null,
        filter.accountId ?? null,
        perDay,
        Math.max(perDay, CALENDAR_DAY_COUNT_CAP) + 1,
        filter.channelId ?? null,
      ]);
      return rows;
    },

    async drafts(
      workspaceId: string,
      from: Date,
      to: Date,
      network: Network | undefined,
      limit: number,
      channelId?: string,
    ): Promise<CalendarDraftRow[]> {
      const { rows } = await db.query<CalendarDraftRow>(CALENDAR_DRAFTS_SQL, [
        workspaceId,
        from,
        to,
        network ?? null,
        limit,
        channelId ?? null,
      ]);
      return rows;
    },

    /** The person's own zone, when the caller named none. */
    async personTimeZone(userId: string): Promise<string | null> {
      const { rows } = await db.query<{ timeZone: string | null }>('SELECT time_zone AS "timeZone" FROM users WHERE id = $1', [userId]);
      return rows[0]?.timeZone ?? null;
    },
  };
}
