import type { Queryable } from '../../db/client';
import type { MediaKind, MediaMimeType } from './media-kinds';

export interface MediaRecord {
  id: string;
  workspaceId: string;
  storageKey: string;
  kind: MediaKind;
  mimeType: MediaMimeType;
  byteSize: number;
  /** Null for documents (and videos whose track gives no size). */
  width: number | null;
  height: number | null;
  /** The name the person chose the file by (null for images stored before names were kept). */
  fileName: string | null;
  durationMs: number | null;
  pages: number | null;
  videoCodec: string | null;
}

const columns = `id, workspace_id AS "workspaceId", storage_key AS "storageKey", kind, mime_type AS "mimeType", byte_size AS "byteSize",
  width, height, file_name AS "fileName", duration_ms AS "durationMs", pages, video_codec AS "videoCodec"`;

export function createMediaRepository(db: Queryable) {
  return {
    async insert(media: MediaRecord): Promise<void> {
      await db.query(
        `INSERT INTO media (id, workspace_id, storage_key, kind, mime_type, byte_size, width, height, file_name, duration_ms, pages, video_codec)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          media.id,
          media.workspaceId,
          media.storageKey,
          media.kind,
          media.mimeType,
          media.byteSize,
          media.width,
          media.height,
          media.fileName,
          media.durationMs,
          media.pages,
          media.videoCodec,
        ],
      );
    },
    async findById(id: string): Promise<MediaRecord | undefined> {
      const { rows } = await db.query<MediaRecord>(`SELECT ${columns} FROM media WHERE id = $1`, [id]);
      return rows[0];
    },
    /**
     * Deletes the row of a picture nothing of its owner's points at any more (an avatar, a cover, a
     * post or a draft), returning where its bytes are. Only the owner's rows are searched: media are only
     * ever attached to their owner's profile and posts (both check ownership).
     */
    async deleteUnreferenced(workspaceId: string, id: string): Promise<string | undefined> {
      const { rows } = await db.query<{ storageKey: string }>(
        `DELETE FROM media m
          WHERE m.id = $2 AND m.workspace_id = $1
            -- A person's avatar and cover belong to their personal workspace, whose id is theirs.
            AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND (u.avatar_url LIKE '%/media/' || m.id OR u.cover_url LIKE '%/media/' || m.id))
            AND NOT EXISTS (SELECT 1 FROM post_targets t WHERE t.workspace_id = $1 AND m.id = ANY (t.media_ids))
            -- A draft keeps its media (docs/decisions/141-drafts.md, 147-media-app.md).
            AND NOT EXISTS (SELECT 1 FROM drafts d WHERE d.workspace_id = $1 AND m.id = ANY (d.media_ids))
        RETURNING storage_key AS "storageKey"`,
        [workspaceId, id],
      );
      return rows[0]?.storageKey;
    },
    /** Deletes up to `limit` rows of images created before `cutoff` that no profile, post or draft uses, answering their storage keys. */
    async deleteUnreferencedBefore(cutoff: Date, limit: number): Promise<string[]> {
      const { rows } = await db.query<{ storageKey: string }>(
        `DELETE FROM media WHERE id IN (
           SELECT m.id FROM media m
            WHERE m.created_at < $1
              AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.workspace_id AND (u.avatar_url LIKE '%/media/' || m.id OR u.cover_url LIKE '%/media/' || m.id))
              AND NOT EXISTS (SELECT 1 FROM post_targets t WHERE t.media_ids @> ARRAY[m.id] AND t.media_ids <> '{}')
              AND NOT EXISTS (SELECT 1 FROM drafts d WHERE d.media_ids @> ARRAY[m.id] AND d.media_ids <> '{}')
            ORDER BY m.created_at
            LIMIT $2
            FOR UPDATE SKIP LOCKED)
        RETURNING storage_key AS "storageKey"`,
        [cutoff, limit],
      );
      return rows.map((row) => row.storageKey);
    },
    /** Holds `ids` until the caller's transaction ends (the sweep skips locked rows); answers how many still exist. */
    async holdInWorkspace(workspaceId: string, ids: readonly string[]): Promise<number> {
      if (!ids.length) return 0;
      const { rowCount } = await db.query('SELECT 1 FROM media WHERE workspace_id = $1 AND id = ANY($2::uuid[]) FOR SHARE', [
        workspaceId,
        [...new Set(ids)],
      ]);
      return rowCount ?? 0;
    },
    async findManyInWorkspace(workspaceId: string, ids: string[]): Promise<MediaRecord[]> {
      if (!ids.length) return [];
      const { rows } = await db.query<MediaRecord>(`SELECT ${columns} FROM media WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [
        workspaceId,
        ids,
      ]);
      return rows;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
