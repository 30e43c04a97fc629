import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_X_CLIENT_ID, DEFAULT_X_CLIENT_SECRET } from '../src/index';
import { consent, json, manualClock, postForm, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

const REDIRECT = 'http://localhost:8080/auth/x/callback';
const VERIFIER = 'a'.repeat(20) + '-._~' + 'Z9'.repeat(20);
const S256 = createHash('sha256').update(VERIFIER).digest('base64url');
const BASIC = `Basic ${Buffer.from(`${DEFAULT_X_CLIENT_ID}:${DEFAULT_X_CLIENT_SECRET}`).toString('base64')}`;
const INVALID_CODE = { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' };

describe('X OAuth 2.0 rules', () => {
  const clock = manualClock();
  let running: RunningSandbox;

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now });
  });
  afterAll(async () => {
    await running.close();
  });

  function authorizeUrl(overrides: Record<string, string> = {}) {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: DEFAULT_X_CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'tweet.read users.read offline.access',
      state: 'st4te',
      code_challenge: S256,
      code_challenge_method: 'S256',
      ...overrides,
    });
    return `${running.url}/x/i/oauth2/authorize?${params.toString().replace(/\+/g, '%20')}`;
  }

  async function code(overrides: Record<string, string> = {}) {
    const callback = await consent(authorizeUrl(overrides), { persona: undefined, newPersona: 'oauth_rules' });
    return callback.searchParams.get('code') ?? '';
  }

  function exchange(fields: Record<string, string>, headers: Record<string, string> = { authorization: BASIC }) {
    return postForm(
      `${running.url}/x/2/oauth2/token`,
      { grant_type: 'authorization_code', redirect_uri: REDIRECT, code_verifier: VERIFIER, ...fields },
      headers,
    );
  }

  it("pre-selects 'A new persona', never someone else's, then the persona this browser used last", async () => {
    const checked = (html: string) => [...html.matchAll(/<input type="radio" id="([^"]+)"[^>]* checked>/g)].map((match) => match[1]);
    // Other people's personas exist in the shared sandbox.
    await consent(authorizeUrl(), { newPersona: 'someone_else' });
    const fresh = await (await fetch(authorizeUrl())).text();
    expect(fresh).toContain('someone_else');
    expect(checked(fresh)).toEqual(['persona-new']);

    const page = await fetch(authorizeUrl());
    const form = await postForm(new URL('/x/i/oauth2/authorize', running.url).toString(), {
      ...Object.fromEntries(
        [...(await page.text()).matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
      ),
      persona: '__new__',
      new_persona: 'my_own_persona',
      decision: 'authorize',
    });
    const cookie = form.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sandbox_x_persona=\d+; Path=\/x;.*HttpOnly/);
    const again = await (await fetch(authorizeUrl(), { headers: { cookie: cookie.split(';')[0] as string } })).text();
    const mine = /<input type="radio" id="(persona-\d+)" name="persona" value="\d+" checked>\s*<label for="\1">my_own_persona/.exec(again);
    expect(mine).not.toBeNull();
    expect(checked(again)).toEqual([mine?.[1]]);
  });

  it('exchanges a code once; a replayed code is refused', async () => {
    const value = await code();
    const first = await exchange({ code: value });
    expect(first.status).toBe(200);
    const body = await json(first);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: 'tweet.read users.read offline.access' });
    expect(typeof body.refresh_token).toBe('string');
    const replay = await exchange({ code: value });
    expect(replay.status).toBe(400);
    expect(await json(replay)).toEqual(INVALID_CODE);
  });

  it('refuses a PKCE verifier that does not match', async () => {
    const response = await exchange({ code: await code(), code_verifier: `${VERIFIER}x` });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_CODE);
  });

  it('accepts the plain PKCE method', async () => {
    const value = await code({ code_challenge: 'challenge', code_challenge_method: 'plain' });
    const response = await exchange({ code: value, code_verifier: 'challenge' });
    expect(response.status).toBe(200);
  });

  it('lets a code expire after 30 seconds', async () => {
    const value = await code();
    clock.advance(30_001);
    const response = await exchange({ code: value });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_CODE);
  });

  it('requires the exact redirect URI, at the consent page and at the exchange', async () => {
    const page = await fetch(authorizeUrl({ redirect_uri: `${REDIRECT}/` }));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('redirect_uri');
    const response = await exchange({ code: await code(), redirect_uri: `${REDIRECT}?x=1` });
    expect(response.status).toBe(400);
  });

  it('shows an error page for an unknown client id and never redirects', async () => {
    const page = await fetch(authorizeUrl({ client_id: 'nobody' }), { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
  });

  it('redirects Cancel with error=access_denied and the state', async () => {
    const callback = await consent(authorizeUrl(), { newPersona: 'oauth_rules', decision: 'cancel' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st4te');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('answers 401 unauthorized_client when a confidential client omits Basic auth', async () => {
    const response = await exchange({ code: await code(), client_id: DEFAULT_X_CLIENT_ID, client_secret: DEFAULT_X_CLIENT_SECRET }, {});
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: 'unauthorized_client', error_description: 'Missing valid authorization header' });
  });

  it('supports public clients with client_id in the body', async () => {
    await postJson(`${running.url}/_sandbox/apps`, { network: 'x', clientId: 'public-app', redirectUris: ['http://127.0.0.1:9999/cb'] });
    const callback = await consent(authorizeUrl({ client_id: 'public-app', redirect_uri: 'http://127.0.0.1:9999/cb' }), {
      newPersona: 'public_user',
    });
    const response = await postForm(`${running.url}/x/2/oauth2/token`, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: 'http://127.0.0.1:9999/cb',
      code_verifier: VERIFIER,
      client_id: 'public-app',
    });
    expect(response.status).toBe(200);
  });

  it('issues no refresh token without offline.access', async () => {
    const value = await code({ scope: 'tweet.read users.read' });
    const body = await json(await exchange({ code: value }));
    expect(body.refresh_token).toBeUndefined();
  });

  it('expires access tokens after two hours', async () => {
    const body = await json<{ access_token: string }>(await exchange({ code: await code() }));
    const me = () => fetch(`${running.url}/x/2/users/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect((await me()).status).toBe(200);
    clock.advance(2 * 3_600_000);
    const expired = await me();
    expect(expired.status).toBe(401);
    expect(await json(expired)).toEqual({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
  });

  it('answers 403 when a token lacks the scope', async () => {
    const body = await json<{ access_token: string }>(await exchange({ code: await code({ scope: 'tweet.read users.read' }) }));
    const response = await postJson(
      `${running.url}/x/2/tweets`,
      { text: 'no write scope' },
      { authorization: `Bearer ${body.access_token}` },
    );
    expect(response.status).toBe(403);
  });
});
