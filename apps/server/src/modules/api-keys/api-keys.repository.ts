import type { ApiKeyScope } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface ApiKeyRow {
  id: string;
  workspaceId: string;
  userId: string;
  creatorName: string;
  name: string;
  scopes: ApiKeyScope[];
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const columns = `k.id, k.workspace_id AS "workspaceId", k.user_id AS "userId", u.name AS "creatorName", k.name, k.scopes,
  k.hint, k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt"`;

export function createApiKeysRepository(db: Queryable) {
  return {
    async insert(key: {
      workspaceId: string;
      userId: string;
      name: string;
      scopes: ApiKeyScope[];
      keyHash: Buffer;
      hint: string;
      now: Date;
    }) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO api_keys (workspace_id, user_id, name, scopes, key_hash, hint, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [key.workspaceId, key.userId, key.name, key.scopes, key.keyHash, key.hint, key.now],
      );
      return rows[0]!.id;
    },

    /** The workspace's live keys, newest first; `userId` limits them to one person's. */
    async list(workspaceId: string, userId?: string): Promise<ApiKeyRow[]> {
      const { rows } = await db.query<ApiKeyRow>(
        `SELECT ${columns} FROM api_keys k JOIN users u ON u.id = k.user_id
         WHERE k.workspace_id = $1 AND k.revoked_at IS NULL AND ($2::uuid IS NULL OR k.user_id = $2)
         ORDER BY k.created_at DESC, k.id`,
        [workspaceId, userId ?? null],
      );
      return rows;
    },

    async find(workspaceId: string, id: string): Promise<ApiKeyRow | undefined> {
      const { rows } = await db.query<ApiKeyRow>(
        `SELECT ${columns} FROM api_keys k JOIN users u ON u.id = k.user_id
         WHERE k.workspace_id = $1 AND k.id = $2 AND k.revoked_at IS NULL`,
        [workspaceId, id],
      );
      return rows[0];
    },

    async findLive(keyHash: Buffer): Promise<ApiKeyRow | undefined> {
      const { rows } = await db.query<ApiKeyRow>(
        `SELECT ${columns} FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [keyHash],
      );
      return rows[0];
    },

    async revoke(id: string, now: Date): Promise<void> {
      await db.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, now]);
    },

    /** At most one write a minute per key: the list shows "last used", not every call. */
    async touch(id: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
        [id, now],
      );
    },
  };
}
