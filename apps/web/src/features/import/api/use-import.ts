import type { ImportResponse, ImportRow } from '@postflow/contract';
import { api, IMPORT_FILE_FIELD } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/query-keys';

/** Valid rows created per call: a few seconds of work each, so no call nears a timeout and progress shows. */
export const ROWS_PER_PART = 100;
const CHECK_TIMEOUT_MS = 60_000;
const PART_TIMEOUT_MS = 120_000;

const formOf = (file: File) => {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file);
  return form;
};

/** POST /api/v1/posts/import?dryRun=true: every row checked, nothing created. */
export function useImportCheck() {
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload(api.postImport.importPosts, formOf(file), { query: { dryRun: 'true' }, timeoutMs: CHECK_TIMEOUT_MS }),
  });
}

/** Thrown when a part fails: what was created before it stays, and importing again skips it. */
export class ImportStopped extends Error {
  override readonly name = 'ImportStopped';
  constructor(
    cause: unknown,
    readonly created: number,
  ) {
    super(cause instanceof Error ? cause.message : 'The import stopped.', { cause });
  }
}

/**
 * The real run, in parts of ROWS_PER_PART valid rows (docs/decisions/144-bulk-import.md): the same
 * file each time with the lines of the part, so the server's key per file and line holds across
 * parts and retries. Answers the rows of the check with each part's outcome in place.
 */
export async function importInParts(
  file: File,
  checked: ImportResponse,
  onProgress: (done: number, total: number) => void,
): Promise<ImportResponse> {
  const rows = new Map<number, ImportRow>(checked.rows.map((row) => [row.line, row]));
  const ready = checked.rows.filter((row) => row.ok && !row.postId);
  let created = 0;
  onProgress(0, ready.length);
  for (let start = 0; start < ready.length; start += ROWS_PER_PART) {
    const part = ready.slice(start, start + ROWS_PER_PART);
    try {
      const answer = await apiUpload(api.postImport.importPosts, formOf(file), {
        query: { dryRun: 'false', fromLine: part[0]?.line, toLine: part.at(-1)?.line },
        timeoutMs: PART_TIMEOUT_MS,
      });
      for (const row of answer.rows) rows.set(row.line, row);
      created += answer.created;
    } catch (error) {
      throw new ImportStopped(error, created);
    }
    onProgress(Math.min(start + ROWS_PER_PART, ready.length), ready.length);
  }
  const all = [...rows.values()].sort((a, b) => a.line - b.line);
  return { dryRun: false, timeZone: checked.timeZone, rows: all, created, failed: all.filter((row) => !row.ok).length };
}

/** The real run as a mutation; every list of posts is stale afterwards, even after a part failed. */
export function useImportPosts(onProgress: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, checked }: { file: File; checked: ImportResponse }) => importInParts(file, checked, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
