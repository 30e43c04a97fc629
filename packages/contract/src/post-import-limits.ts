/**
 * Bulk import from a CSV file (docs/product.md, Bulk import; docs/decisions/144-bulk-import.md):
 * the columns and limits the page explains and the server enforces. Plain data, no zod, so the
 * import page loads it up front.
 */

/** The multipart field that carries the file. */
export const IMPORT_FILE_FIELD = 'file';

/** Rows after the header; a longer file is refused before its rows are checked. */
export const IMPORT_MAX_ROWS = 10_000;

/** The largest file accepted: 10,000 rows of about 500 characters; larger files are refused as they arrive. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The columns, in the template's order; `image_url` may be left out. */
export const IMPORT_COLUMNS = ['text', 'platforms', 'scheduled_at', 'image_url'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = ['text', 'platforms', 'scheduled_at'];
