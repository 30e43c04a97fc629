import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';

export function createHistoryRepository(db: Queryable) {
  return {
    /**
     * Gives a newly connected account back the targets it had before it was disconnected (the
     * same network account of the same person): its posts, their readings, its scheduled ones.
     */
    async reattach(accountId: string): Promise<number> {
      const { rowCount } = await db.query(
        `UPDATE post_targets t SET account_id = a.id
         FROM social_accounts a
         WHERE a.id = $1 AND t.account_id IS NULL AND t.workspace_id = a.workspace_id AND t.network = a.network
           AND t.account_network_user_id = a.network_user_id`,
        [accountId],
      );
      return rowCount ?? 0;
    },

    /** Stores one network post as an imported, published post; false when it is already known. */
    async insertImported(post: {
      workspaceId: string;
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
      // Known to this person already (sent through Postflow, imported before, or kept from an
      // earlier connection of this account): attach it to this account if it lost its account,
      // and never store it twice (docs/decisions/114-network-post-once-per-person.md).
      const { rows: known } = await db.query<{ known: number }>(
        `WITH known AS (
           SELECT id, account_id FROM post_targets WHERE workspace_id = $1 AND network = $2 AND network_post_id = $3
         ), attached AS (
           UPDATE post_targets SET account_id = $4 WHERE id IN (SELECT id FROM known WHERE account_id IS NULL)
         )
         SELECT count(*)::int AS known FROM known`,
        [post.workspaceId, post.network, post.networkPostId, post.accountId],
      );
      if (known[0]?.known) return false;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO posts (workspace_id, original_text, time_zone, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [post.workspaceId, post.text, post.timeZone, post.publishedAt],
      );
      const { rowCount } = await db.query(
        `INSERT INTO post_targets (post_id, workspace_id, account_id, network, text, scheduled_at, due_at, status, network_post_id,
           network_post_url, published_at, imported, imported_has_media, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, 'published', $7, $8, $6, true, $9, $6)
         ON CONFLICT (workspace_id, network, network_post_id) WHERE network_post_id IS NOT NULL DO NOTHING`,
        [
          (rows[0] as { id: string }).id,
          post.workspaceId,
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
