import type { Queryable } from '../../db/client';

/** Which post each line of an imported file became (migration 0033). */
export function createPostImportRepository(db: Queryable) {
  return {
    /** The lines of this file already imported into the workspace, with their posts. */
    async importedLines(workspaceId: string, fileSha256: Buffer): Promise<Map<number, string>> {
      const { rows } = await db.query<{ line: number; postId: string }>(
        'SELECT line, post_id AS "postId" FROM post_import_rows WHERE workspace_id = $1 AND file_sha256 = $2',
        [workspaceId, fileSha256],
      );
      return new Map(rows.map((row) => [row.line, row.postId]));
    },

    /** In the transaction creating the post: a second import of the same line fails here (unique key). */
    async remember(row: { workspaceId: string; fileSha256: Buffer; line: number; postId: string }): Promise<void> {
      await db.query('INSERT INTO post_import_rows (workspace_id, file_sha256, line, post_id) VALUES ($1, $2, $3, $4)', [
        row.workspaceId,
        row.fileSha256,
        row.line,
        row.postId,
      ]);
    },
  };
}
