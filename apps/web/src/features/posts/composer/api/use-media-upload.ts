import type { UploadedMedia } from '@postflow/contract';
import { api, MEDIA_FIELD } from '@postflow/contract/client';
import { ApiError, apiUpload, NETWORK_ERROR_MESSAGE, workspaceHeaders } from '../../../../lib/api-client';
import { getToken } from '../../../../lib/auth-tokens';
import { apiUrl } from '../../../../lib/config';

/** The server is decoding other images of this person or of others: try again after `retryAfterSeconds`. */
export class UploadBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Postflow is busy with other images; this one waits for its turn.');
  }
}

/** How often a file waits for its turn before the person is told (docs/decisions/111: a person decodes two images at once). */
const BUSY_RETRIES = 5;

/**
 * `uploadMedia`, waiting out a busy server (429 or 503 with Retry-After) a few times, as the image
 * queue asks (decision 111), so choosing many files at once never fails for that reason alone.
 */
export async function uploadPatiently(
  file: File,
  onProgress: (percent: number) => void,
  wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
): Promise<UploadedMedia> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await uploadMedia(file, onProgress);
    } catch (error) {
      if (!(error instanceof UploadBusy)) throw error;
      if (attempt >= BUSY_RETRIES)
        throw new ApiError(503, 'busy', `${file.name} could not be uploaded: Postflow is busy. Try again in a minute.`);
      onProgress(0);
      await wait(Math.min(30, error.retryAfterSeconds));
    }
  }
}

/**
 * POST /api/v1/media with upload progress (docs/product.md, Composer · Media): fetch reports no
 * upload progress, so this one call goes through XMLHttpRequest and its `upload` events. An expired
 * session (401) is sent again through the API client, which renews it.
 */
export function uploadMedia(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadedMedia> {
  const form = new FormData();
  form.append(MEDIA_FIELD, file, file.name);
  return new Promise<UploadedMedia>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(api.media.upload.method, apiUrl(api.media.upload.path));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(workspaceHeaders())) request.setRequestHeader(name, value);
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener('load', () => {
      if (request.status === 401) {
        apiUpload(api.media.upload, form, { timeoutMs: 10 * 60_000 }).then(resolve, reject);
        return;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(answer as UploadedMedia);
        return;
      }
      const error = (answer as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined)?.error;
      if (request.status === 429 || request.status === 503) {
        reject(new UploadBusy(Number(request.getResponseHeader('Retry-After')) || 1));
        return;
      }
      reject(
        new ApiError(
          request.status,
          (error?.code ?? 'internal') as ApiError['code'],
          error?.message ?? `${file.name} could not be uploaded. Try again.`,
          error?.fields ?? {},
        ),
      );
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE)));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
