import { createServer } from 'node:net';
import sharp from 'sharp';

/** Test-side helpers for talking to the sandbox: its admin API and its consent pages. */

export async function admin<T = Record<string, unknown>>(baseUrl: string, path: string, body?: unknown, method?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox admin ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export type FaultKind = 'latency' | 'rate_limit' | 'server_error' | 'connection_reset' | 'timeout_after_create' | 'processing_failed';

export function injectFault(
  baseUrl: string,
  rule: {
    network: 'x' | 'linkedin';
    endpoint: string;
    kind: FaultKind;
    holdMs?: number;
    after?: number;
    times?: number;
    /** Only requests answering a post: any (`true`), none (`false`) or that one (packages/sandbox/README.md, Faults). */
    inReplyTo?: boolean | string;
    textMatches?: string;
  },
) {
  return admin(baseUrl, '/_sandbox/faults', { rules: [{ rate: 1, times: 1, ...rule }] });
}

export function advanceClock(baseUrl: string, advanceMs: number) {
  return admin(baseUrl, '/_sandbox/clock', { advanceMs });
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const unescapeHtml = (value: string) => value.replace(/&(?:amp|quot|#39|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * Does what a person's browser does on the consent page: opens the authorization URL, fills in
 * the persona, presses "Authorize app", and returns where the network redirects to.
 */
export async function consent(authorizationUrl: string, persona: string, decision: 'authorize' | 'cancel' = 'authorize'): Promise<URL> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 300)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no consent form on the page');
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields.append(unescapeHtml(name ?? ''), unescapeHtml(value ?? ''));
  }
  fields.set('persona', '__new__');
  fields.set('new_persona', persona);
  fields.set('decision', decision);
  const answer = await fetch(new URL(unescapeHtml(action), authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  return new URL(location);
}

/** A real, small PNG (a network checks the bytes it gets). */
export function pngImage(color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Wraps fetch to count the requests an adapter makes. */
export function countingFetch(): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    },
  };
}

/** A fake network that answers every call with the given response (for malformed answers only). */
export function fakeFetch(answer: () => Response): typeof fetch {
  return async () => answer();
}

let counter = 0;
/** A text no earlier test posted (both networks refuse exact duplicates). */
export function uniqueText(prefix = 'Contract post'): string {
  counter += 1;
  return `${prefix} ${counter} ${Date.now().toString(36)}`;
}

/** An address where nothing listens: connecting is refused before a byte is sent. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The smallest bytes that pass as an MP4: an `ftyp` box, then padding (networks check the container, the sandbox its signature). */
export function tinyMp4(size = 250): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0])]);
  const padding = Buffer.alloc(Math.max(8, size - ftyp.length));
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, padding]);
}

/** A minimal PDF. */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** Request counts per sandbox endpoint name. */
export async function requestCounts(baseUrl: string): Promise<Record<string, number>> {
  const stats = await admin<{ endpoints: Record<string, { requests: number }> }>(baseUrl, '/_sandbox/stats');
  return Object.fromEntries(Object.entries(stats.endpoints).map(([name, { requests }]) => [name, requests]));
}
