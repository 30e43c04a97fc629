import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/**
 * A body sent as it is read (a document's file), with its `content-length` header set by the
 * caller; it can be sent once, so a retry makes a new one.
 */
export type StreamedBody = AsyncIterable<Uint8Array>;

export const isStreamedBody = (body: unknown): body is StreamedBody =>
  typeof body === 'object' && body !== null && Symbol.asyncIterator in body;

/** What the HTTP client needs of `fetch`: the global one fits, and so does `nodeFetch`. */
export type Fetcher = (
  url: string,
  init: {
    method: string;
    headers?: Record<string, string>;
    body?: string | URLSearchParams | FormData | Uint8Array | StreamedBody;
    signal: AbortSignal;
    duplex?: 'half';
  },
) => Promise<{ status: number; headers: Headers; text(): Promise<string> }>;

// Connections are kept open between calls, as fetch keeps them: an idle one is closed after 4 s
// (fetch's default), or sooner when the server announces a shorter keep-alive, so a call is not
// sent on a connection the server is closing. Node applies the server's hint only below a timeout.
const IDLE_MS = 4_000;
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  https: new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

const named = (headers: Record<string, string>, name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);

/**
 * The adapters' calls through Node's own HTTP client instead of `fetch`: a publish is one small
 * request and answer, and fetch's web streams cost the worker a third of its CPU per post
 * (docs/decisions/121-cheaper-publishing.md). Same contract as fetch for what the client uses: the
 * signal aborts the call and the reading of the answer, failures carry the socket's error code,
 * redirects are not followed (the networks' APIs answer without them). Multipart bodies (image
 * uploads) still go through fetch, which encodes them; a streamed body (a document's file) is piped
 * as it is read, with the length its caller gave.
 */
export const nodeFetch: Fetcher = (url, init) => {
  const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
  if (body instanceof FormData) return globalThis.fetch(url, init);
  const { signal } = init;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(signal.aborted ? signal.reason : error);
    const target = new URL(url);
    // What fetch sends when the caller does not say.
    const headers: Record<string, string> = { accept: '*/*', 'user-agent': 'node', ...init.headers };
    if (init.body instanceof URLSearchParams && !named(headers, 'content-type')) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    if (body !== undefined && !isStreamedBody(body)) headers['content-length'] = String(Buffer.byteLength(body));
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(
      target,
      { method: init.method, headers, agent: secure ? agents.https : agents.http, signal },
      (response) => {
        const chunks: Buffer[] = [];
        let ended = false;
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          ended = true;
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: headersOf(response.rawHeaders), text: () => Promise.resolve(text) });
        });
        // The connection closed before the whole answer arrived.
        response.on('close', () => {
          if (!ended) fail(Object.assign(new Error('The connection closed before the answer was complete.'), { code: 'ECONNRESET' }));
        });
      },
    );
    request.on('error', fail);
    if (!isStreamedBody(body)) return void request.end(body);
    const source = Readable.from(body);
    source.on('error', (error) => request.destroy(error));
    source.pipe(request);
  });
};
