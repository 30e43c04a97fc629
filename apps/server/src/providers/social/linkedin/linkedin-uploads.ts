import type { z } from 'zod';
import { Rejected, Unavailable } from '../errors';
import type { HttpClient, HttpResponse } from '../http/http-client';
import { parseJsonAnswer } from '../http/parse';
import { redact } from '../http/redact';
import { linkedInApiError, type LinkedInCall } from './linkedin-errors';
import { linkedInMediaStatusSchema } from './linkedin-schemas';
import { encodeKey } from './restli';

/** What every LinkedIn upload (images, videos, documents) needs from the adapter. */
export interface LinkedInUploadContext {
  http: HttpClient;
  apiBaseUrl: string;
  /** Hosts the upload URL may point at: the bytes (and, for images and documents, the bearer token) go there. */
  trustedUploadHosts: string[];
  restHeaders: (accessToken: string) => Record<string, string>;
  accessToken: string;
  uploadTimeoutMs: number;
  now: () => Date;
  /** Give up on media LinkedIn is still processing after waiting this long. */
  processingTimeoutMs: number;
  /** Between two status reads. */
  pollIntervalMs: number;
  sleep: (ms: number) => Promise<void>;
}

function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

/** Throws the domain error of a failed upload step; uploads are `write` calls, so a 5xx or timeout there is retryable. */
export function orThrowUpload(context: LinkedInUploadContext, response: HttpResponse, call: LinkedInCall): HttpResponse {
  if (!isSuccess(response)) throw linkedInApiError(response, call, context.now());
  return response;
}

/** A Rest.li action (`?action=initializeUpload`, `finalizeUpload`) on /rest/{resource}. */
export async function restAction<T extends z.ZodType>(
  context: LinkedInUploadContext,
  call: LinkedInCall,
  path: string,
  body: unknown,
  schema: T,
): Promise<z.infer<T>> {
  const response = await context.http({
    method: 'POST',
    url: `${context.apiBaseUrl}${path}`,
    headers: { ...context.restHeaders(context.accessToken), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    kind: 'write',
  });
  return parseJsonAnswer(schema, orThrowUpload(context, response, call), { networkName: 'LinkedIn', kind: 'write' });
}

/** The upload URL LinkedIn handed out, once we know its host is LinkedIn's (or the sandbox's). */
export function trustedUploadUrl(context: LinkedInUploadContext, address: string, what: string): URL {
  const url = new URL(address);
  const host = url.hostname.toLowerCase();
  if (context.trustedUploadHosts.includes(host) || host === 'linkedin.com' || host.endsWith('.linkedin.com')) return url;
  throw new Unavailable(`LinkedIn gave an upload address on an unexpected host (${redact(url.hostname, 100)}); ${what} was not sent.`);
}

/**
 * docs/networks.md, LinkedIn · Video upload, Document upload: read `/rest/{videos|documents}/{urn}` until AVAILABLE. A
 * processing failure is LinkedIn judging the file, so it is final; still processing after the timeout is retryable.
 */
export async function waitUntilAvailable(
  context: LinkedInUploadContext,
  resource: 'videos' | 'documents',
  urn: string,
  call: LinkedInCall,
): Promise<void> {
  let waited = 0;
  for (;;) {
    const response = await context.http({
      method: 'GET',
      url: `${context.apiBaseUrl}/rest/${resource}/${encodeKey(urn)}`,
      headers: context.restHeaders(context.accessToken),
      kind: 'read',
    });
    const media = parseJsonAnswer(linkedInMediaStatusSchema, orThrowUpload(context, response, call), {
      networkName: 'LinkedIn',
      kind: 'read',
    });
    if (media.status === 'AVAILABLE') return;
    if (media.status === 'PROCESSING_FAILED') {
      throw new Rejected(
        `LinkedIn could not process ${call.subject}: ${redact(media.processingFailureReason ?? 'processing failed', 300)}`,
      );
    }
    if (waited + context.pollIntervalMs > context.processingTimeoutMs) {
      throw new Unavailable(`LinkedIn was still processing ${call.subject} after ${Math.round(waited / 1000)} s; it will be tried again.`);
    }
    await context.sleep(context.pollIntervalMs);
    waited += context.pollIntervalMs;
  }
}

/** Sends one part again (at most twice) after a timeout or 5xx: a PUT to the same upload URL replaces what was there. */
export async function withPartRetry<T>(attempt: () => Promise<T>, retries = 2): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Unavailable) || tries >= retries) throw error;
    }
  }
}
