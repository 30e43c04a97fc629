import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { cleanFileName } from './media.service';

/**
 * The data part of a post with 20 images and their alt texts (4,086 characters each on LinkedIn) or
 * many channels' own texts runs past 64 KB; 1 MiB holds every post the limits allow.
 */
const MAX_FIELD_BYTES = 1024 * 1024;

export interface UploadedFile {
  /** The multipart field it came in. */
  field: string;
  fileName: string;
  bytes: Buffer;
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Reads a multipart body's files (in the order sent, only from `fileFields`) and its text fields.
 * Each file is read into memory once, up to `maxBytes` (MEDIA_MAX_BYTES): the byte checks need to
 * reach an MP4's `moov` box, which may sit at the end (docs/decisions/147-media-app.md).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; maxFiles: number; maxBytes: number; sendAs: string },
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', options.sendAs);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 4, parts: options.maxFiles + 4, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const fileName = cleanFileName(part.filename);
        if (!options.fileFields.includes(part.fieldname))
          throw new AppError('validation_failed', `Unexpected file "${part.fieldname}". ${options.sendAs}`, {
            fields: { [part.fieldname]: 'Unexpected file' },
          });
        try {
          const bytes = await part.toBuffer();
          // Refused rather than skipped: the data part's alt texts follow the files' order.
          if (!bytes.length)
            throw new AppError('validation_failed', `${fileName} is empty; choose the file again.`, {
              fields: { [part.fieldname]: 'Empty file' },
            });
          files.push({ field: part.fieldname, fileName, bytes });
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(
              'payload_too_large',
              `${fileName} is larger than ${mib(options.maxBytes)}, the largest file Postflow takes.`,
            );
          throw error;
        }
      } else {
        // Cut short by the size limit, the JSON would only read as "not valid JSON".
        if (part.valueTruncated)
          throw new AppError('payload_too_large', `The "${part.fieldname}" part is larger than ${mib(MAX_FIELD_BYTES)}.`, {
            fields: { [part.fieldname]: 'Too large' },
          });
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('payload_too_large', `Send at most ${options.maxFiles} files at once.`, { cause: error });
    if (code?.startsWith('FST_')) throw error;
    throw new AppError('bad_request', 'The upload is not valid multipart data. Please try again.', { cause: error });
  }
  return { files, fields };
}
