import type { Queryable } from '../../db/client';
import type { TargetKind, TargetStatus } from './targets.repository';

/**
 * The links of a thread (or of a post and its first comment) as the publisher follows them
 * (docs/decisions/155-threads.md): a part goes out as the answer to its parent's network post, and
 * a part that fails for good stops the parts after it, with the reason, until "Retry from part k".
 */
export function createChainRepository(db: Queryable) {
  return {
    /** The post a part answers (or a comment is written under): its network id once it is published. */
    async parentOf(
      targetId: string,
    ): Promise<{ id: string; status: TargetStatus; networkPostId: string | null; url: string | null } | undefined> {
      const { rows } = await db.query<{ id: string; status: TargetStatus; networkPostId: string | null; url: string | null }>(
        `SELECT p.id, p.status, p.network_post_id AS "networkPostId", p.network_post_url AS url
         FROM post_targets t JOIN post_targets p ON p.id = t.parent_target_id WHERE t.id = $1`,
        [targetId],
      );
      return rows[0];
    },

    /** Gives back a part claimed before its parent was out: it waits again, fenced by the lease. */
    async waitForParent(targetId: string, leaseToken: string, now: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE post_targets SET status = 'scheduled', due_at = 'infinity', lease_owner = NULL, lease_token = NULL, lease_until = NULL, updated_at = $3
         WHERE id = $1 AND lease_token = $2 AND status = 'publishing'`,
        [targetId, leaseToken, now],
      );
      return (rowCount ?? 0) > 0;
    },

    /**
     * After `target` failed for good: every later part of its thread (or the comment of a post that
     * failed) stays unsent and says why, and a head whose earlier parts went out is partially
     * published, in the transaction of the failure itself.
     */
    async stopAfter(target: { id: string; kind: TargetKind; headTargetId: string | null; position: number }, reason: string, now: Date) {
      const headId = target.headTargetId ?? target.id;
      if (target.kind !== 'post')
        await db.query(`UPDATE post_targets SET partially_published = true, updated_at = $2 WHERE id = $1 AND NOT partially_published`, [
          headId,
          now,
        ]);
      await db.query(
        `UPDATE post_targets SET status = 'unsent', failure_reason = $3, failure_class = 'ChainStopped', updated_at = $4
         WHERE head_target_id = $1 AND (kind = 'comment' OR position > $2) AND status = 'scheduled'`,
        [headId, target.kind === 'post' ? 1 : target.position, reason, now],
      );
    },
  };
}
export type ChainRepository = ReturnType<typeof createChainRepository>;
