import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, postImportRoutes } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/route';
import { AppError } from '../../lib/errors';
import type { PostImportService } from './post-import.service';

const REAL_RUN_IDLE_MS = 10 * 60_000;
const megabytes = IMPORT_MAX_BYTES / (1024 * 1024);
const SEND_AS = `Send the CSV file as multipart/form-data, in a file field named "${IMPORT_FILE_FIELD}".`;

/** The one CSV file of an import, refused with 413 as soon as it passes IMPORT_MAX_BYTES. */
async function readCsvPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', SEND_AS);
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMPORT_FILE_FIELD) {
        throw new AppError('validation_failed', `Unexpected file "${part.fieldname}". ${SEND_AS}`, {
          fields: { [IMPORT_FILE_FIELD]: 'Missing' },
        });
      }
      upload = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'payload_too_large',
        `The file is larger than ${megabytes} MB. Split it into smaller files (up to 10,000 rows each) and import them one by one.`,
        { fields: { [IMPORT_FILE_FIELD]: 'Too large' } },
      );
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('payload_too_large', `Send one file at a time. ${SEND_AS}`);
    if (code?.startsWith('FST_')) throw error;
    throw new AppError('bad_request', 'The upload is not valid multipart data. Please try again.', { cause: error });
  }
  if (!upload)
    throw new AppError('validation_failed', `Choose a CSV file to import. ${SEND_AS}`, { fields: { [IMPORT_FILE_FIELD]: 'Missing' } });
  return upload;
}

export function registerPostImportRoutes(router: Router, postImport: PostImportService) {
  // Access 'editor' in the contract: viewers are refused before this runs.
  router.authed(postImportRoutes.importPosts, async ({ auth, query, request }) => {
    const file = await readCsvPart(request);
    // A real run creates one post per row, a few milliseconds each: a whole file in one call may
    // outlast the idle timeout meant for silent connections (the page sends parts instead).
    if (!query.dryRun) request.raw.socket?.setTimeout?.(REAL_RUN_IDLE_MS);
    return postImport.importCsv(auth, file, query);
  });
}
