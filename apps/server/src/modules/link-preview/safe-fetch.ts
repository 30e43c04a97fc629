import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { isPrivateAddress } from './private-addresses';

/**
 * Fetching a page a person named, from our own server, without letting them reach what only the
 * server can reach (docs/decisions/149-link-cards.md, 153-media-streaming.md): http(s) only on
 * the web's ports (80, 443), no user name or password in the address, every hop's host resolved by
 * us and every address checked, the connection made to the checked address (so a second DNS answer
 * cannot switch it), a few redirects each checked again, one deadline for the whole fetch (the
 * name lookups included), and a cap on the bytes read.
 */

export type FetchRefusal =
  'scheme' | 'credentials' | 'port' | 'private' | 'timeout' | 'too_large' | 'redirects' | 'status' | 'unreachable' | 'content_type';

export class FetchRefused extends Error {
  override name = 'FetchRefused';
  constructor(
    readonly reason: FetchRefusal,
    message: string,
  ) {
    super(message);
  }
}

export type Resolver = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

export interface GuardedFetchOptions {
  /** ALLOW_PRIVATE_FETCH: tests and local setups may fetch from private addresses, on any port. */
  allowPrivate: boolean;
  /** Origins fetched even on a private address (the sandbox's own, so `npm start` works offline). */
  trustedOrigins: readonly string[];
  /** One deadline for the whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  /** What to do past `maxBytes`: keep what came (a page's head is enough) or refuse (an image cut short is broken). */
  overLimit: 'truncate' | 'refuse';
  maxRedirects: number;
  accept: string;
  /** Content types taken (prefixes, lower case); anything else is refused. */
  contentTypes: readonly string[];
  /** Tests answer names themselves; by default the system resolver. */
  resolve?: Resolver;
  /** Ports taken on public hosts; by default the web's, 80 and 443 (tests add their local server's). */
  webPorts?: readonly number[];
}

export interface FetchedBody {
  /** The address that answered, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The web's own ports: anything else on a public host is more likely a service than a page (docs/security.md). */
const WEB_PORTS = [80, 443];

const systemResolve: Resolver = (hostname, callback) => dns.lookup(hostname, { all: true, verbatim: true }, callback);

/** A lookup's failure that is one of ours: the request fails with `refusal` as it is. */
const refusing = (refusal: FetchRefused) => Object.assign(new Error(refusal.message), { code: 'EREFUSED_BY_GUARD', refusal });

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Where a fetch is, so the deadline's message can name a name server that never answered. */
interface Progress {
  lookingUp: string | undefined;
}

/**
 * The connection's lookup: every address the name has must be public (and then the port must be
 * one of the web's), and only those are dialled. The answer is awaited only until the fetch's
 * deadline: then the lookup fails with the deadline's refusal, and a late answer is dropped.
 */
function checkedLookup(
  resolve: Resolver,
  guard: { allowPrivate: boolean; portRefusal: FetchRefused | undefined; signal: AbortSignal; progress: Progress },
): LookupFunction {
  return (hostname, options, callback) => {
    let settled = false;
    const answer: typeof callback = (...args: Parameters<typeof callback>) => {
      if (settled) return;
      settled = true;
      guard.progress.lookingUp = undefined;
      guard.signal.removeEventListener('abort', onDeadline);
      (callback as (...values: unknown[]) => void)(...args);
    };
    const onDeadline = () => answer(refusing(guard.signal.reason as FetchRefused), '', 0);
    if (guard.signal.aborted) return onDeadline();
    guard.progress.lookingUp = hostname;
    guard.signal.addEventListener('abort', onDeadline, { once: true });
    resolve(hostname, (error, found) => {
      if (error) return answer(error, '', 0);
      const family = typeof options.family === 'number' ? options.family : 0;
      const addresses = found.filter((address) => family === 0 || address.family === family);
      const blocked = guard.allowPrivate ? undefined : addresses.find((address) => isPrivateAddress(address.address));
      if (blocked) return answer(refusing(refusePrivate(hostname)), '', 0);
      if (guard.portRefusal) return answer(refusing(guard.portRefusal), '', 0);
      const first = addresses[0];
      if (!first) return answer(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return (answer as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      answer(null, first.address, first.family);
    });
  };
}

const refusePrivate = (host: string) =>
  new FetchRefused('private', `Postflow does not fetch pages on private or local networks (${host}). Use a public web address.`);

/** A port other than the scheme's usual 80 or 443, refused unless private fetches are allowed. */
function portRefusal(url: URL, webPorts: readonly number[]): FetchRefused | undefined {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (webPorts.includes(port)) return undefined;
  return new FetchRefused(
    'port',
    `Postflow fetches pages only on the web's usual ports (80 and 443), not port ${port} (${url.hostname}). Use the page's public address.`,
  );
}

function decoded(response: IncomingMessage): NodeJS.ReadableStream {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/** One request, no redirect followed; resolves with the response whose body is not read yet. */
function request(url: URL, options: GuardedFetchOptions, signal: AbortSignal, progress: Progress): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const trusted = options.trustedOrigins.includes(url.origin);
  const allowPrivate = options.allowPrivate || trusted;
  // Ports are judged after the address, so a local address is refused as local whatever its port.
  const unusualPort = allowPrivate ? undefined : portRefusal(url, options.webPorts ?? WEB_PORTS);
  // An address written in the URL is never looked up, so it is checked here.
  if (isIP(host) !== 0 && !allowPrivate) {
    if (isPrivateAddress(host)) return Promise.reject(refusePrivate(host));
    if (unusualPort) return Promise.reject(unusualPort);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: checkedLookup(options.resolve ?? systemResolve, {
          allowPrivate,
          portRefusal: unusualPort,
          signal,
          progress,
        }),
        signal,
        headers: {
          accept: options.accept,
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'Postflow link preview (+https://github.com/postflow)',
        },
      },
      resolve,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException & { refusal?: FetchRefused }) => reject(error.refusal ?? error));
    outgoing.end();
  });
}

async function readBody(response: IncomingMessage, options: GuardedFetchOptions): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (options.overLimit === 'refuse' && Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw new FetchRefused('too_large', `The file is larger than ${Math.round(options.maxBytes / 1024)} KB.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = decoded(response);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const room = options.maxBytes - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      response.destroy();
      if (options.overLimit === 'refuse' && chunk.length > room)
        throw new FetchRefused('too_large', `The file is larger than ${Math.round(options.maxBytes / 1024)} KB.`);
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks, size);
}

function checkAddress(url: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('scheme', 'Only http:// and https:// addresses can be previewed.');
  // Credentials in an address would be sent to the site (and kept in the card); no public page needs them.
  if (url.username || url.password)
    throw new FetchRefused(
      'credentials',
      'Addresses with a user name or password (user:pass@) cannot be previewed. Remove them from the address.',
    );
}

function parse(address: string): URL {
  try {
    return new URL(address);
  } catch {
    throw new FetchRefused('scheme', `${address.slice(0, 100)} is not a web address.`);
  }
}

async function follow(start: URL, options: GuardedFetchOptions, signal: AbortSignal, progress: Progress): Promise<FetchedBody> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    checkAddress(url);
    const response = await request(url, options, signal, progress);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new FetchRefused('status', `${url.hostname} answered a redirect without saying where to.`);
      if (hop >= options.maxRedirects)
        throw new FetchRefused('redirects', `${start.hostname} redirects more than ${options.maxRedirects} times.`);
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new FetchRefused('status', `${url.hostname} answered ${status} for that address. Check that the page opens in a browser.`);
    }
    const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
    if (!options.contentTypes.some((prefix) => contentType.startsWith(prefix))) {
      response.destroy();
      throw new FetchRefused('content_type', `That address is ${contentType.split(';')[0] || 'not a web page'}, not a web page.`);
    }
    return { url: url.href, contentType, body: await readBody(response, options) };
  }
}

/** Fetches `address` under the guard; throws only `FetchRefused`, with a message a person can act on. */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<FetchedBody> {
  const controller = new AbortController();
  const progress: Progress = { lookingUp: undefined };
  const timer = setTimeout(() => {
    const within = `within ${seconds(options.timeoutMs)} s`;
    controller.abort(
      new FetchRefused(
        'timeout',
        progress.lookingUp ? `Postflow could not look up ${progress.lookingUp} ${within}.` : `The page did not answer ${within}.`,
      ),
    );
  }, options.timeoutMs);
  try {
    return await follow(parse(address), options, controller.signal, progress);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    const refusal = (error as { refusal?: unknown }).refusal;
    if (refusal instanceof FetchRefused) throw refusal;
    if (controller.signal.reason instanceof FetchRefused) throw controller.signal.reason;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'that site name does not exist' : 'the site could not be reached';
    throw new FetchRefused('unreachable', `Postflow could not open that address: ${why}.`);
  } finally {
    clearTimeout(timer);
  }
}
