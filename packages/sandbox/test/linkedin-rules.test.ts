import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINKEDIN_CLIENT_ID, DEFAULT_LINKEDIN_CLIENT_SECRET } from '../src/index';
import { LINKEDIN_VERSION } from './helpers/linkedin';
import { consent, json, manualClock, postForm, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

const REDIRECT = 'http://localhost:8080/auth/linkedin/callback';

describe('LinkedIn rules', () => {
  // 2026-11-16: versions 202512…202611 are active, 202511 retired on 2026-11-15.
  const clock = manualClock(Date.UTC(2026, 10, 16, 12, 0, 0));
  let running: RunningSandbox;
  let token = '';
  let author = '';

  beforeAll(async () => {
    running = await startSandbox({
      now: clock.now,
      rateLimits: { linkedin: { endpoints: { 'linkedin.posts.create': { perMemberPerDay: 1000 } } } },
    });
    const issued = await json<{ access_token: string; member: { personUrn: string } }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Rule Tester' }),
    );
    token = issued.access_token;
    author = issued.member.personUrn;
  });
  afterAll(async () => {
    await running.close();
  });

  const headers = (version: string | undefined = LINKEDIN_VERSION, bearer = token): Record<string, string> => ({
    authorization: `Bearer ${bearer}`,
    'x-restli-protocol-version': '2.0.0',
    ...(version ? { 'linkedin-version': version } : {}),
  });
  const post = (commentary: string, version?: string, extra: Record<string, unknown> = {}, bearer = token) =>
    postJson(
      `${running.url}/linkedin/rest/posts`,
      { author, commentary, visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED', ...extra },
      headers(version, bearer),
    );

  it('answers 400 without LinkedIn-Version and 426 for retired or unknown versions', async () => {
    const missing = await post('no version', '');
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    const retired = await post('old version', '202511');
    expect(retired.status).toBe(426);
    expect(await json(retired)).toEqual({ status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20251101 is not active' });
    expect((await post('future version', '202701')).status).toBe(426);
    expect((await post('oldest active version', '202512')).status).toBe(201);
    expect((await post('revision syntax', '202611.01')).status).toBe(201);
  });

  it('rejects commentary longer than 3,000 characters', async () => {
    expect((await post('x'.repeat(3000))).status).toBe(201);
    const tooLong = await post('y'.repeat(3001));
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toMatchObject({ status: 400, code: 'FIELD_LENGTH_TOO_LONG' });
  });

  it('publishes unescaped little text cut at the first reserved character, as LinkedIn does', async () => {
    const response = await post('Guam (GPA) update');
    expect(response.status).toBe(201);
    const urn = response.headers.get('x-restli-id') ?? '';
    const escaped = await post('Guam \\(GPA\\) update #news');
    const posts = await json<{ posts: Array<{ urn: string; publishedCommentary: string; truncated: boolean }> }>(
      await fetch(`${running.url}/_sandbox/linkedin/posts`),
    );
    expect(posts.posts.find((entry) => entry.urn === urn)).toMatchObject({ publishedCommentary: 'Guam ', truncated: true });
    expect(posts.posts.find((entry) => entry.urn === escaped.headers.get('x-restli-id'))).toMatchObject({ truncated: false });
  });

  it('answers 422 for a missing required field', async () => {
    const response = await postJson(`${running.url}/linkedin/rest/posts`, { commentary: 'no author', visibility: 'PUBLIC' }, headers());
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      message: 'ERROR :: /author :: field is required but not found and has no default value\n',
      status: 422,
    });
    const malformed = await fetch(`${running.url}/linkedin/rest/posts`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: '{"author":',
    });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toEqual({
      status: 400,
      code: 'ILLEGAL_ARGUMENT',
      message: 'Request body could not be converted to data map',
    });
  });

  it('lets the duplicate restriction lapse after 10 minutes', async () => {
    const first = await post('Ten minute rule');
    const duplicate = await post('Ten minute rule');
    expect(duplicate.status).toBe(422);
    expect(await json(duplicate)).toEqual({ message: `Content is a duplicate of ${first.headers.get('x-restli-id')}`, status: 422 });
    clock.advance(10 * 60_000);
    expect((await post('Ten minute rule')).status).toBe(201);
  });

  it('requires X-RestLi-Method: DELETE on delete', async () => {
    const created = await post('to be deleted');
    const url = `${running.url}/linkedin/rest/posts/${encodeURIComponent(created.headers.get('x-restli-id') ?? '')}`;
    expect((await fetch(url, { method: 'DELETE', headers: headers() })).status).toBe(400);
    expect((await fetch(url, { method: 'DELETE', headers: { ...headers(), 'x-restli-method': 'DELETE' } })).status).toBe(204);
  });

  it('needs openid for /v2/userinfo and no version header', async () => {
    const limited = await json<{ access_token: string }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'No Openid', scopes: ['w_member_social'] }),
    );
    const response = await fetch(`${running.url}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${limited.access_token}` } });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions to access: userinfo.GET.NO_VERSION',
    });
    const image = await fetch(`${running.url}/linkedin/rest/images/${encodeURIComponent('urn:li:image:x')}`, {
      headers: headers(LINKEDIN_VERSION, limited.access_token),
    });
    expect(image.status).toBe(403);
  });

  it('counts calls per member per day and resets at midnight UTC', async () => {
    const limited = await startSandbox({ now: clock.now, rateLimits: { linkedin: { default: { perMemberPerDay: 2 } } } });
    try {
      const bearer = (
        await json<{ access_token: string }>(await postJson(`${limited.url}/_sandbox/linkedin/tokens`, { name: 'Busy Member' }))
      ).access_token;
      const userinfo = () => fetch(`${limited.url}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${bearer}` } });
      expect((await userinfo()).status).toBe(200);
      expect((await userinfo()).status).toBe(200);
      const throttled = await userinfo();
      expect(throttled.status).toBe(429);
      expect(await json(throttled)).toEqual({
        serviceErrorCode: 101,
        message: 'Resource level throttle limit for calls to this resource is reached.',
        status: 429,
      });
      const now = new Date(clock.now());
      clock.set(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
      expect((await userinfo()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('expires access tokens after 60 days', async () => {
    const issued = await json<{ access_token: string; expires_in: number }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Sixty Days' }),
    );
    expect(issued.expires_in).toBe(5_184_000);
    running.sandbox.clock.advance(60 * 86_400_000);
    const response = await fetch(`${running.url}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${issued.access_token}` } });
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN' });
  });

  it('invalidates earlier tokens when the member grants a different scope set', async () => {
    const first = await json<{ access_token: string }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Scope Changer', scopes: ['openid', 'profile'] }),
    );
    await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Scope Changer', scopes: ['openid', 'profile', 'email'] });
    const response = await fetch(`${running.url}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${first.access_token}` } });
    expect(response.status).toBe(401);
  });

  describe('OAuth', () => {
    const authorize = (overrides: Record<string, string> = {}) =>
      `${running.url}/linkedin/oauth/v2/authorization?${new URLSearchParams({
        response_type: 'code',
        client_id: DEFAULT_LINKEDIN_CLIENT_ID,
        redirect_uri: REDIRECT,
        state: 'li-state',
        scope: 'openid profile w_member_social',
        ...overrides,
      }).toString()}`;
    const exchange = (code: string, fields: Record<string, string> = {}) =>
      postForm(`${running.url}/linkedin/oauth/v2/accessToken`, {
        grant_type: 'authorization_code',
        code,
        client_id: DEFAULT_LINKEDIN_CLIENT_ID,
        client_secret: DEFAULT_LINKEDIN_CLIENT_SECRET,
        redirect_uri: REDIRECT,
        ...fields,
      });

    it('redirects Cancel with an error, a description and the state', async () => {
      const callback = await consent(authorize(), { newPersona: 'Cancel Person', decision: 'cancel' });
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('error_description')).toBeTruthy();
      expect(callback.searchParams.get('state')).toBe('li-state');
    });

    it('keeps codes for 30 minutes and refuses a wrong redirect URI', async () => {
      const late = (await consent(authorize(), { newPersona: 'Slow Person' })).searchParams.get('code') ?? '';
      clock.advance(30 * 60_000 + 1);
      const expired = await exchange(late);
      expect(expired.status).toBe(400);
      expect(await json(expired)).toMatchObject({ error: 'invalid_redirect_uri' });

      const code = (await consent(authorize(), { newPersona: 'Slow Person' })).searchParams.get('code') ?? '';
      const wrong = await exchange(code, { redirect_uri: 'http://localhost:8080/elsewhere' });
      expect(wrong.status).toBe(400);
      expect(await json(wrong)).toMatchObject({ error: 'invalid_redirect_uri' });
      const unknown = await exchange('no-such-code');
      expect(await json(unknown)).toEqual({
        error: 'invalid_request',
        error_description: 'Unable to retrieve access token: authorization code not found',
      });
    });

    it('names the missing parameter', async () => {
      const response = await postForm(`${running.url}/linkedin/oauth/v2/accessToken`, { grant_type: 'authorization_code' });
      expect(await json(response)).toEqual({ error: 'invalid_request', error_description: 'A required parameter "code" is missing' });
    });

    it('issues a fixed 365-day refresh token to approved apps and keeps it on refresh', async () => {
      await postJson(`${running.url}/_sandbox/apps`, {
        network: 'linkedin',
        clientId: 'mdp-app',
        clientSecret: 'mdp-secret',
        redirectUris: [REDIRECT],
        refreshTokens: true,
      });
      const code = (await consent(authorize({ client_id: 'mdp-app' }), { newPersona: 'Partner Person' })).searchParams.get('code') ?? '';
      const first = await json<{ refresh_token: string; refresh_token_expires_in: number; access_token: string }>(
        await exchange(code, { client_id: 'mdp-app', client_secret: 'mdp-secret' }),
      );
      expect(first.refresh_token_expires_in).toBe(31_536_000);
      clock.advance(86_400_000);
      const refreshed = await json<{ refresh_token: string; refresh_token_expires_in: number; access_token: string; expires_in: number }>(
        await postForm(`${running.url}/linkedin/oauth/v2/accessToken`, {
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token,
          client_id: 'mdp-app',
          client_secret: 'mdp-secret',
        }),
      );
      expect(refreshed.refresh_token).toBe(first.refresh_token);
      expect(refreshed.refresh_token_expires_in).toBe(31_536_000 - 86_400);
      expect(refreshed.expires_in).toBe(5_184_000);
      expect(refreshed.access_token).not.toBe(first.access_token);
    });

    it('refuses an unregistered redirect URI on the consent page', async () => {
      const page = await fetch(authorize({ redirect_uri: 'http://evil.example/cb' }));
      expect(page.status).toBe(400);
    });
  });
});
