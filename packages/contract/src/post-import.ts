import { z } from 'zod';
import { networkSchema } from './accounts';
import { endpoints } from './endpoints';
import { isoDateTimeSchema } from './fields';
import { defineRoute } from './http';
import { IMPORT_COLUMNS } from './post-import-limits';

const lineNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a line number` })
    .int(`${name} must be a line number`)
    .min(2, `${name} must be 2 or more (line 1 is the header)`)
    .max(10_000_000, `${name} is past the end of any file Postflow takes`)
    .optional();

/**
 * `?dryRun=true` checks every row and creates nothing; `false` creates the valid rows. `fromLine` and
 * `toLine` limit the call to the rows starting on those lines, so a large file can be created in
 * parts (each part a short request; the page does this and shows progress).
 */
export const importQuerySchema = z
  .object({
    dryRun: z
      .enum(['true', 'false'], { error: "dryRun must be 'true' (check only) or 'false' (create the posts)" })
      .transform((value) => value === 'true'),
    fromLine: lineNumber('fromLine'),
    toLine: lineNumber('toLine'),
  })
  .refine((query) => query.fromLine === undefined || query.toLine === undefined || query.fromLine <= query.toLine, {
    message: 'fromLine must not be after toLine',
    path: ['toLine'],
  });

export const importColumnSchema = z.enum(IMPORT_COLUMNS);

/** One row of the file, by its line in the file (the header is line 1). */
export const importRowSchema = z.object({
  line: z.number().int().positive(),
  /** Valid (dry run), or created or already imported (real run). */
  ok: z.boolean(),
  /** The post created for this row (or by an earlier import of the same file). */
  postId: z.uuid().optional(),
  /** When it goes out; absent for a row added to the queue, whose slot is chosen when it is created. */
  scheduledAt: isoDateTimeSchema.optional(),
  /** True when `scheduled_at` was empty: the post takes each account's next free queue slot. */
  queue: z.boolean().optional(),
  /** The start of the row's text and the networks it names, for a preview. */
  text: z.string(),
  platforms: z.array(networkSchema),
  /** Things the person should know that do not stop the row (an image not fetched, a time moved by DST, …). */
  warnings: z.array(z.string()).optional(),
  /** Why the row is not (or was not) created; `column` null when it is about the whole row. */
  error: z.object({ column: importColumnSchema.nullable(), message: z.string() }).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResponseSchema = z.object({
  dryRun: z.boolean(),
  /** The IANA zone local times (`2027-03-02 09:00`) were read in: the person's. */
  timeZone: z.string(),
  rows: z.array(importRowSchema),
  /** Posts created by this call (0 on a dry run). */
  created: z.number().int().nonnegative(),
  /** Rows with an error (of those asked for, with fromLine and toLine). */
  failed: z.number().int().nonnegative(),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

export const postImportRoutes = {
  importPosts: defineRoute({
    ...endpoints.postImport.importPosts,
    tag: 'content',
    summary:
      "Bulk import from CSV: multipart with a file part 'file' (columns text, platforms, scheduled_at, optional image_url); ?dryRun=true checks only, false creates the valid rows",
    multipart: true,
    query: importQuerySchema,
    response: importResponseSchema,
  }),
} as const;
