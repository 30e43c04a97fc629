import { createHash } from 'node:crypto';
import type { ImportColumn, ImportResponse, ImportRow, Network, WorkspaceRole } from '@postflow/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/logger';
import { createAccountsRepository } from '../accounts/accounts.repository';
import type { PlanLimitsService } from '../plans/plan-limits';
import { needsApproval } from '../posts/approval-policy';
import type { PostsService } from '../posts/posts.service';
import { createUsersRepository } from '../users/users.repository';
import { readImportFile } from './import-file';
import { checkRow, type CheckedRow } from './import-rows';
import { createPostImportRepository } from './post-import.repository';

const UNIQUE_VIOLATION = '23505';

const ALREADY_IMPORTED = 'Already imported from this file: not created again.';
const WAITS_FOR_APPROVAL = 'Waits for an owner or admin of the workspace to approve it.';

/** Which column a refusal of the posts service is about, by the field it names. */
function columnOf(error: AppError): ImportColumn | null {
  const field = Object.keys(error.options.fields ?? {})[0] ?? '';
  if (field.startsWith('enhancedContent')) return 'text';
  if (field === 'platforms') return 'platforms';
  if (field === 'scheduleDate' || field === 'queue') return 'scheduled_at';
  return null;
}

const fewer = (count: number) => (count === 1 ? '1 more post' : `${count} more posts`);

/**
 * Bulk import from CSV (docs/product.md, Bulk import; docs/decisions/144-bulk-import.md). A dry
 * run checks every row and creates nothing; a real run creates each valid row as a post through
 * the posts service, one transaction per row, and reports the others by line and column.
 */
export function createPostImportService(deps: {
  db: Database;
  clock: Clock;
  posts: PostsService;
  planLimits: PlanLimitsService;
  log: Log;
}) {
  const { db, clock } = deps;

  return {
    async importCsv(
      auth: { workspaceId: string; userId: string; role: WorkspaceRole },
      file: Buffer,
      options: { dryRun: boolean; fromLine?: number | undefined; toLine?: number | undefined },
    ): Promise<ImportResponse> {
      const { dryRun, fromLine = 0, toLine = Number.MAX_SAFE_INTEGER } = options;
      const { workspaceId, userId } = auth;
      await deps.planLimits.requireFeature(db, workspaceId, 'bulkScheduling');
      const { header, records } = readImportFile(file);

      const [user, accounts] = await Promise.all([
        createUsersRepository(db).findById(userId),
        createAccountsRepository(db).listInWorkspace(workspaceId),
      ]);
      // The account the composer would post through: the first of each network (PostsService.compose).
      const byNetwork = new Map<Network, { status: 'connected' | 'needs_reconnect' }>();
      for (const account of accounts) if (!byNetwork.has(account.network)) byNetwork.set(account.network, account);
      const timeZone = user?.timeZone ?? 'UTC';
      const now = clock.now();
      const rows = records
        .filter((record) => record.line >= fromLine && record.line <= toLine)
        .map((record) => checkRow(record, header, { now, timeZone, accounts: byNetwork }));

      const fileSha256 = createHash('sha256').update(file).digest();
      const repository = createPostImportRepository(db);
      const imported = await repository.importedLines(workspaceId, fileSha256);
      for (const row of rows) {
        const postId = imported.get(row.answer.line);
        if (postId) markImported(row, postId);
      }

      const waits = await needsApproval(db, workspaceId, auth.role);
      const pending = rows.filter((row) => row.post);
      if (dryRun) {
        const left = await deps.planLimits.postsLeftToday(db, workspaceId, now);
        pending.forEach((row, index) => {
          if (left !== null && index >= left) {
            row.answer = {
              ...row.answer,
              ok: false,
              error: {
                column: null,
                message: `Over this workspace's daily post limit: its plan allows ${fewer(left)} today (since 00:00 UTC). Import this row tomorrow, or ask the instance's operator to change the plan.`,
              },
            };
            row.post = undefined;
          } else if (waits) {
            row.answer.warnings = [...(row.answer.warnings ?? []), WAITS_FOR_APPROVAL];
          }
        });
        return answer(true, timeZone, rows, 0);
      }

      let created = 0;
      for (const row of pending) {
        const post = row.post as NonNullable<CheckedRow['post']>;
        const line = row.answer.line;
        try {
          const result = await deps.posts.compose(
            { workspaceId, author: userId, role: auth.role },
            {
              platforms: post.platforms,
              texts: {},
              originalText: post.text,
              aiEnhanced: false,
              scheduledAt: post.scheduledAt,
              timeZone,
              linkedInOrgId: '',
              queue: !post.scheduledAt,
            },
            { onStored: (tx, postId) => createPostImportRepository(tx).remember({ workspaceId, fileSha256, line, postId }) },
          );
          created += 1;
          row.answer.postId = result.postId;
          row.answer.scheduledAt = result.scheduledAt.toISOString();
          if (result.posts.some((target) => target.status === 'pending_approval')) {
            row.answer.warnings = [...(row.answer.warnings ?? []), WAITS_FOR_APPROVAL];
          }
        } catch (error) {
          if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
            // Another import of this file created the row meanwhile.
            const postId = (await repository.importedLines(workspaceId, fileSha256)).get(line);
            if (postId) {
              markImported(row, postId);
              continue;
            }
          }
          if (!(error instanceof AppError)) throw error;
          row.answer = { ...row.answer, ok: false, error: { column: columnOf(error), message: error.message } };
        }
      }
      deps.log.info({ workspaceId, rows: rows.length, created }, 'posts imported');
      return answer(false, timeZone, rows, created);
    },
  };
}

function markImported(row: CheckedRow, postId: string) {
  const imported: ImportRow = { ...row.answer, ok: true, postId, warnings: [ALREADY_IMPORTED] };
  delete imported.error;
  row.answer = imported;
  row.post = undefined;
}

function answer(dryRun: boolean, timeZone: string, rows: CheckedRow[], created: number): ImportResponse {
  const answers: ImportRow[] = rows.map((row) => row.answer);
  return { dryRun, timeZone, rows: answers, created, failed: answers.filter((row) => !row.ok).length };
}

export type PostImportService = ReturnType<typeof createPostImportService>;
