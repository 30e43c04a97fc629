import { randomUUID } from 'node:crypto';
import { bufferSource, chunksOf, type ByteSource } from '../../../lib/byte-source';
import { Rejected, Unavailable } from '../errors';
import type { HttpClient, HttpRequest, HttpResponse } from '../http/http-client';
import { parseJsonAnswer } from '../http/parse';
import type { MediaUpload, VideoUpload } from '../social-provider';
import { xApiError } from './x-errors';
import { xMediaSchema, type XMedia } from './x-schemas';

/** docs/networks.md, X · Media upload and Media limits: images up to 5 MB go in one request; GIFs and larger files in chunks. */
export const X_ONE_SHOT_MAX_BYTES = 5 * 1024 * 1024;
/** docs/networks.md, X · Media upload: keep chunks ≤ 4 MiB. */
export const X_CHUNK_BYTES = 4 * 1024 * 1024;
/** Bounds on one STATUS wait, whatever `check_after_secs` says: never a busy loop, never a minute-long nap. */
const MIN_STATUS_WAIT_MS = 500;
const MAX_STATUS_WAIT_MS = 30_000;
/** docs/networks.md, X · Media upload: alt text is at most 1,000 characters. */
const X_MAX_ALT_TEXT = 1_000;
const APPEND_RETRIES = 2;

export interface XMediaContext {
  http: HttpClient;
  apiBaseUrl: string;
  accessToken: string;
  uploadTimeoutMs: number;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Give up on media X is still processing after waiting this long. */
  processingTimeoutMs: number;
  /** Bytes per APPEND; default X_CHUNK_BYTES. */
  chunkBytes?: number | undefined;
}

const SUBJECT = { kind: 'write', subject: 'the media upload' } as const;

function blobOf(bytes: Buffer, mimeType: string): Blob {
  return new Blob([Uint8Array.from(bytes)], { type: mimeType });
}

async function call(context: XMediaContext, request: Omit<HttpRequest, 'kind'> & { json?: unknown }): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...request.headers, authorization: `Bearer ${context.accessToken}` };
  let body = request.body;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await context.http({
    method: request.method,
    url: request.url,
    headers,
    body,
    kind: 'write',
    timeoutMs: request.timeoutMs ?? context.uploadTimeoutMs,
  });
  if (response.status < 200 || response.status > 299) throw xApiError(response, SUBJECT, context.now());
  return response;
}

function readMedia(response: HttpResponse): XMedia {
  return parseJsonAnswer(xMediaSchema, response, { networkName: 'X', kind: 'write' }).data;
}

/** docs/networks.md, X · Media upload: one multipart request with the whole image. */
async function uploadOneShot(context: XMediaContext, media: MediaUpload): Promise<XMedia> {
  const form = new FormData();
  form.append('media_category', 'tweet_image');
  form.append('media_type', media.mimeType);
  form.append('media', blobOf(media.bytes, media.mimeType), media.mimeType === 'image/png' ? 'image.png' : 'image.jpg');
  return readMedia(await call(context, { method: 'POST', url: `${context.apiBaseUrl}/2/media/upload`, body: form }));
}

/** What a chunked upload sends: an image or GIF, or a video (docs/networks.md, X · Media upload, media categories). */
interface ChunkedFile {
  file: ByteSource;
  mimeType: string;
  category: 'tweet_image' | 'tweet_gif' | 'tweet_video';
}

/**
 * One APPEND's multipart body (docs/networks.md, X · Media upload: `segment_index` and the chunk as
 * `media`), streamed from the file as it is sent rather than built in memory: a video's chunks are
 * 4 MiB each (docs/decisions/153-media-streaming.md).
 */
function appendRequest(file: ChunkedFile, segment: number, range: { from: number; to: number }): Pick<HttpRequest, 'headers' | 'body'> {
  const boundary = `----postflow${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="segment_index"\r\n\r\n${segment}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="chunk"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    yield* chunksOf(file.file, range);
    yield end;
  }
  return {
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + (range.to - range.from) + end.length),
    },
    body: body(),
  };
}

/**
 * APPEND names its segment, so sending one again replaces it: a chunk that met a timeout or a 5xx
 * is read and sent again (twice at most) rather than failing the whole upload.
 */
async function appendWithRetry(context: XMediaContext, url: string, request: () => Pick<HttpRequest, 'headers' | 'body'>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await call(context, { method: 'POST', url, ...request() });
      return;
    } catch (error) {
      if (!(error instanceof Unavailable) || attempt >= APPEND_RETRIES) throw error;
    }
  }
}

/** docs/networks.md, X · Media upload: INIT, one APPEND per chunk (≤ 4 MiB, streamed from the file as it is sent), FINALIZE. */
async function uploadChunked(context: XMediaContext, file: ChunkedFile): Promise<XMedia> {
  const init = readMedia(
    await call(context, {
      method: 'POST',
      url: `${context.apiBaseUrl}/2/media/upload/initialize`,
      json: { media_type: file.mimeType, total_bytes: file.file.size, media_category: file.category },
    }),
  );
  const id = encodeURIComponent(init.id);
  const chunkBytes = context.chunkBytes ?? X_CHUNK_BYTES;
  for (let offset = 0, segment = 0; offset < file.file.size; offset += chunkBytes, segment++) {
    const [range, index] = [{ from: offset, to: Math.min(offset + chunkBytes, file.file.size) }, segment];
    // The APPEND answer is not dependable (docs/networks.md, X · Media upload): only its status matters.
    await appendWithRetry(context, `${context.apiBaseUrl}/2/media/upload/${id}/append`, () => appendRequest(file, index, range));
  }
  return readMedia(await call(context, { method: 'POST', url: `${context.apiBaseUrl}/2/media/upload/${id}/finalize` }));
}

/**
 * docs/networks.md, X · Media upload: STATUS; poll while `processing_info` says X is still working on the file, waiting
 * what `check_after_secs` asks. The wait is bounded by the time spent waiting, so a test's sleep can move a clock instead.
 */
async function waitUntilProcessed(context: XMediaContext, media: XMedia, what: string): Promise<void> {
  let waited = 0;
  let current = media;
  for (;;) {
    const info = current.processing_info;
    if (!info || info.state === 'succeeded') return;
    if (info.state === 'failed') {
      // A processing failure is X judging the file: sending it again gives the same answer.
      throw new Rejected(`X could not process ${what}: ${info.error?.message ?? info.error?.name ?? 'processing failed'}`);
    }
    const waitMs = Math.min(Math.max((info.check_after_secs ?? 1) * 1000, MIN_STATUS_WAIT_MS), MAX_STATUS_WAIT_MS);
    if (waited + waitMs > context.processingTimeoutMs) {
      throw new Unavailable(`X was still processing ${what} after ${Math.round(waited / 1000)} s; it will be tried again.`);
    }
    await context.sleep(waitMs);
    waited += waitMs;
    const url = `${context.apiBaseUrl}/2/media/upload?command=STATUS&media_id=${encodeURIComponent(current.id)}`;
    current = readMedia(await call(context, { method: 'GET', url }));
  }
}

/** docs/networks.md, X · Media upload: alt text is at most 1,000 characters. */
async function setAltText(context: XMediaContext, id: string, altText: string | undefined): Promise<void> {
  if (!altText) return;
  await call(context, {
    method: 'POST',
    url: `${context.apiBaseUrl}/2/media/metadata`,
    json: { id, metadata: { alt_text: { text: [...altText].slice(0, X_MAX_ALT_TEXT).join('') } } },
  });
}

/** Uploads one image or GIF and returns its media id (a string, docs/networks.md, X · Creating and deleting posts). */
export async function uploadXMedia(context: XMediaContext, media: MediaUpload): Promise<string> {
  const isGif = media.mimeType === 'image/gif';
  // docs/networks.md, X · Media upload: a GIF goes through the chunked upload as `tweet_gif`, so X animates it.
  const uploaded =
    !isGif && media.bytes.length <= X_ONE_SHOT_MAX_BYTES
      ? await uploadOneShot(context, media)
      : await uploadChunked(context, {
          file: bufferSource(media.bytes),
          mimeType: media.mimeType,
          category: isGif ? 'tweet_gif' : 'tweet_image',
        });
  await waitUntilProcessed(context, uploaded, isGif ? 'the GIF' : 'the image');
  await setAltText(context, uploaded.id, media.altText);
  return uploaded.id;
}

/** docs/networks.md, X · Media upload: a video goes in chunks as `tweet_video`, then X processes it before a post may use it. */
export async function uploadXVideo(context: XMediaContext, video: VideoUpload): Promise<string> {
  const uploaded = await uploadChunked(context, { file: video.file, mimeType: video.mimeType, category: 'tweet_video' });
  await waitUntilProcessed(context, uploaded, 'the video');
  await setAltText(context, uploaded.id, video.altText);
  return uploaded.id;
}
