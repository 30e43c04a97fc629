import { OutcomeUnknown, Unavailable, type SocialProviderError } from '../errors';
import { isStreamedBody, type Fetcher, type StreamedBody } from './node-fetch';

/**
 * What a call does to the network, which decides how an uncertain failure is reported:
 * - `read` and `write` (deletes, uploads, token calls) are safe to repeat: any failure is `Unavailable`;
 * - `create` makes a post: once the request may have left, a failure is `OutcomeUnknown`, because
 *   the post may exist and a blind retry could publish it twice.
 */
export type CallKind = 'read' | 'write' | 'create';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | FormData | Uint8Array | StreamedBody;
  kind: CallKind;
  /** Overrides the client's default timeout (uploads take longer). */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface HttpClientOptions {
  /** "X" or "LinkedIn": named in messages a person reads. */
  networkName: string;
  fetch: Fetcher;
  timeoutMs: number;
}

export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

// Failures that happen before a byte of the request is sent: nothing can have been created.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_INVALID_ARG',
  'ERR_INVALID_URL',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Node's fetch wraps the socket error in `cause` (an AggregateError when several addresses were tried). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || typeof value !== 'object' || value === null) return;
    const record = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    visit(record.cause, depth + 1);
    if (Array.isArray(record.errors)) for (const inner of record.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Maps a failure to get an answer at all (no HTTP status) to a domain error. */
export function networkFailure(
  error: unknown,
  request: Pick<HttpRequest, 'kind'>,
  networkName: string,
  timeoutMs: number,
): SocialProviderError {
  const codes = errorCodes(error);
  if (!isTimeout(error) && codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code))) {
    return new Unavailable(`Could not reach ${networkName} (${codes[0]}).`);
  }
  const what = isTimeout(error)
    ? `${networkName} did not answer within ${Math.round(timeoutMs / 100) / 10} s`
    : `The connection to ${networkName} was cut before it answered (${codes[0] ?? 'network error'})`;
  if (request.kind === 'create') {
    return new OutcomeUnknown(`${what}; the post may or may not have been published.`);
  }
  return new Unavailable(`${what}.`);
}

/**
 * The one place adapters call the network: a timeout on every call (headers and body), and
 * transport failures already mapped to domain errors. HTTP error statuses are returned, not thrown:
 * each network's mapping reads its own error bodies.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  return async (request) => {
    const timeoutMs = request.timeoutMs ?? options.timeoutMs;
    try {
      const response = await options.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
        // fetch sends a streamed body only when told it will not wait for the answer first.
        ...(isStreamedBody(request.body) ? { duplex: 'half' as const } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw networkFailure(error, request, options.networkName, timeoutMs);
    }
  };
}
