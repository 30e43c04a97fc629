import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** Managing endpoints, as a workspace's admins do from settings or a script (docs/webhooks.md); no deliveries here. */
describe('webhook endpoints', () => {
  let t: TestApp;
  let owner: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t, 'Owner');
  });
  afterAll(() => t.close());

  const call = (who: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, workspaceId?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** An endpoint on a public address: its host is looked up, so the test names an address, which is not. */
  const create = (payload: object, who = owner) => call(who, 'POST', '/api/v1/webhooks', payload);

  it('adds an endpoint and shows its whsec_ secret once, never in the list', async () => {
    const created = await create({
      url: 'https://93.184.215.14/hooks/postflow',
      events: ['post.published', 'post.failed'],
      description: 'CMS',
    });
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json();
    expect(webhook).toMatchObject({
      url: 'https://93.184.215.14/hooks/postflow',
      events: ['post.published', 'post.failed'],
      enabled: true,
    });
    // The specification's form: whsec_ and a base64 key of 24 to 64 bytes.
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(webhook.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

    const listed = await call(owner, 'GET', '/api/v1/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(webhook.secret);
    expect(listed.json().webhooks.map((entry: { id: string }) => entry.id)).toContain(webhook.id);
    // Stored sealed, not as written.
    const stored = await t.database.db.query<{ secret: Buffer }>('SELECT secret FROM webhooks WHERE id = $1', [webhook.id]);
    expect(stored.rows[0]?.secret.toString('latin1')).not.toContain(webhook.secret.slice(6));
  });

  it('refuses an event Postflow does not send, naming it', async () => {
    const response = await create({ url: 'https://93.184.215.14/hooks', events: ['post.published', 'post.liked'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('"post.liked" is not an event Postflow sends');
    expect(response.json().error.fields).toHaveProperty('events.1');
  });

  it.each([
    ['http://93.184.215.14/hooks', 'must start with https://'],
    ['https://127.0.0.1/hooks', 'private, loopback or link-local'],
    ['https://169.254.169.254/latest/meta-data', 'private, loopback or link-local'],
    ['https://[::1]/hooks', 'private, loopback or link-local'],
    ['https://10.1.2.3:8443/hooks', 'private, loopback or link-local'],
    ['https://localhost/hooks', 'private, loopback or link-local'],
    ['https://user:pass@93.184.215.14/hooks', 'user name or password'],
  ])('refuses %s without WEBHOOK_ALLOW_PRIVATE, saying why', async (url, why) => {
    const response = await create({ url, events: ['post.published'] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toContain(why);
    expect(response.json().error.fields).toHaveProperty('url');
  });

  it('changes, turns off and deletes an endpoint, and refuses a private address on the way', async () => {
    const { id } = (await create({ url: 'https://93.184.215.14/a', events: ['post.published'] })).json();
    const changed = await call(owner, 'PATCH', `/api/v1/webhooks/${id}`, { events: ['post.missed'], enabled: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ events: ['post.missed'], enabled: false });
    const refused = await call(owner, 'PATCH', `/api/v1/webhooks/${id}`, { url: 'https://192.168.1.10/hook' });
    expect(refused.statusCode).toBe(400);
    // Turned off, it takes no test ping.
    expect((await call(owner, 'POST', `/api/v1/webhooks/${id}/test`)).statusCode).toBe(409);

    expect((await call(owner, 'DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/v1/webhooks/${id}/deliveries`)).statusCode).toBe(404);
  });

  it('rotates the secret: a new one, shown once', async () => {
    const created = (await create({ url: 'https://93.184.215.14/r', events: ['post.published'] })).json();
    const rotated = await call(owner, 'POST', `/api/v1/webhooks/${created.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
  });

  it("lets a viewer neither list nor add endpoints, and hides another workspace's from its members", async () => {
    const { id } = (await create({ url: 'https://93.184.215.14/v', events: ['post.published'] })).json();
    const viewer = await signUp(t, 'Viewer');
    await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      owner.userId,
      viewer.userId,
    ]);
    const listed = await call(viewer, 'GET', '/api/v1/webhooks', undefined, owner.userId);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().error.message).toContain('only its owners and admins can');

    // Another person, admin of their own workspace: the endpoint is not theirs to see.
    const other = await signUp(t, 'Other');
    for (const [method, url] of [
      ['PATCH', `/api/v1/webhooks/${id}`],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['POST', `/api/v1/webhooks/${id}/rotate-secret`],
      ['POST', `/api/v1/webhooks/${id}/test`],
      ['GET', `/api/v1/webhooks/${id}/deliveries`],
    ] as const) {
      const response = await call(other, method, url, method === 'PATCH' ? { enabled: false } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(other, 'GET', '/api/v1/webhooks')).json().webhooks).toEqual([]);
  });
});
