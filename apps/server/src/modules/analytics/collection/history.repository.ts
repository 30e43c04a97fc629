import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';

export function createHistoryRepository(db: Queryable) {
  return {
    /** Stores one network post as an imported, published post; false when it is already known. */
    async insertImported(post: {
      userId: string;
      accountId: string;
      network: Network;
      networkPostId: string;
      url: string;
      text: string;
      publishedAt: Date;
      timeZone: string;
      /** Whether the network says the post carried media; undefined when it did not say. */
      hasMedia: boolean | undefined;
    }): Promise<boolean> {
      const { rowCount: known } = await db.query('SELECT 1 FROM post_targets WHERE account_id = $1 AND network_post_id = $2', [
        post.accountId,
        post.networkPostId,
      ]);
      if (known) return false;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO posts (user_id, original_text, time_zone, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [post.userId, post.text, post.timeZone, post.publishedAt],
      );
      const { rowCount } = await db.query(
        `INSERT INTO post_targets (post_id, user_id, account_id, network, text, scheduled_at, due_at, status, network_post_id,
           network_post_url, published_at, imported, imported_has_media, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, 'published', $7, $8, $6, true, $9, $6)
         ON CONFLICT (account_id, network_post_id) WHERE network_post_id IS NOT NULL DO NOTHING`,
        [
          (rows[0] as { id: string }).id,
          post.userId,
          post.accountId,
          post.network,
          post.text,
          post.publishedAt,
          post.networkPostId,
          post.url,
          post.hasMedia ?? null,
        ],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}
