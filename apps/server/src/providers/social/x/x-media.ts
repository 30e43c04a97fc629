import { Rejected, Unavailable } from '../errors';
import type { HttpClient, HttpRequest, HttpResponse } from '../http/http-client';
import { parseJsonAnswer } from '../http/parse';
import type { MediaUpload } from '../social-provider';
import { xApiError } from './x-errors';
import { xMediaSchema, type XMedia } from './x-schemas';

/** docs/networks.md, X · Media upload and Media limits: images up to 5 MB go in one request; GIFs and larger files in chunks. */
export const X_ONE_SHOT_MAX_BYTES = 5 * 1024 * 1024;
/** docs/networks.md, X · Media upload: keep chunks ≤ 4 MiB. */
export const X_CHUNK_BYTES = 4 * 1024 * 1024;
const MAX_STATUS_WAIT_MS = 10_000;

export interface XMediaContext {
  http: HttpClient;
  apiBaseUrl: string;
  accessToken: string;
  uploadTimeoutMs: number;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Give up on media X is still processing after this long. */
  processingTimeoutMs: number;
}

const SUBJECT = { kind: 'write', subject: 'the image' } as const;

function blobOf(media: MediaUpload, bytes: Uint8Array = media.bytes): Blob {
  return new Blob([Uint8Array.from(bytes)], { type: media.mimeType });
}

async function call(context: XMediaContext, request: Omit<HttpRequest, 'kind' | 'headers'> & { json?: unknown }): Promise<HttpResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${context.accessToken}` };
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
  form.append('media', blobOf(media), media.mimeType === 'image/png' ? 'image.png' : 'image.jpg');
  return readMedia(await call(context, { method: 'POST', url: `${context.apiBaseUrl}/2/media/upload`, body: form }));
}

/** docs/networks.md, X · Media upload: INIT, one APPEND per ≤ 4 MiB chunk, FINALIZE. */
async function uploadChunked(context: XMediaContext, media: MediaUpload): Promise<XMedia> {
  const isGif = media.mimeType === 'image/gif';
  const init = readMedia(
    await call(context, {
      method: 'POST',
      url: `${context.apiBaseUrl}/2/media/upload/initialize`,
      json: { media_type: media.mimeType, total_bytes: media.bytes.length, media_category: isGif ? 'tweet_gif' : 'tweet_image' },
    }),
  );
  const id = encodeURIComponent(init.id);
  for (let offset = 0, segment = 0; offset < media.bytes.length; offset += X_CHUNK_BYTES, segment++) {
    const form = new FormData();
    form.append('segment_index', String(segment));
    form.append('media', blobOf(media, media.bytes.subarray(offset, offset + X_CHUNK_BYTES)), 'chunk');
    // The APPEND answer is not dependable (docs/networks.md, X · Media upload): only its status matters.
    await call(context, { method: 'POST', url: `${context.apiBaseUrl}/2/media/upload/${id}/append`, body: form });
  }
  return readMedia(await call(context, { method: 'POST', url: `${context.apiBaseUrl}/2/media/upload/${id}/finalize` }));
}

/** docs/networks.md, X · Media upload: STATUS; poll while `processing_info` says X is still working on the file. */
async function waitUntilProcessed(context: XMediaContext, media: XMedia): Promise<void> {
  const deadline = context.now().getTime() + context.processingTimeoutMs;
  let current = media;
  for (;;) {
    const info = current.processing_info;
    if (!info || info.state === 'succeeded') return;
    if (info.state === 'failed') {
      throw new Rejected(`X could not process the image: ${info.error?.message ?? info.error?.name ?? 'processing failed'}`);
    }
    const waitMs = Math.min(Math.max((info.check_after_secs ?? 1) * 1000, 0), MAX_STATUS_WAIT_MS);
    if (context.now().getTime() + waitMs > deadline) throw new Unavailable('X took too long to process the image.');
    await context.sleep(waitMs);
    const url = `${context.apiBaseUrl}/2/media/upload?command=STATUS&media_id=${encodeURIComponent(current.id)}`;
    current = readMedia(await call(context, { method: 'GET', url }));
  }
}

/** Uploads one image or GIF and returns its media id (a string, docs/networks.md, X · Creating and deleting posts). */
export async function uploadXMedia(context: XMediaContext, media: MediaUpload): Promise<string> {
  const oneShot = media.mimeType !== 'image/gif' && media.bytes.length <= X_ONE_SHOT_MAX_BYTES;
  const uploaded = oneShot ? await uploadOneShot(context, media) : await uploadChunked(context, media);
  await waitUntilProcessed(context, uploaded);
  if (media.altText) {
    // docs/networks.md, X · Media upload: alt text is at most 1000 characters.
    await call(context, {
      method: 'POST',
      url: `${context.apiBaseUrl}/2/media/metadata`,
      json: { id: uploaded.id, metadata: { alt_text: { text: [...media.altText].slice(0, 1000).join('') } } },
    });
  }
  return uploaded.id;
}
