import type { Queryable } from '../../db/client';
import type { TargetKind, TargetStatus } from '../publishing/targets.repository';
import type { UnsentStatus } from './posts.repository';

/** One target of a thread (or a post and its first comment), as the person's actions on it need it. */
export interface ChainMember {
  id: string;
  kind: TargetKind;
  position: number;
  status: TargetStatus;
  attemptCount: number;
  networkPostId: string | null;
  parentNetworkPostId: string | null;
  mediaIds: string[];
}

/**
 * What the person does to a thread as a whole (docs/decisions/155-threads.md): retry it from its
 * first part not out, delete it part by part, or hand it back to the engine after an edit. Every
 * change is guarded by the parts' statuses, so a part being sent is never touched.
 */
export function createThreadsRepository(db: Queryable) {
  return {
    /** The head and its parts in sending order (head, parts by number, comment), locked for the caller's transaction. */
    async lockChain(workspaceId: string, headId: string): Promise<ChainMember[]> {
      const { rows } = await db.query<ChainMember>(
        `SELECT t.id, t.kind, t.position, t.status, t.attempt_count AS "attemptCount", t.network_post_id AS "networkPostId",
           p.network_post_id AS "parentNetworkPostId", t.media_ids AS "mediaIds"
         FROM post_targets t LEFT JOIN post_targets p ON p.id = t.parent_target_id
         WHERE (t.id = $1 OR t.head_target_id = $1) AND t.workspace_id = $2
         ORDER BY t.kind = 'post' DESC, t.kind = 'comment', t.position
         FOR UPDATE OF t`,
        [headId, workspaceId],
      );
      return rows;
    },

    /**
     * "Retry from part k": part k is due now, looked for on the network first if it was tried
     * before; the parts after it wait for it again; the thread is no longer partially published.
     */
    async resumeFrom(headId: string, from: ChainMember, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = 'scheduled', due_at = $2, scheduled_at = $2, needs_reconcile = attempt_count > 0,
           outcome_errors = 0, failure_reason = NULL, failure_class = NULL, updated_at = $2
         WHERE id = $1`,
        [from.id, now],
      );
      await db.query(
        `UPDATE post_targets SET status = 'scheduled', due_at = 'infinity', failure_reason = NULL, failure_class = NULL, updated_at = $2
         WHERE head_target_id = $1 AND status = 'unsent'`,
        [headId, now],
      );
      await db.query(`UPDATE post_targets SET partially_published = false, updated_at = $2 WHERE id = $1 AND partially_published`, [
        headId,
        now,
      ]);
    },

    /**
     * A head changed before anything went out (edited, moved, sent now, approved): its parts follow
     * it, waiting for it again with the same status and no old failure.
     */
    async rearmParts(headId: string, status: UnsentStatus, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = $2, due_at = 'infinity', attempt_count = 0, needs_reconcile = false,
           failure_reason = NULL, failure_class = NULL, updated_at = $3
         WHERE head_target_id = $1 AND status <> $2`,
        [headId, status, now],
      );
    },

    /**
     * An edit replaces a thread's later parts or its first comment (docs/decisions/155-threads.md,
     * Editing): rows never sent have no network post, so they go and the new ones are stored.
     */
    async deleteUnsent(headId: string, kind: 'part' | 'comment'): Promise<void> {
      await db.query(`DELETE FROM post_targets WHERE head_target_id = $1 AND kind = $2 AND status NOT IN ('publishing', 'published')`, [
        headId,
        kind,
      ]);
    },

    /** Before a thread is deleted: no part still waiting may be claimed while the others are taken down. */
    async holdBackWaitingParts(headId: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = 'unsent', failure_reason = 'Not sent: the thread is being deleted.', failure_class = 'ChainStopped',
           updated_at = $2
         WHERE head_target_id = $1 AND status = 'scheduled'`,
        [headId, now],
      );
    },

    /** A part taken down from the network: its row goes too (parts go last first, so it has no part after it left). */
    async deleteMember(id: string): Promise<void> {
      await db.query(`DELETE FROM post_targets WHERE id = $1 AND status <> 'publishing'`, [id]);
    },
  };
}
