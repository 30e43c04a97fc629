import type { CreatedApiKey } from '@postflow/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectX, startSandbox, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

const RATE_LIMIT = 5;

/** Issue 23, API keys (docs/decisions/162-api-keys.md). */
describe('personal API keys', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let ada: TestSession;
  let grace: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ env: { ...sandbox.env, API_KEY_RATE_LIMIT: String(RATE_LIMIT) } });
    ada = await signUp(t, 'Ada');
    grace = await signUp(t, 'Grace');
    await connectX(t.services, sandbox.url, ada.userId, 'ada');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  // Each test's key calls stay within the minute's allowance, whatever ran before.
  beforeEach(() => t.database.db.query('DELETE FROM rate_limit_counters'));

  const createKey = async (who: TestSession, scopes: string[], headers: Record<string, string> = {}) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...who.headers, ...headers },
      payload: { name: 'n8n', scopes },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as CreatedApiKey;
  };
  const withKey = (key: string, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(payload ? { payload } : {}) });

  it('shows the key once, prefixed so scanners spot it, keeps only its hash, and lists it without the key', async () => {
    const created = await createKey(ada, ['posts:read']);
    expect(created.key).toMatch(/^pf_ak_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'n8n', scopes: ['posts:read'], hint: created.key.slice(-4), mine: true, lastUsedAt: null });

    const stored = await t.database.db.query<{ row: string }>('SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = $1', [
      created.id,
    ]);
    expect(stored.rows[0]!.row).not.toContain(created.key.slice(6));

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: ada.headers });
    expect(list.body).not.toContain(created.key);
    expect(list.json().apiKeys).toContainEqual(
      expect.objectContaining({ id: created.id, name: 'n8n', createdBy: { id: ada.userId, name: 'Ada' } }),
    );
  });

  it('uploads an image and schedules a post with it, which then goes out', async () => {
    const { key } = await createKey(ada, ['posts:write', 'posts:read']);
    const mediaId = await uploadSquare(t, { headers: { authorization: `Bearer ${key}` } } as TestSession, '#3366ff');
    const scheduledFor = new Date(Date.now() + 1_500).toISOString();
    const created = await withKey(key, 'POST', '/posts', {
      text: 'Sent by a workflow',
      platforms: ['x'],
      scheduledFor,
      mediaIds: [mediaId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await eventually(async () => (await xPosts(sandbox.url)).find((post) => post.text === 'Sent by a workflow'));
    expect(sent.media).toHaveLength(1);
    const listed = await withKey(key, 'GET', '/posts');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('Sent by a workflow');
  });

  it('refuses a call its scopes do not allow, naming the scope, and calls no key may make', async () => {
    const { key } = await createKey(ada, ['posts:read']);
    const write = await withKey(key, 'POST', '/posts', { text: 'Nope', platforms: ['x'] });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toContain('posts:write');
    const analytics = await withKey(key, 'GET', '/api/v1/analytics/summary');
    expect(analytics.statusCode).toBe(403);
    expect(analytics.json().error.message).toContain('analytics:read');
    // Managing keys, members or the password needs a person.
    for (const [method, url] of [
      ['POST', '/api/v1/api-keys'],
      ['GET', '/auth/logout'],
      ['GET', `/api/v1/workspaces/${ada.userId}/members`],
    ] as const) {
      const answer = await withKey(key, method, url, method === 'POST' ? { name: 'x', scopes: ['posts:read'] } : undefined);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.message).toContain('needs a person signed in');
    }
  });

  it('answers 401 for a revoked, malformed or unknown key, at once', async () => {
    const created = await createKey(ada, ['posts:read']);
    expect((await withKey(created.key, 'GET', '/posts')).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${created.id}`, headers: ada.headers });
    expect(revoked.statusCode).toBe(204);
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/workspaces/${ada.userId}/activity`, headers: ada.headers });
    const entries = (log.json() as { items: Array<{ action: string; subject: { id: string } }> }).items;
    expect(entries.filter((entry) => entry.subject.id === created.id).map((entry) => entry.action)).toEqual([
      'api_key.revoked',
      'api_key.created',
    ]);
    for (const key of [created.key, 'pf_ak_', `pf_ak_${'x'.repeat(43)}`, 'pf_ak_ä€\u0000']) {
      const answer = await withKey(key, 'GET', '/posts');
      expect(answer.statusCode, key).toBe(401);
      expect(answer.json().error.message).toContain('API key');
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="Postflow"');
    }
  });

  it('never writes a key to the log, even one put in the address by mistake', async () => {
    const { key } = await createKey(ada, ['posts:read']);
    for (const url of [`/posts?api_key=${key}`, `/posts?apikey=${key}`, `/posts?auth=${key}`, `/mcp?key=${key}`])
      await t.app.inject({ method: 'GET', url });
    expect(t.logs.join('\n')).toContain('/posts?api_key=%5Bredacted%5D');
    expect(t.logs.join('\n')).not.toContain(key.slice(6));
  });

  it('tells a workflow that sends its key anywhere but "Authorization: Bearer" where it goes, and takes it nowhere else', async () => {
    const { key } = await createKey(ada, ['posts:read']);
    for (const [how, request] of [
      ['without Bearer', { url: '/posts', headers: { authorization: key } }],
      ['as X-API-Key', { url: '/posts', headers: { 'x-api-key': key } }],
      ['in the address', { url: `/posts?api_key=${key}` }],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', ...request });
      expect(answer.statusCode, how).toBe(401);
      expect(answer.json().error.message, how).toContain('"Authorization: Bearer pf_ak_…"');
    }
    // A call with nothing at all is asked to sign in, as before.
    expect((await t.app.inject({ method: 'GET', url: '/posts' })).json().error.message).toBe('Sign in to continue.');
  });

  it('works in its own workspace only: another workspace and its posts are 404', async () => {
    const adas = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: ada.headers,
      payload: { text: 'Ada’s own', platforms: ['x'], scheduledFor: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(adas.statusCode, adas.body).toBe(201);
    const postId = (adas.json() as { posts: Array<{ id: string }> }).posts[0]!.id;
    const { key } = await createKey(grace, ['posts:read', 'posts:write']);
    expect((await withKey(key, 'DELETE', `/content/${postId}`)).statusCode).toBe(404);
    expect((await withKey(key, 'GET', '/posts', undefined, { 'x-workspace-id': ada.userId })).statusCode).toBe(404);
    expect((await withKey(key, 'GET', '/posts')).body).not.toContain('Ada’s own');
  });

  it('acts with its maker’s role: a viewer cannot give a key posts:write, and a key stops when its maker leaves', async () => {
    const team = (await t.services.workspaces.create(ada.userId, { name: 'Team' })).id;
    await t.database.db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')", [
      team,
      grace.userId,
    ]);
    const inTeam = { 'x-workspace-id': team };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...grace.headers, ...inTeam },
      payload: { name: 'mine', scopes: ['posts:write'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('posts:write');

    const { key, id } = await createKey(grace, ['posts:read'], inTeam);
    expect((await withKey(key, 'GET', '/posts')).statusCode).toBe(200);
    // Ada, an owner, sees Grace's key and may revoke it; Grace sees only her own.
    const adaList = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: { ...ada.headers, ...inTeam } });
    expect(adaList.json().apiKeys).toContainEqual(expect.objectContaining({ id, mine: false }));

    await t.database.db.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [team, grace.userId]);
    const after = await withKey(key, 'GET', '/posts');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toContain('no longer a member');
  });

  it('is revoked for good when its maker is removed or leaves: inviting them back does not bring it back', async () => {
    const team = (await t.services.workspaces.create(ada.userId, { name: 'Contractors' })).id;
    const join = () =>
      t.database.db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')", [team, grace.userId]);
    const inTeam = { 'x-workspace-id': team };
    await join();
    const removed = await createKey(grace, ['posts:read'], inTeam);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/workspaces/${team}/members/${grace.userId}`, headers: ada.headers });
    expect(gone.statusCode, gone.body).toBe(204);
    await join();
    const left = await createKey(grace, ['posts:read'], inTeam);
    const leave = await t.app.inject({ method: 'POST', url: `/api/v1/workspaces/${team}/leave`, headers: grace.headers });
    expect(leave.statusCode, leave.body).toBeLessThan(300);
    await join();

    for (const { key } of [removed, left]) expect((await withKey(key, 'GET', '/posts')).statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: { ...ada.headers, ...inTeam } });
    expect(listed.json().apiKeys).toEqual([]);
  });

  it('cannot be revoked by a member who did not make it', async () => {
    const team = (await t.services.workspaces.create(ada.userId, { name: 'Another team' })).id;
    await t.database.db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')", [
      team,
      grace.userId,
    ]);
    const { id } = await createKey(ada, ['posts:read'], { 'x-workspace-id': team });
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${id}`,
      headers: { ...grace.headers, 'x-workspace-id': team },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('tells every answer its allowance, and answers 429 with Retry-After past it', async () => {
    const { key } = await createKey(ada, ['channels:read']);
    for (let call = 1; call <= RATE_LIMIT; call++) {
      const answer = await withKey(key, 'GET', '/api/v1/channels');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
      expect(answer.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - call));
      expect(Number(answer.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await withKey(key, 'GET', '/api/v1/channels');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Another key of the same person has its own allowance.
    const other = await createKey(ada, ['channels:read']);
    expect((await withKey(other.key, 'GET', '/api/v1/channels')).statusCode).toBe(200);
  });

  it('says in the OpenAPI document how keys authenticate and which scope each call needs', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/posts'].post.security).toContainEqual({ apiKey: [] });
    expect(document.paths['/posts'].post.description).toContain('posts:write');
    expect(document.paths['/api/v1/api-keys'].post.security).not.toContainEqual({ apiKey: [] });
    expect(document.info.description).toContain('Authorization: Bearer pf_ak_');
    // With an example to copy: the body, each query parameter and each path parameter.
    expect(document.paths['/posts'].post.requestBody.content['application/json'].example).toMatchObject({
      platforms: ['x', 'linkedin'],
      scheduledFor: '2026-12-01T09:00:00Z',
    });
    const parameter = (path: string, method: string, name: string) =>
      (document.paths[path][method].parameters as Array<{ name: string; example?: unknown }>).find((candidate) => candidate.name === name);
    expect(parameter('/posts', 'get', 'status')?.example).toBe('scheduled');
    expect(parameter('/api/v1/posts/{id}', 'patch', 'id')?.example).toMatch(/^[0-9a-f-]{36}$/);
  });
});
