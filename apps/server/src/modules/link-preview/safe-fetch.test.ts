import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-addresses';
import { FetchRefused, guardedFetch, type GuardedFetchOptions, type Resolver } from './safe-fetch';
import { imageFetchOptions, pageFetchOptions, PAGE_MAX_BYTES } from './link-fetch-limits';

const PAGE = '<html><head><meta property="og:title" content="Local page"></head><body>hello</body></html>';

let base: string;
let other: string;
const servers: http.Server[] = [];

function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  other = await listen((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Other</title>'));
  base = await listen((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/page':
        return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      case '/to-page':
        return response.writeHead(302, { location: '/page' }).end();
      case '/to-other':
        return response.writeHead(301, { location: `${other}/` }).end();
      case '/loop':
        return response.writeHead(302, { location: '/loop' }).end();
      case '/to-file':
        return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      case '/to-odd-port':
        return response.writeHead(302, { location: 'http://93.184.216.34:8080/admin' }).end();
      case '/to-credentials':
        return response.writeHead(302, { location: 'http://user:secret@93.184.216.34/' }).end();
      case '/json':
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      case '/huge':
        // 2 MB of HTML: only the first 512 KB is read.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write(PAGE);
        for (let i = 0; i < 32; i += 1) response.write('x'.repeat(64 * 1024));
        return response.end();
      case '/big-image':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(6 * 1024 * 1024));
      case '/silent':
        return; // never answers
      case '/missing':
        return response.writeHead(404, { 'content-type': 'text/html' }).end('nope');
      default:
        return response.writeHead(500).end();
    }
  });
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

const guarded = (overrides: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({
  ...pageFetchOptions({ allowPrivate: false, trustedOrigins: [] }),
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return error as FetchRefused;
}

/** A resolver that answers names from a table, as a hostile DNS server could. */
const answering =
  (table: Record<string, string[]>): Resolver =>
  (hostname, callback) =>
    callback(
      null,
      (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('which addresses count as private', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:0:7f00:1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    '2001::1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34', '64:ff9b::808:808'])(
    '%s is public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('fetching a page under the guard', () => {
  describe('with ALLOW_PRIVATE_FETCH off', () => {
    it('refuses a private IPv4 address written in the URL', async () => {
      const error = await refusal(guardedFetch(`${base}/page`, guarded()));
      expect(error.reason).toBe('private');
      expect(error.message).toMatch(/private or local networks/);
    });

    it('refuses a name that resolves to loopback (localhost)', async () => {
      const port = new URL(base).port;
      expect((await refusal(guardedFetch(`http://localhost:${port}/page`, guarded()))).reason).toBe('private');
    });

    it('refuses IPv6 loopback, IPv4-mapped IPv6 and other spellings of loopback written in the URL', async () => {
      const port = new URL(base).port;
      // Decimal and hexadecimal spellings of 127.0.0.1 are read as the address they are.
      for (const host of ['[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:a00:1]', '2130706433', '0x7f.1']) {
        expect((await refusal(guardedFetch(`http://${host}:${port}/page`, guarded()))).reason).toBe('private');
      }
    });

    it('refuses a name when any of its addresses is private, IPv4-mapped forms included', async () => {
      const resolve = answering({
        'mixed.example': ['93.184.216.34', '127.0.0.1'],
        'mapped.example': ['::ffff:169.254.169.254'],
        'unique-local.example': ['fd00::1'],
      });
      for (const host of ['mixed.example', 'mapped.example', 'unique-local.example']) {
        expect((await refusal(guardedFetch(`http://${host}/`, guarded({ resolve })))).reason).toBe('private');
      }
    });

    it('connects to the address it checked, so a second DNS answer cannot switch it', async () => {
      // The first answer is public (and nothing there answers on this port); a rebinding server would
      // answer 127.0.0.1 the second time, where our page is. The guard asks once per hop and dials
      // what it checked, so it never reaches the local page.
      let asked = 0;
      const resolve: Resolver = (_hostname, callback) => {
        asked += 1;
        callback(null, [{ address: asked === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
      };
      const port = Number(new URL(base).port);
      const options = guarded({ resolve, timeoutMs: 500, webPorts: [80, 443, port] });
      const error = await refusal(guardedFetch(`http://rebind.example:${port}/page`, options));
      expect(['timeout', 'unreachable']).toContain(error.reason);
      expect(asked).toBe(1);
    });

    it('refuses a public host on a port other than 80 and 443, before connecting, also when a redirect names one', async () => {
      const resolve = answering({ 'shop.example': ['93.184.216.34'] });
      for (const address of ['http://93.184.216.34:8080/', 'https://shop.example:8443/', 'http://shop.example:22/']) {
        const error = await refusal(guardedFetch(address, guarded({ resolve, timeoutMs: 2_000 })));
        expect(error.reason, address).toBe('port');
        expect(error.message).toMatch(/only on the web's usual ports \(80 and 443\), not port \d+/);
      }
      const trusted = guarded({ trustedOrigins: [new URL(base).origin] });
      expect((await refusal(guardedFetch(`${base}/to-odd-port`, trusted))).reason).toBe('port');
    });

    it('refuses an address with a user name or password, also when a redirect names one', async () => {
      const error = await refusal(guardedFetch('http://user:secret@93.184.216.34/', guarded()));
      expect(error.reason).toBe('credentials');
      expect(error.message).toMatch(/user name or password/);
      const trusted = guarded({ trustedOrigins: [new URL(base).origin] });
      expect((await refusal(guardedFetch(`${base}/to-credentials`, trusted))).reason).toBe('credentials');
    });

    it('gives up on a name lookup that never answers at the same deadline, naming the lookup, and drops a late answer', async () => {
      let late: Parameters<Resolver>[1] | undefined;
      const resolve: Resolver = (_hostname, callback) => {
        late = callback;
      };
      const started = Date.now();
      const error = await refusal(guardedFetch('http://slow-dns.example/', guarded({ resolve, timeoutMs: 300 })));
      expect(error.reason).toBe('timeout');
      expect(error.message).toBe('Postflow could not look up slow-dns.example within 0.3 s.');
      expect(Date.now() - started).toBeLessThan(2_000);
      // The name server answers after all: nothing is dialled, nothing throws.
      late?.(null, [{ address: '127.0.0.1', family: 4 }]);
    });

    it('checks every redirect again: a trusted origin cannot send it to a private one', async () => {
      const options = guarded({ trustedOrigins: [new URL(base).origin] });
      await expect(guardedFetch(`${base}/to-page`, options)).resolves.toMatchObject({ url: `${base}/page` });
      expect((await refusal(guardedFetch(`${base}/to-other`, options))).reason).toBe('private');
    });
  });

  describe('with ALLOW_PRIVATE_FETCH on', () => {
    const open = (overrides: Partial<GuardedFetchOptions> = {}) => guarded({ allowPrivate: true, ...overrides });

    it('reads a local page and follows a redirect', async () => {
      const page = await guardedFetch(`${base}/to-page`, open());
      expect(page.url).toBe(`${base}/page`);
      expect(page.body.toString()).toContain('Local page');
    });

    it('refuses other schemes, also when a redirect names one', async () => {
      expect((await refusal(guardedFetch('ftp://example.com/file', open()))).reason).toBe('scheme');
      expect((await refusal(guardedFetch(`${base}/to-file`, open()))).reason).toBe('scheme');
    });

    it('gives up after three redirects', async () => {
      const error = await refusal(guardedFetch(`${base}/loop`, open()));
      expect(error.reason).toBe('redirects');
      expect(error.message).toMatch(/more than 3 times/);
    });

    it('gives up at the deadline when the site does not answer', async () => {
      const started = Date.now();
      const error = await refusal(guardedFetch(`${base}/silent`, open({ timeoutMs: 300 })));
      expect(error.reason).toBe('timeout');
      expect(error.message).toMatch(/did not answer within 0.3 s/);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('reads at most 512 KB of a page', async () => {
      const page = await guardedFetch(`${base}/huge`, open());
      expect(page.body.length).toBe(PAGE_MAX_BYTES);
      expect(page.body.toString()).toContain('Local page');
    });

    it('refuses a picture over the size limit rather than keep half of it', async () => {
      const options = imageFetchOptions({ allowPrivate: true, trustedOrigins: [] });
      expect((await refusal(guardedFetch(`${base}/big-image`, options))).reason).toBe('too_large');
    });

    it('refuses an answer that is not a web page, and an error status', async () => {
      const json = await refusal(guardedFetch(`${base}/json`, open()));
      expect(json.reason).toBe('content_type');
      expect(json.message).toMatch(/application\/json, not a web page/);
      const missing = await refusal(guardedFetch(`${base}/missing`, open()));
      expect(missing.message).toMatch(/answered 404/);
    });
  });
});
