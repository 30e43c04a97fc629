import { roleAllows, type ActivityEntry, type ActivityPage, type ActivityQuery, type WorkspaceRole } from '@postflow/contract';
import type { Database } from '../../db/client';
import { createActivityRepository, type ActivityRow } from './activity.repository';

/** `nextBefore`: the last entry's instant and id, which order the log (docs/decisions/131-activity-log.md). */
const cursorOf = (row: ActivityRow) => `${row.createdAt.toISOString()}_${row.id}`;

function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const split = cursor.indexOf('_');
  return { at: new Date(cursor.slice(0, split)), id: cursor.slice(split + 1) };
}

/** An invitee's address, for members who may not see it: its first letter and domain. */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1•••');

function toEntry(row: ActivityRow, role: WorkspaceRole): ActivityEntry {
  const { label = '', ...details } = row.summary;
  const showAddress = row.subjectType !== 'invitation' || roleAllows(role, 'admin');
  return {
    id: row.id,
    action: row.action,
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '', avatarUrl: row.actorAvatarUrl } : null,
    subject: { type: row.subjectType, id: row.subjectId, label: showAddress ? label : maskEmail(label) },
    details,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createActivityService(deps: { db: Database }) {
  const repository = createActivityRepository(deps.db);
  return {
    /** One page of the workspace's log, newest first, as the caller's role may see it. */
    async page(workspaceId: string, role: WorkspaceRole, query: ActivityQuery): Promise<ActivityPage> {
      // One more than asked tells whether an older page exists without a count.
      const rows = await repository.page(workspaceId, { limit: query.limit + 1, before: parseCursor(query.before) });
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((row) => toEntry(row, role)),
        nextBefore: rows.length > query.limit && last ? cursorOf(last) : null,
      };
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
