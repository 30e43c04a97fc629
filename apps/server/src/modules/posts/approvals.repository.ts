import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import type { TargetStatus } from '../publishing/targets.repository';

/** One network's copy of a post, as a decision on it needs it. */
export interface CopyUnderReview {
  id: string;
  postId: string;
  network: Network;
  text: string;
  status: TargetStatus;
  scheduledAt: Date;
  createdBy: string | null;
}

export function createApprovalsRepository(db: Queryable) {
  return {
    /**
     * Every copy of the post that target `id` belongs to, locked: two decisions on the same post
     * (two admins clicking at once) take turns, and the second finds it no longer pending.
     */
    async lockPostOf(workspaceId: string, id: string): Promise<CopyUnderReview[]> {
      const { rows } = await db.query<CopyUnderReview>(
        `SELECT t.id, t.post_id AS "postId", t.network, t.text, t.status, t.scheduled_at AS "scheduledAt", p.created_by AS "createdBy"
         FROM post_targets t JOIN posts p ON p.id = t.post_id
         WHERE t.post_id = (SELECT post_id FROM post_targets WHERE id = $1 AND workspace_id = $2 AND kind = 'post') AND t.workspace_id = $2
           AND t.kind = 'post'
         ORDER BY t.network
         FOR UPDATE OF t`,
        [id, workspaceId],
      );
      return rows;
    },

    /**
     * Releases an approved copy to the publishing engine, due at `dueAt` (its time, or now when that
     * passed). A thread's later parts and a first comment are approved with it, and keep waiting
     * for the part before them (docs/decisions/155-threads.md).
     */
    async schedule(id: string, dueAt: Date, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = 'scheduled', due_at = CASE WHEN kind = 'post' THEN $2 ELSE 'infinity' END, attempt_count = 0,
           needs_reconcile = false, failure_reason = NULL, failure_class = NULL, updated_at = $3
         WHERE (id = $1 OR head_target_id = $1) AND status = 'pending_approval'`,
        [id, dueAt, now],
      );
    },

    /** An approved copy whose time is too long gone to send it now; its parts will not go out either. */
    async miss(id: string, reason: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = CASE WHEN kind = 'post' THEN 'missed' ELSE 'unsent' END,
           failure_reason = CASE WHEN kind = 'post' THEN $2 ELSE 'Not sent: the post was missed. ' || $2 END,
           failure_class = CASE WHEN kind = 'post' THEN 'Missed' ELSE 'ChainStopped' END, updated_at = $3
         WHERE (id = $1 OR head_target_id = $1) AND status = 'pending_approval'`,
        [id, reason, now],
      );
    },

    /** Sends a copy back to its author with the reason, which the post shows; its parts with it. */
    async reject(id: string, reason: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = 'rejected', failure_reason = $2, failure_class = 'Rejected', updated_at = $3
         WHERE (id = $1 OR head_target_id = $1) AND status = 'pending_approval'`,
        [id, reason, now],
      );
    },
  };
}
