import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const ARTICLE = `<!doctype html><html><head><title>Fallback</title>
<meta property="og:title" content="Launch notes &amp; lessons">
<meta property="og:description" content="What we learnt shipping v2.">
<meta property="og:image" content="/cover.png">
<meta property="og:site_name" content="Acme blog"></head><body></body></html>`;

let site: http.Server;
let siteUrl: string;
let articleHits = 0;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === '/article') {
      articleHits += 1;
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    }
    if (request.url === '/report.pdf') return response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

const preview = (t: TestApp, person: TestSession | undefined, url: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/link-preview', headers: person?.headers ?? {}, payload: { url } });

describe('POST /api/v1/link-preview with ALLOW_PRIVATE_FETCH on (tests, local setups)', () => {
  let t: TestApp;
  let person: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_FETCH: 'on' }, worker: false });
    person = await signUp(t);
  });
  afterAll(() => t.close());

  it("answers the page's card, and fetches the page once for repeated asks", async () => {
    const hitsBefore = articleHits;
    const first = await preview(t, person, `${siteUrl}/article`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      url: `${siteUrl}/article`,
      title: 'Launch notes & lessons',
      description: 'What we learnt shipping v2.',
      imageUrl: `${siteUrl}/cover.png`,
      siteName: 'Acme blog',
    });
    const again = await preview(t, person, `${siteUrl}/article`);
    expect(again.json()).toEqual(first.json());
    expect(articleHits - hitsBefore).toBe(1);
  });

  it('answers 400 with a reason a person can act on for what is not a web page', async () => {
    const pdf = await preview(t, person, `${siteUrl}/report.pdf`);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('That address is application/pdf, not a web page.');
    const missing = await preview(t, person, `${siteUrl}/gone`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.url).toMatch(/answered 404.*opens in a browser/);
    const ftp = await preview(t, person, 'ftp://files.example.com/notes');
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error.fields.url).toMatch(/http:\/\/ or https:\/\//);
  });

  it('refuses an address with a user name or password, naming the field, before fetching anything', async () => {
    const hitsBefore = articleHits;
    const answer = await preview(t, person, `http://reader:secret@${new URL(siteUrl).host}/article`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields.url).toMatch(/^url must not contain a user name or password/);
    expect(articleHits).toBe(hitsBefore);
  });

  it('needs a session', async () => {
    expect((await preview(t, undefined, `${siteUrl}/article`)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/link-preview with ALLOW_PRIVATE_FETCH off (the default)', () => {
  let t: TestApp;
  let person: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t);
  });
  afterAll(() => t.close());

  it('refuses a page on a local address with 400, never fetching it', async () => {
    const hitsBefore = articleHits;
    for (const url of [
      `${siteUrl}/article`,
      `http://localhost:${new URL(siteUrl).port}/article`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const answer = await preview(t, person, url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.message).toMatch(/^Postflow does not fetch pages on private or local networks/);
    }
    expect(articleHits).toBe(hitsBefore);
  });

  it('refuses a public address on a port other than 80 and 443, saying so', async () => {
    const answer = await preview(t, person, 'http://93.184.216.34:8080/status');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields.url).toBe(
      "Postflow fetches pages only on the web's usual ports (80 and 443), not port 8080 (93.184.216.34). Use the page's public address.",
    );
  });
});
