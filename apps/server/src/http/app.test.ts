import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

describe('the HTTP surface', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'postflow-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Postflow</title><div id="root"></div>');
  mkdirSync(path.join(webDist, 'assets'));
  const script = 'console.log("postflow");'.repeat(200);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));

  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist, WEB_API_BASE_URL: 'https://api.example.com' } });
  });
  afterAll(() => t.close());

  it('answers an unknown API call with a JSON 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/content/nothing-here', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'There is no API call POST /content/nothing-here.' } });
  });

  it('serves the web app for page navigations the API does not claim', async () => {
    for (const url of ['/dashboard', '/reset-password?token=abc', '/some/unknown/page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves the home page to a client that asks for anything, such as curl, but no API call', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      const home = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<div id="root"></div>');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { accept: '*/*' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('sends hashed assets compressed to browsers that accept it, cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('postflow');
  });

  it('tells the web app its API base address at run time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"apiBaseUrl":"https://api.example.com"');
  });

  it('refuses a body that is too large, not JSON, or of the wrong content type, in the error shape', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');

    const text = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');

    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('sends security headers, including a content security policy, and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('reports the database and a live worker on /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', worker: 'ok' });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths['/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/auth/login', '/auth/profile', '/healthz', '/auth/accounts']));
  });

  it('never writes a password or a token to the log', async () => {
    const password = 'a very secret password';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Log Test', email: 'log-test@example.com', password },
    });
    const { token, refreshToken } = registered.json();
    await t.app.inject({ method: 'GET', url: `/login/success?token=${token}`, headers: { accept: 'text/html' } });
    await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
    const written = t.logs.join('\n');
    expect(written).toContain('/login/success?token=%5Bredacted%5D');
    for (const secret of [password, token, refreshToken]) expect(written).not.toContain(secret);
  });
});

describe('a worker that stopped reporting', () => {
  it('shows as down on /healthz while the database stays ok', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'degraded', db: 'ok', worker: 'down' });
    } finally {
      await t.close();
    }
  });
});

describe('a database with every connection taken', () => {
  it('answers 503 with Retry-After and a message to try again, not a 500', async () => {
    const t = await createTestApp({ worker: false });
    const person = await signUp(t);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun = 0;
    // Every pooled connection, each held in a transaction until the request has had its answer.
    const poolSize = t.services.db.pool.options.max;
    const holding = Promise.all(
      Array.from({ length: poolSize }, () =>
        t.services.db.transaction(() => {
          begun += 1;
          return held;
        }),
      ),
    );
    try {
      await vi.waitFor(() => expect(begun).toBe(poolSize));
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed', headers: person.headers });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ error: { code: 'busy', message: 'Postflow is busy right now. Try again in a moment.' } });
    } finally {
      release();
      await holding;
      await t.close();
    }
  }, 15_000);
});
