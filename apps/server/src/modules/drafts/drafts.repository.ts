import type { DraftThread, LinkCard, Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/** What a draft holds, as it is written. */
export interface DraftContent {
  text: string;
  platforms: Network[];
  perPlatform: Partial<Record<Network, string>>;
  /** The chosen channels and their own texts (migration 0034). */
  channels: string[];
  perChannel: Record<string, string>;
  details: {
    linkedInTarget?: string | undefined;
    skipAi?: boolean | undefined;
    tailoredFrom?: string | undefined;
    /** Null: the person removed the card (docs/decisions/149-link-cards.md). */
    linkCard?: LinkCard | null | undefined;
    /** The cards the person saw, one per address (docs/decisions/152-channel-picker-and-kept-attachments.md). */
    linkCards?: Array<{ link: string; card: LinkCard }> | undefined;
    removedLinkCards?: string[] | undefined;
    documentTitle?: string | undefined;
    /** X threads and LinkedIn first comments, by 'x' / 'linkedin' or a channel's id. */
    threads?: Record<string, DraftThread> | undefined;
    firstComments?: Record<string, string> | undefined;
  };
  /** Its files in order, and their alt texts in the same order ('' for none). */
  mediaIds: string[];
  mediaAlts: string[];
  /**
   * The files its threads' parts show. They follow the draft's own in `media_ids`, so that neither
   * a deletion nor the sweep takes them: the first cardinality(media_alts) ids are the draft's own.
   */
  threadMediaIds: string[];
  scheduledAt: Date | null;
  timeZone: string | null;
}

export interface DraftRow extends DraftContent {
  id: string;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  authorId: string | null;
  authorName: string | null;
}

export interface DraftSavedRow {
  id: string;
  revision: number;
  updatedAt: Date;
}

const columns = `d.id, d.text, d.platforms, d.per_platform AS "perPlatform", d.channel_ids AS channels,
  d.per_channel AS "perChannel", d.details, d.media_ids[1:cardinality(d.media_alts)] AS "mediaIds",
  d.media_ids[cardinality(d.media_alts) + 1:] AS "threadMediaIds", d.media_alts AS "mediaAlts",
  d.scheduled_at AS "scheduledAt", d.time_zone AS "timeZone", d.revision, d.created_at AS "createdAt",
  d.updated_at AS "updatedAt", d.created_by AS "authorId", u.name AS "authorName"`;

const saved = `id, revision, updated_at AS "updatedAt"`;

/** What `media_ids` holds: the draft's own files, then its threads' (see `threadMediaIds`). */
export const heldMedia = (content: Pick<DraftContent, 'mediaIds' | 'threadMediaIds'>) => [...content.mediaIds, ...content.threadMediaIds];

/** SQL only; every statement names the workspace, so another workspace's draft is never found. */
export function createDraftsRepository(db: Queryable) {
  return {
    /**
     * Makes concurrent creations in one workspace take turns, so the count checked before an
     * insert is still true at its commit (the cap of docs/decisions/141-drafts.md).
     */
    async lockForCreation(workspaceId: string): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('drafts:' || $1::text, 141))`, [workspaceId]);
    },

    async count(workspaceId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drafts WHERE workspace_id = $1', [workspaceId]);
      return rows[0]?.n ?? 0;
    },

    async insert(workspaceId: string, createdBy: string, content: DraftContent, at: Date): Promise<DraftSavedRow> {
      const { rows } = await db.query<DraftSavedRow>(
        `INSERT INTO drafts (workspace_id, created_by, text, platforms, per_platform, details, media_ids, scheduled_at, time_zone, created_at,
           updated_at, media_alts, channel_ids, per_channel)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13)
         RETURNING ${saved}`,
        [
          workspaceId,
          createdBy,
          content.text,
          content.platforms,
          JSON.stringify(content.perPlatform),
          JSON.stringify(content.details),
          heldMedia(content),
          content.scheduledAt,
          content.timeZone,
          at,
          content.mediaAlts,
          content.channels,
          JSON.stringify(content.perChannel),
        ],
      );
      return rows[0] as DraftSavedRow;
    },

    async find(workspaceId: string, id: string): Promise<DraftRow | undefined> {
      const { rows } = await db.query<DraftRow>(
        `SELECT ${columns} FROM drafts d LEFT JOIN users u ON u.id = d.created_by WHERE d.workspace_id = $1 AND d.id = $2`,
        [workspaceId, id],
      );
      return rows[0];
    },

    /** The newest changes first (the index drafts_list). */
    async list(workspaceId: string, limit: number): Promise<DraftRow[]> {
      const { rows } = await db.query<DraftRow>(
        `SELECT ${columns} FROM drafts d LEFT JOIN users u ON u.id = d.created_by
          WHERE d.workspace_id = $1
          ORDER BY d.updated_at DESC, d.id DESC
          LIMIT $2`,
        [workspaceId, limit],
      );
      return rows;
    },

    /** Writes `content` if the draft is still at `revision`; undefined when it is gone or was saved since. */
    async update(workspaceId: string, id: string, revision: number, content: DraftContent, at: Date): Promise<DraftSavedRow | undefined> {
      const { rows } = await db.query<DraftSavedRow>(
        `UPDATE drafts SET text = $4, platforms = $5, per_platform = $6, details = $7, media_ids = $8, scheduled_at = $9,
                time_zone = $10, revision = revision + 1, updated_at = $11, media_alts = $12, channel_ids = $13, per_channel = $14
          WHERE workspace_id = $1 AND id = $2 AND revision = $3
          RETURNING ${saved}`,
        [
          workspaceId,
          id,
          revision,
          content.text,
          content.platforms,
          JSON.stringify(content.perPlatform),
          JSON.stringify(content.details),
          heldMedia(content),
          content.scheduledAt,
          content.timeZone,
          at,
          content.mediaAlts,
          content.channels,
          JSON.stringify(content.perChannel),
        ],
      );
      return rows[0];
    },

    /** Makes another image the draft's only own file, whatever its revision (an upload is a save of its own). */
    async setImage(
      workspaceId: string,
      id: string,
      mediaId: string,
      at: Date,
    ): Promise<(DraftSavedRow & { previous: string[] }) | undefined> {
      const { rows } = await db.query<DraftSavedRow & { previous: string[] }>(
        // The threads' files stay held after the new image (see `threadMediaIds`).
        `UPDATE drafts d SET media_ids = ARRAY[$3::uuid] || old.media_ids[cardinality(old.media_alts) + 1:], media_alts = ARRAY[''],
                revision = d.revision + 1, updated_at = $4
           FROM (SELECT id, media_ids, media_alts FROM drafts WHERE workspace_id = $1 AND id = $2 FOR UPDATE) old
          WHERE d.id = old.id
          RETURNING d.id, d.revision, d.updated_at AS "updatedAt", old.media_ids[1:cardinality(old.media_alts)] AS previous`,
        [workspaceId, id, mediaId, at],
      );
      return rows[0];
    },

    /** Deletes the draft, answering the files it had; undefined when there was none such. */
    async delete(workspaceId: string, id: string): Promise<{ mediaIds: string[] } | undefined> {
      const { rows } = await db.query<{ mediaIds: string[] }>(
        `DELETE FROM drafts WHERE workspace_id = $1 AND id = $2 RETURNING media_ids AS "mediaIds"`,
        [workspaceId, id],
      );
      return rows[0];
    },
  };
}
export type DraftsRepository = ReturnType<typeof createDraftsRepository>;
