import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OutcomeUnknown, Unavailable } from '../errors';
import { createHttpClient } from './http-client';
import { nodeFetch } from './node-fetch';
import { redact } from './redact';

function failingFetch(error: unknown): typeof fetch {
  return async () => {
    throw error;
  };
}

const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });

describe('createHttpClient', () => {
  it('reports a refused connection as unavailable even for a create: nothing was sent', async () => {
    const http = createHttpClient({ networkName: 'X', fetch: failingFetch(fetchFailed('ECONNREFUSED')), timeoutMs: 1000 });
    await expect(http({ method: 'POST', url: 'http://x.invalid/2/tweets', kind: 'create' })).rejects.toBeInstanceOf(Unavailable);
  });

  it('reports a cut connection as an unknown outcome on a create, unavailable on a read', async () => {
    const http = createHttpClient({ networkName: 'X', fetch: failingFetch(fetchFailed('ECONNRESET')), timeoutMs: 1000 });
    await expect(http({ method: 'POST', url: 'http://x.invalid/2/tweets', kind: 'create' })).rejects.toBeInstanceOf(OutcomeUnknown);
    await expect(http({ method: 'GET', url: 'http://x.invalid/2/users/me', kind: 'read' })).rejects.toBeInstanceOf(Unavailable);
  });

  it('gives up after the timeout and says the post may exist', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const http = createHttpClient({ networkName: 'LinkedIn', fetch: hanging, timeoutMs: 50 });
    const error = await http({ method: 'POST', url: 'http://li.invalid/rest/posts', kind: 'create' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as Error).message).toMatch(/did not answer within 0\.1 s; the post may or may not have been published/);
  });
});

describe("createHttpClient over Node HTTP (the adapters' default)", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A network that answers the headers and part of the body, then holds or cuts the connection. */
  async function network(after: 'hold' | 'cut'): Promise<string> {
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(201, { 'content-type': 'application/json', 'content-length': '100', 'x-rate-limit-reset': '1' });
      response.write('{"data":');
      if (after === 'cut') setTimeout(() => response.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('says the post may exist when the answer stops coming after the headers, and when the connection is cut mid-answer', async () => {
    const held = createHttpClient({ networkName: 'X', fetch: nodeFetch, timeoutMs: 100 });
    const timedOut = await held({ method: 'POST', url: `${await network('hold')}/2/tweets`, body: '{}', kind: 'create' }).catch(
      (caught: unknown) => caught,
    );
    expect(timedOut).toBeInstanceOf(OutcomeUnknown);
    expect((timedOut as Error).message).toMatch(/did not answer within 0\.1 s/);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;

    const cut = createHttpClient({ networkName: 'X', fetch: nodeFetch, timeoutMs: 5_000 });
    const url = `${await network('cut')}/2/tweets`;
    const error = await cut({ method: 'POST', url, body: '{}', kind: 'create' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as Error).message).toMatch(/connection to X was cut before it answered/);
    await expect(cut({ method: 'GET', url, kind: 'read' })).rejects.toBeInstanceOf(Unavailable);
  });

  it('reports a refused connection as unavailable: nothing was sent', async () => {
    const url = await network('hold');
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const http = createHttpClient({ networkName: 'LinkedIn', fetch: nodeFetch, timeoutMs: 1_000 });
    await expect(http({ method: 'POST', url: `${url}/rest/posts`, body: '{}', kind: 'create' })).rejects.toBeInstanceOf(Unavailable);
  });
});

describe('redact', () => {
  it('removes tokens but keeps numeric ids and urns', () => {
    const text =
      '{"access_token":"abc","refresh_token":"def","id":"1445880548472328192","urn":"urn:li:share:7429862475279511552"} Bearer AQUvlL_DYEzvT2wz1QJiEPeLioeA';
    const cleaned = redact(text);
    expect(cleaned).not.toMatch(/abc|def|AQUvlL/);
    expect(cleaned).toContain('1445880548472328192');
    expect(cleaned).toContain('urn:li:share:7429862475279511552');
  });
});
