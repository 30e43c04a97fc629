-- Bulk import (docs/decisions/144-bulk-import.md): which post each row of an imported file became,
-- keyed by the file's SHA-256 and the row's line. The key is written in the transaction that
-- creates the post, so an import cut off half-way and sent again skips the rows already created
-- instead of creating them twice. Deleting the post forgets its row, so importing it again
-- creates it again.
CREATE TABLE post_import_rows (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  file_sha256  bytea NOT NULL,
  line         integer NOT NULL,
  post_id      uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, file_sha256, line)
);

CREATE INDEX post_import_rows_post ON post_import_rows (post_id);
