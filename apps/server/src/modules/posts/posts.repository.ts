import type { LinkCard, MediaKind, Network, PostStatus } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import type { TargetStatus } from '../publishing/targets.repository';
import { AUTHOR_COLUMNS, MEDIA_KINDS_COLUMN } from './post-author';

export interface TargetRow {
  id: string;
  postId: string;
  workspaceId: string;
  createdBy: string | null;
  accountId: string | null;
  network: Network;
  linkedinOrgId: string | null;
  text: string;
  mediaIds: string[];
  /** Alt texts in the order of `mediaIds` ('' for none; shorter when stored before alt texts were kept). */
  mediaAlts: string[];
  mediaKinds: MediaKind[];
  /** A LinkedIn document's title (decision 147). */
  mediaTitle: string | null;
  /** The card it goes out with as an article share (decision 149); null for none. */
  linkCard: LinkCard | null;
  scheduledAt: Date;
  status: TargetStatus;
  networkPostUrl: string | null;
  publishedAt: Date | null;
  failureReason: string | null;
  createdAt: Date;
  timeZone: string;
  accountUsername: string | null;
  accountDisplayName: string | null;
  accountIsSandbox: boolean | null;
  authorName: string | null;
  authorHandle: string | null;
  authorAvatarUrl: string | null;
  channelId: string | null;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  impressionsCount: number | null;
  metricsUpdatedAt: Date | null;
  /** A thread whose later part failed for good after earlier ones went out (docs/decisions/155-threads.md). */
  partiallyPublished: boolean;
}

/** A LinkedIn page a target goes out as: its identity is the page's, written by the app (migration 0020). */
export interface PageAuthor {
  name: string;
  handle: string | null;
}

const targetColumns = `t.id, t.post_id AS "postId", t.workspace_id AS "workspaceId", p.created_by AS "createdBy", t.account_id AS "accountId", t.network,
  t.linkedin_org_id AS "linkedinOrgId", t.text, t.media_ids AS "mediaIds", t.media_alts AS "mediaAlts", ${MEDIA_KINDS_COLUMN},
  t.media_title AS "mediaTitle", t.link_card AS "linkCard", t.scheduled_at AS "scheduledAt", t.status,
  t.network_post_url AS "networkPostUrl", t.published_at AS "publishedAt", t.failure_reason AS "failureReason",
  t.created_at AS "createdAt", p.time_zone AS "timeZone", a.username AS "accountUsername",
  a.display_name AS "accountDisplayName", a.is_sandbox AS "accountIsSandbox", t.likes_count AS "likesCount",
  t.comments_count AS "commentsCount", t.shares_count AS "sharesCount", t.impressions_count AS "impressionsCount",
  t.metrics_updated_at AS "metricsUpdatedAt", t.partially_published AS "partiallyPublished", ${AUTHOR_COLUMNS}`;
const fromTargets = `FROM post_targets t JOIN posts p ON p.id = t.post_id LEFT JOIN social_accounts a ON a.id = t.account_id`;

type ListStatus = 'all' | PostStatus | 'completed';

function statusFor(filter: Exclude<ListStatus, 'all' | 'partially_published'>): TargetStatus {
  if (filter === 'completed' || filter === 'published') return 'published';
  if (filter === 'pending') return 'publishing';
  return filter;
}

/**
 * The statuses a list filter names, in the table's own terms ('pending' is a target being sent);
 * undefined for all. 'partially_published' names no status of its own: a partially published
 * thread's first part is published and flagged (docs/decisions/155-threads.md), see `partialIn`.
 */
export function statusesFor(filters: readonly ListStatus[]): TargetStatus[] | undefined {
  if (filters.length === 0 || filters.includes('all')) return undefined;
  const named = filters.filter((filter): filter is Exclude<ListStatus, 'all' | 'partially_published'> => filter !== 'partially_published');
  return [...new Set(named.map(statusFor))];
}

/** Whether a list filter asks for partially published threads besides the statuses it names. */
export function partialIn(filters: readonly ListStatus[]): boolean {
  return filters.includes('partially_published') && !filters.includes('all');
}

/** States in which a person may still change or cancel a target (never while it is being sent). */
export const EDITABLE_STATUSES: TargetStatus[] = ['scheduled', 'failed', 'missed', 'needs_reconnect', 'pending_approval', 'rejected'];

/** What an edit or Publish Now leaves a target as: released to the engine, or waiting for approval (decision 130). */
export type UnsentStatus = 'scheduled' | 'pending_approval';

/**
 * The states a change may move a target out of: one that waits for approval is only ever released
 * by an approval, so a change that would schedule it finds nothing to change (decision 130).
 */
const changeableTo = (status: UnsentStatus) =>
  status === 'scheduled' ? EDITABLE_STATUSES.filter((from) => from !== 'pending_approval' && from !== 'rejected') : EDITABLE_STATUSES;

export function createPostsRepository(db: Queryable) {
  /**
   * Moves a target that has not gone out to another instant, as a fresh start (no attempts, no
   * failure), atomically with the status check; false when it was being sent or sent meanwhile.
   */
  /** A moved post leaves its queue slot: the slot frees, and its new time may be another queued post's (decision 143). */
  async function moveUnsent(workspaceId: string, id: string, at: Date, status: UnsentStatus, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE post_targets SET scheduled_at = $3, due_at = $3, status = $5, attempt_count = 0, queued = false,
         needs_reconcile = false, failure_reason = NULL, failure_class = NULL, updated_at = $6
       WHERE id = $1 AND workspace_id = $2 AND status = ANY($4::text[])`,
      [id, workspaceId, at, changeableTo(status), status, now],
    );
    return (rowCount ?? 0) > 0;
  }

  return {
    async insertPost(post: {
      workspaceId: string;
      createdBy: string;
      originalText: string;
      aiEnhanced: boolean;
      timeZone: string;
    }): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO posts (workspace_id, created_by, original_text, ai_enhanced, time_zone) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [post.workspaceId, post.createdBy, post.originalText, post.aiEnhanced, post.timeZone],
      );
      return (rows[0] as { id: string }).id;
    },

    async insertTarget(target: {
      postId: string;
      workspaceId: string;
      accountId: string;
      network: Network;
      linkedinOrgId: string | null;
      text: string;
      mediaIds: string[];
      /** Alt texts in the order of `mediaIds` ('' for none). */
      mediaAlts?: string[];
      /** A document post's title (LinkedIn). */
      mediaTitle?: string | null;
      scheduledAt: Date;
      /** Set when it goes out as a LinkedIn page. */
      page?: PageAuthor | null;
      status?: UnsentStatus;
      /** Placed in a posting slot by the queue (decision 143). */
      queued?: boolean;
      /** LinkedIn: goes out as an article share with this card (docs/decisions/149-link-cards.md). */
      linkCard?: LinkCard | null;
      /** The chosen channel; without one the trigger of migration 0034 records the account's (or page's). */
      channelId?: string | null;
      /**
       * A thread's later part or a first comment (docs/decisions/155-threads.md): it waits, due at
       * 'infinity', until its parent is published.
       */
      chain?: { kind: 'part' | 'comment'; headTargetId: string; parentTargetId: string; position: number };
    }): Promise<string> {
      // A post as the account itself gets the account's identity from the trigger of migration 0020.
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO post_targets (post_id, workspace_id, account_id, network, linkedin_org_id, text, media_ids, scheduled_at, due_at,
           author_name, author_handle, status, created_by, queued, link_card, media_alts, media_title, channel_id,
           kind, head_target_id, parent_target_id, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $17::text = 'post' THEN $8::timestamptz ELSE 'infinity'::timestamptz END, $9, $10, $11,
           (SELECT created_by FROM posts WHERE id = $1), $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id`,
        [
          target.postId,
          target.workspaceId,
          target.accountId,
          target.network,
          target.linkedinOrgId,
          target.text,
          target.mediaIds,
          target.scheduledAt,
          target.page?.name ?? null,
          target.page?.handle ?? null,
          target.status ?? 'scheduled',
          target.queued ?? false,
          target.linkCard ? JSON.stringify(target.linkCard) : null,
          target.mediaAlts ?? [],
          target.mediaTitle ?? null,
          target.channelId ?? null,
          target.chain?.kind ?? 'post',
          target.chain?.headTargetId ?? null,
          target.chain?.parentTargetId ?? null,
          target.chain?.position ?? 1,
        ],
      );
      return (rows[0] as { id: string }).id;
    },

    async findInWorkspace(workspaceId: string, id: string): Promise<TargetRow | undefined> {
      // A thread's later parts and a first comment are reached through their head (docs/decisions/155-threads.md).
      const { rows } = await db.query<TargetRow>(
        `SELECT ${targetColumns} ${fromTargets} WHERE t.id = $1 AND t.workspace_id = $2 AND t.kind = 'post'`,
        [id, workspaceId],
      );
      return rows[0];
    },

    async findManyInWorkspace(workspaceId: string, ids: string[]): Promise<TargetRow[]> {
      const { rows } = await db.query<TargetRow>(
        `SELECT ${targetColumns} ${fromTargets} WHERE t.id = ANY($1::uuid[]) AND t.workspace_id = $2 AND t.kind = 'post' ORDER BY t.network`,
        [ids, workspaceId],
      );
      return rows;
    },

    /** Newest first by when it went out, or is planned to. */
    async listInWorkspace(
      workspaceId: string,
      filter: {
        statuses: TargetStatus[] | undefined;
        network: Network | undefined;
        /** One channel's posts (docs/decisions/146-channels.md). */
        channelId?: string | undefined;
        /** The plan's history start: older posts are not listed (a bound on the index's own time). */
        since: Date | undefined;
        /** Also threads whose later part failed for good (docs/decisions/155-threads.md), whatever `statuses` says. */
        partiallyPublished?: boolean;
        limit: number;
        offset: number;
      },
    ): Promise<TargetRow[]> {
      const { rows } = await db.query<TargetRow>(
        `SELECT ${targetColumns} ${fromTargets}
         WHERE t.workspace_id = $1 AND t.kind = 'post' AND ($3::text IS NULL OR t.network = $3)
           AND ($2::text[] IS NULL OR t.status = ANY($2::text[]) OR ($8 AND t.partially_published))
           AND ($6::timestamptz IS NULL OR coalesce(t.published_at, t.scheduled_at) >= $6)
           AND ($7::uuid IS NULL OR t.channel_id = $7)
         ORDER BY coalesce(t.published_at, t.scheduled_at) DESC, t.id DESC
         LIMIT $4 OFFSET $5`,
        [
          workspaceId,
          filter.statuses ?? null,
          filter.network ?? null,
          filter.limit,
          filter.offset,
          filter.since ?? null,
          filter.channelId ?? null,
          filter.partiallyPublished ?? false,
        ],
      );
      return rows;
    },

    /**
     * Rewrites a target that has not gone out, atomically with the status check: a target being
     * sent (or already sent) is never touched. Answers false when that check failed.
     */
    async updateUnsent(
      workspaceId: string,
      id: string,
      change: {
        accountId: string;
        network: Network;
        text: string;
        mediaIds: string[];
        /** Alt texts in the order of `mediaIds`. */
        mediaAlts: string[];
        /** A document post's title; null for other posts. */
        mediaTitle: string | null;
        scheduledAt: Date;
        linkedinOrgId: string | null;
        page: PageAuthor | null;
        status: UnsentStatus;
      },
    ): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE post_targets SET account_id = $3, network = $4, text = $5, media_ids = $6, scheduled_at = $7, due_at = $7,
           media_alts = $13, media_title = $14, linkedin_org_id = $8, status = $12, attempt_count = 0, needs_reconcile = false,
           queued = queued AND scheduled_at = $7 AND account_id = $3 AND status IN ('scheduled', 'pending_approval'),
           failure_reason = NULL, failure_class = NULL, updated_at = now(),
           author_name = CASE WHEN $8::text IS NULL THEN author_name ELSE $10 END,
           author_handle = CASE WHEN $8::text IS NULL THEN author_handle ELSE $11 END,
           author_avatar_url = CASE WHEN $8::text IS NULL THEN author_avatar_url ELSE NULL END
         WHERE id = $1 AND workspace_id = $2 AND status = ANY($9::text[])`,
        [
          id,
          workspaceId,
          change.accountId,
          change.network,
          change.text,
          change.mediaIds,
          change.scheduledAt,
          change.linkedinOrgId,
          changeableTo(change.status),
          change.page?.name ?? null,
          change.page?.handle ?? null,
          change.status,
          change.mediaAlts,
          change.mediaTitle,
        ],
      );
      return (rowCount ?? 0) > 0;
    },

    /** Moves a scheduled target's instant to now (to be sent, or to wait for approval to be sent). */
    publishNow(workspaceId: string, id: string, now: Date, status: UnsentStatus = 'scheduled'): Promise<boolean> {
      return moveUnsent(workspaceId, id, now, status, now);
    },

    moveUnsent,

    /**
     * Deletes a target unless it is being sent right now, or went out since the caller looked
     * (`wasPublished` false): its row must stay while it is on the network.
     */
    async deleteUnlessSending(workspaceId: string, id: string, wasPublished: boolean): Promise<boolean> {
      const { rowCount } = await db.query(
        `DELETE FROM post_targets WHERE id = $1 AND workspace_id = $2 AND status <> 'publishing' AND ($3 OR status <> 'published')`,
        [id, workspaceId, wasPublished],
      );
      return (rowCount ?? 0) > 0;
    },

    /** Removes posts left without any target. */
    async deleteEmptyPost(postId: string): Promise<void> {
      await db.query('DELETE FROM posts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM post_targets WHERE post_id = $1)', [postId]);
    },
  };
}
export type PostsRepository = ReturnType<typeof createPostsRepository>;
