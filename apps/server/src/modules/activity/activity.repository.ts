import type { ActivityAction, ActivityDetails, ActivitySubjectType } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/** One entry to write: who did what to which subject, with the subject's words as they are now. */
export interface ActivityRecord {
  workspaceId: string;
  /** The person acting; null for Postflow itself (the publisher). */
  actorId: string | null;
  action: ActivityAction;
  subject: { type: ActivitySubjectType; id: string | null; label: string };
  details?: ActivityDetails;
  at: Date;
}

/**
 * Writes an entry. Call it with the transaction that makes the change it describes, so the log
 * holds an entry if and only if the change happened (docs/decisions/131-activity-log.md).
 */
export async function record(tx: Queryable, entry: ActivityRecord): Promise<void> {
  await tx.query(
    `INSERT INTO workspace_activity (workspace_id, actor_id, action, subject_type, subject_id, summary, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.workspaceId,
      entry.actorId,
      entry.action,
      entry.subject.type,
      entry.subject.id,
      JSON.stringify({ ...entry.details, label: entry.subject.label }),
      entry.at,
    ],
  );
}

export interface ActivityRow {
  id: string;
  action: ActivityAction;
  actorId: string | null;
  actorName: string | null;
  actorAvatarUrl: string | null;
  subjectType: ActivitySubjectType;
  subjectId: string | null;
  summary: ActivityDetails & { label?: string };
  createdAt: Date;
}

export function createActivityRepository(db: Queryable) {
  return {
    /** A page, newest first, of entries older than `before` (time, then id for entries of the same instant). */
    async page(workspaceId: string, options: { limit: number; before?: { at: Date; id: string } | undefined }): Promise<ActivityRow[]> {
      const { rows } = await db.query<ActivityRow>(
        `SELECT l.id, l.action, l.actor_id AS "actorId", u.name AS "actorName", u.avatar_url AS "actorAvatarUrl",
           l.subject_type AS "subjectType", l.subject_id AS "subjectId", l.summary, l.created_at AS "createdAt"
         FROM workspace_activity l LEFT JOIN users u ON u.id = l.actor_id
         WHERE l.workspace_id = $1 AND ($2::timestamptz IS NULL OR (l.created_at, l.id) < ($2::timestamptz, $3::uuid))
         ORDER BY l.created_at DESC, l.id DESC
         LIMIT $4`,
        [workspaceId, options.before?.at ?? null, options.before?.id ?? null, options.limit],
      );
      return rows;
    },
  };
}
