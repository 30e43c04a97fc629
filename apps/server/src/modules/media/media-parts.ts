import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { StagedFile } from './media-storage';
import { cleanFileName, type MediaService } from './media.service';

/**
 * The data part of a post with 20 images and their alt texts (4,086 characters each on LinkedIn) or
 * many channels' own texts runs past 64 KB; 1 MiB holds every post the limits allow.
 */
const MAX_FIELD_BYTES = 1024 * 1024;

export interface UploadedFile {
  /** The multipart field it came in. */
  field: string;
  fileName: string;
  /** Written aside as it arrived; saved with the media, or removed when the request is done. */
  file: StagedFile;
}

export interface MultipartOptions {
  /** Whose uploads the files count as (MediaService.startUpload). */
  uploader: string;
  fileFields: readonly string[];
  maxFiles: number;
  /** The largest file part (MEDIA_MAX_BYTES). */
  maxBytes: number;
  /** Smaller limits for some fields (the old `image` part takes images only). */
  fieldMaxBytes?: Readonly<Record<string, number>>;
  /** All file parts together; by default `maxBytes`. */
  maxTotalBytes?: number;
  sendAs: string;
}

export interface MultipartBody {
  files: UploadedFile[];
  fields: Record<string, string>;
}

type Stager = Pick<MediaService, 'stage' | 'discardStaged' | 'startUpload'>;

/** What one request holds until it ends: the files it staged, and its upload slot once a file arrived. */
interface Held {
  staged: StagedFile[];
  endUpload?: () => void;
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Passes a file part's chunks on while counting them, and stops it with a 413 naming the file once past a limit. */
async function* counted(
  part: AsyncIterable<Buffer>,
  fileName: string,
  limits: { file: number; fieldOnly: boolean; roomLeft: number; total: number },
) {
  let size = 0;
  for await (const chunk of part) {
    size += chunk.length;
    if (size > limits.file)
      throw new AppError(
        'payload_too_large',
        `${fileName} is larger than ${mib(limits.file)}, the largest ${limits.fieldOnly ? 'file this part takes' : 'file Postflow takes'}.`,
      );
    if (size > limits.roomLeft)
      throw new AppError(
        'payload_too_large',
        `${fileName} takes the files of this request past ${mib(limits.total)} in all; send fewer or smaller files.`,
      );
    yield chunk;
  }
}

async function readParts(request: FastifyRequest, media: Stager, options: MultipartOptions, held: Held): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', options.sendAs);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const total = options.maxTotalBytes ?? options.maxBytes;
  let received = 0;
  try {
    const parts = request.parts({
      // One byte over the limit reaches `counted`, which names the file; the parser's own limit is the backstop.
      limits: {
        fileSize: options.maxBytes + 1,
        files: options.maxFiles,
        fields: 4,
        parts: options.maxFiles + 4,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const fileName = cleanFileName(part.filename);
        if (!options.fileFields.includes(part.fieldname))
          throw new AppError('validation_failed', `Unexpected file "${part.fieldname}". ${options.sendAs}`, {
            fields: { [part.fieldname]: 'Unexpected file' },
          });
        // Counted from the first file on: a post of text alone holds no slot.
        held.endUpload ??= media.startUpload(options.uploader);
        const fieldMax = options.fieldMaxBytes?.[part.fieldname];
        const limits = { file: fieldMax ?? options.maxBytes, fieldOnly: fieldMax !== undefined, roomLeft: total - received, total };
        const file = await media.stage(Readable.from(counted(part.file, fileName, limits)));
        held.staged.push(file);
        received += file.size;
        // Refused rather than skipped: the data part's alt texts follow the files' order.
        if (!file.size)
          throw new AppError('validation_failed', `${fileName} is empty; choose the file again.`, {
            fields: { [part.fieldname]: 'Empty file' },
          });
        files.push({ field: part.fieldname, fileName, file });
      } else {
        // Cut short by the size limit, the JSON would only read as "not valid JSON".
        if (part.valueTruncated)
          throw new AppError('payload_too_large', `The "${part.fieldname}" part is larger than ${mib(MAX_FIELD_BYTES)}.`, {
            fields: { [part.fieldname]: 'Too large' },
          });
        // A second part of the same name would silently replace the first (or be ignored): neither is what was meant.
        if (Object.hasOwn(fields, part.fieldname))
          throw new AppError('validation_failed', `The request has more than one "${part.fieldname}" part; send it once.`, {
            fields: { [part.fieldname]: 'Sent more than once' },
          });
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const fileName = cleanFileName((error as { part?: { filename?: string } }).part?.filename);
      throw new AppError('payload_too_large', `${fileName} is larger than ${mib(options.maxBytes)}, the largest file Postflow takes.`);
    }
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(
        'payload_too_large',
        options.maxFiles === 1 ? 'Send one file at a time.' : `Send at most ${options.maxFiles} files at once.`,
        { cause: error },
      );
    // The app-wide wording of these (one "data" part and one image) is the avatar's, not this route's.
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('payload_too_large', `The request has more parts than Postflow takes. ${options.sendAs}`, { cause: error });
    if (code?.startsWith('FST_')) throw error;
    throw new AppError('bad_request', 'The upload is not valid multipart data. Please try again.', { cause: error });
  }
  return { files, fields };
}

/**
 * Reads a multipart body's files (in the order sent, only from `fileFields`) and its text fields,
 * and hands them to `use`. Each file streams to a staged file in the media storage as it arrives,
 * counted against its limit and the request's, so a 512 MiB video never sits in memory
 * (docs/decisions/153-media-streaming.md). However the request ends (a refusal, an error, a client
 * that went away), every staged file `use` did not save is removed.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  media: Stager,
  options: MultipartOptions,
  use: (body: MultipartBody) => Promise<T>,
): Promise<T> {
  const held: Held = { staged: [] };
  try {
    return await use(await readParts(request, media, options, held));
  } finally {
    held.endUpload?.();
    await Promise.all(held.staged.map((file) => media.discardStaged(file)));
  }
}
