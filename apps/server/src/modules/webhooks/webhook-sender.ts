import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookTarget, WebhookAddressRefused, type LookupAll } from './webhook-address';

/** What one attempt came to: the receiver's status (undefined when it never answered) and, on failure, why in words. */
export interface SendOutcome {
  ok: boolean;
  status: number | undefined;
  error: string | undefined;
  /** The start of the answer, for the delivery log. */
  excerpt: string | undefined;
}

/** How much of an answer is read: the log keeps only its start, and a receiver must not make us read megabytes. */
const READ_BYTES = 4 * 1024;
const EXCERPT_CHARS = 300;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * POSTs one signed message: the host resolved once and checked (./webhook-address.ts), the
 * connection made to that address, one deadline for all of it (lookup, connect, answer), no
 * redirect followed (a receiver that moved must be edited, not followed blindly).
 */
export async function sendWebhook(
  address: string,
  message: { body: string; headers: Record<string, string> },
  options: { allowPrivate: boolean; timeoutMs: number; lookup?: LookupAll },
): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const timedOut = { ok: false, status: undefined, error: `No answer within ${seconds(options.timeoutMs)}.`, excerpt: undefined };
  try {
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason)));
    aborted.catch(() => {});
    const target = await Promise.race([resolveWebhookTarget(address, options), aborted]);
    // The connection's lookup answers the addresses checked above, never asking DNS again.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      const [first] = target.addresses as [{ address: string; family: 4 | 6 }];
      if (lookupOptions.all) (callback as (error: null, all: Array<{ address: string; family: number }>) => void)(null, target.addresses);
      else callback(null, first.address, first.family);
    };
    const client = target.url.protocol === 'https:' ? https : http;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = client.request(
        target.url,
        {
          method: 'POST',
          agent: false,
          lookup: pinned,
          signal: controller.signal,
          headers: {
            ...message.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(message.body)),
            'user-agent': 'Postflow-Webhooks/1.0',
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          response.on('data', (chunk: Buffer) => {
            if (size >= READ_BYTES) return;
            chunks.push(chunk.subarray(0, READ_BYTES - size));
            size += chunk.length;
            if (size >= READ_BYTES) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(message.body);
    });
    // PostgreSQL text cannot hold NUL: a binary answer must still be logged, or the attempt could
    // not be recorded and the job would send the message again.
    const excerpt = answer.text.replaceAll('\u0000', '\uFFFD').trim().slice(0, EXCERPT_CHARS) || undefined;
    const ok = answer.status >= 200 && answer.status <= 299;
    return {
      ok,
      status: answer.status,
      error: ok
        ? undefined
        : `The receiver answered ${answer.status}${answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : ''}.`,
      excerpt,
    };
  } catch (error) {
    if (controller.signal.aborted) return timedOut;
    if (error instanceof WebhookAddressRefused) return { ok: false, status: undefined, error: error.message, excerpt: undefined };
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ECONNREFUSED'
        ? 'the connection was refused'
        : code === 'ECONNRESET'
          ? 'the connection was closed before an answer'
          : (error as Error).message;
    return { ok: false, status: undefined, error: `Could not deliver: ${why}.`, excerpt: undefined };
  } finally {
    clearTimeout(timer);
  }
}
