import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSocialAccount } from '../../test/helpers/factories';
import { contractRoutes } from '../../test/helpers/contract-routes';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createPostsRepository } from '../modules/posts/posts.repository';

const routes = contractRoutes;

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe('security', () => {
  let t: TestApp;
  let owner: TestSession;
  let stranger: TestSession;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t, 'Owner Person');
    stranger = await signUp(t, 'Stranger Person');
    ids.account = await createSocialAccount(t.services, owner.userId, { network: 'x', username: 'owner_x' });
    const posts = createPostsRepository(t.database.db);
    const postId = await posts.insertPost({
      workspaceId: owner.userId,
      createdBy: owner.userId,
      originalText: 'Owner secret text',
      aiEnhanced: false,
      timeZone: 'UTC',
    });
    ids.post = await posts.insertTarget({
      postId,
      workspaceId: owner.userId,
      accountId: ids.account,
      network: 'x',
      linkedinOrgId: null,
      text: 'Owner secret text',
      mediaIds: [],
      scheduledAt: new Date(Date.now() + 86_400_000),
    });
    const { rows } = await t.database.db.query<{ id: string }>(
      `INSERT INTO insights (workspace_id, platform, insight_type, title, description, recommendation, priority, confidence_score, evidence, fingerprint)
       VALUES ($1, 'x', 'posting_time', 'Owner insight', 'd', 'r', 'high', 0.9, '{}', 'f') RETURNING id`,
      [owner.userId],
    );
    ids.insight = (rows[0] as { id: string }).id;
    ids.user = owner.userId;
    const identity = await t.database.db.query<{ id: string }>(
      `INSERT INTO user_identities (network, is_sandbox, network_user_id, user_id, label) VALUES ('x', true, 'owner-x-id', $1, '@owner_x') RETURNING id`,
      [owner.userId],
    );
    ids.identity = (identity.rows[0] as { id: string }).id;
    ids.workspace = (await t.services.workspaces.create(owner.userId, { name: 'Owner secret text team' })).id;
    ids.apiKey = (
      await t.services.apiKeys.create(
        { workspaceId: owner.userId, userId: owner.userId, role: 'owner' },
        { name: 'Owner key', scopes: ['posts:read'] },
      )
    ).id;
    ids.draft = (await t.services.drafts.create(owner.userId, owner.userId, { text: 'Owner secret text', platforms: ['x'] })).id;
    ids.webhook = (
      await t.services.webhooks.create(
        { workspaceId: owner.userId, userId: owner.userId },
        { url: 'https://93.184.215.14/hooks', events: ['post.published'], description: 'Owner secret text' },
      )
    ).id;
  });
  afterAll(() => t.close());

  /** Which of the owner's things an `:id` in a path names. */
  function resourceFor(path: string): string {
    if (path.startsWith('/content/') || path.startsWith('/api/v1/analytics/posts/')) return ids.post as string;
    if (path.startsWith('/api/v1/analytics/insights/')) return ids.insight as string;
    if (path.startsWith('/auth/social/')) return ids.account as string;
    if (path.startsWith('/api/v1/social/users/')) return ids.user as string;
    if (path.startsWith('/auth/sign-in-methods/')) return ids.identity as string;
    if (path.startsWith('/api/v1/workspaces/')) return ids.workspace as string;
    // Approvals name a post target, as /content/:id does (docs/decisions/130-approvals.md).
    if (path.startsWith('/api/v1/posts/')) return ids.post as string;
    if (path.startsWith('/api/v1/admin/workspaces/')) return ids.workspace as string;
    if (path.startsWith('/api/v1/drafts/')) return ids.draft as string;
    if (path.startsWith('/api/v1/api-keys/')) return ids.apiKey as string;
    // Moving in the queue names a post target too (docs/decisions/143-queue-and-posting-slots.md).
    if (path.startsWith('/api/v1/queue/')) return ids.post as string;
    if (path.startsWith('/api/v1/webhooks/')) return ids.webhook as string;
    throw new Error(`No fixture for ${path}: add the resource this route's id names to the authorisation matrix`);
  }

  const idRoutes = routes.filter(([, route]) => route.path.includes(':id') && route.auth === 'required');

  it('covers every route that takes an id', () => {
    expect(idRoutes.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'accountsRoutes.disconnect',
        'postsRoutes.update',
        'postsRoutes.remove',
        'analyticsRoutes.markRead',
        'analyticsRoutes.postHistory',
        'activityRoutes.list',
      ]),
    );
  });

  for (const [name, route] of idRoutes) {
    it(`${name}: another person gets 404 and none of the owner's data`, async () => {
      const url = route.path.replace(':id', resourceFor(route.path));
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: stranger.headers,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      // A body the route refuses before looking anything up is fine too: it reveals nothing either.
      expect([400, 404, 415]).toContain(response.statusCode);
      expect(response.body).not.toContain('Owner secret text');
      expect(response.body).not.toContain('Owner insight');
      expect(response.body).not.toContain('owner_x');
      if (response.statusCode !== 404) return;
      expect(response.json()).toEqual(errorShape);
    });
  }

  it("members routes: another person gets 404 for a real member and invitation of the owner's workspace, and nothing changes", async () => {
    const invitation = await t.services.invitations.invite(ids.workspace as string, owner.userId, {
      email: 'invitee@example.com',
      role: 'viewer',
    });
    const base = `/api/v1/workspaces/${ids.workspace}`;
    const attempts = [
      { method: 'PATCH' as const, url: `${base}/members/${owner.userId}`, payload: { role: 'viewer' } },
      { method: 'DELETE' as const, url: `${base}/members/${owner.userId}` },
      { method: 'DELETE' as const, url: `${base}/invitations/${invitation.id}` },
      { method: 'GET' as const, url: `${base}/invitations` },
      { method: 'GET' as const, url: `${base}/members` },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: stranger.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.body).not.toContain('invitee@example.com');
    }
    const listed = await t.app.inject({ method: 'GET', url: `${base}/invitations`, headers: owner.headers });
    expect(listed.json().invitations.map((pending: { id: string }) => pending.id)).toEqual([invitation.id]);
    expect(await t.services.workspaces.roleIn(ids.workspace as string, owner.userId)).toBe('owner');
  });

  it('still lets the owner reach what the stranger could not (the 404s were about ownership)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/analytics/posts/${ids.post}`, headers: owner.headers })).statusCode).toBe(
      200,
    );
  });

  const hostileConstant = fc.constantFrom(
    '__proto__',
    'constructor',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    'text with a NUL \u0000 inside',
    '\uD800 lone high surrogate',
    'lone low surrogate \uDC00',
    '2026-02-30',
    '2027-02-30T10:00:00Z',
    '2026-13-01',
    '24:00',
    '😀'.repeat(500),
    'a'.repeat(20_000),
    '%00',
    'NaN',
    '-1',
    '1e308',
    '99999999999999999999999999',
  );
  const hostileString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), hostileConstant);
  const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 1024, 2 ** 63, -0, 0.1 + 0.2);
  /** Arrays and objects nested far deeper than any schema goes. */
  const deeplyNested = fc.integer({ min: 50, max: 2_000 }).map((depth) => {
    let value: unknown = 'deep';
    for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
    return value;
  });
  const hostileValue = fc.oneof(
    hostileString,
    fc.integer(),
    fc.double(),
    hugeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(hostileString, { maxLength: 5 }),
    deeplyNested,
  );

  /** The field names a route's body or query declares, so hostile values land where the route reads. */
  function declaredFields(schema: z.ZodType | undefined): string[] {
    if (!schema) return [];
    const names = new Set<string>();
    const visit = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, unknown> }).properties;
      if (properties) {
        for (const [name, child] of Object.entries(properties)) {
          names.add(name);
          visit(child);
        }
      }
      for (const child of Object.values(node)) if (typeof child === 'object') visit(child);
    };
    visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
    return [...names];
  }

  const hostileObject = (fields: string[]) =>
    fc.dictionary(
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('__proto__', 'platforms', 'text', 'email', 'limit', 'id', ...fields),
        ...(fields.length ? [fc.constantFrom(...fields), fc.constantFrom(...fields)] : []),
      ),
      hostileValue,
      { maxKeys: 8 },
    );

  // A stream answers once and then stays open, so it cannot be inject()ed; it takes no input, and its
  // authorisation is tested over a real connection (modules/posts/status-stream.test.ts).
  for (const [name, route] of routes.filter(([, candidate]) => !candidate.stream)) {
    it(`${name}: random and hostile input never gets a 5xx, and every refusal has the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileObject(declaredFields(route.body)),
          hostileObject(declaredFields(route.query)),
          hostileString,
          async (body, query, id) => {
            // A URL cannot carry a lone surrogate at all; the browser would send U+FFFD in its place.
            const path = route.path.replace(':id', encodeURIComponent(id.replace(/[\uD800-\uDFFF]/g, '\uFFFD')) || 'x');
            const search = new URLSearchParams(
              Object.entries(query).map(([key, value]): [string, string] => [
                key,
                typeof value === 'object' ? JSON.stringify(value) : String(value),
              ]),
            ).toString();
            const response = await t.app.inject({
              method: route.method,
              url: `${path}${search ? `?${search}` : ''}`,
              headers: { ...owner.headers, accept: 'application/json' },
              ...(route.method === 'GET' ? {} : { payload: body as object }),
            });
            expect(response.statusCode, `${route.method} ${path} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expect(response.json()).toMatchObject(errorShape);
          },
        ),
        { numRuns: 25, seed: 20261122 },
      );
    });
  }

  /**
   * A body each route accepts, so that one hostile field reaches the code behind the schema (random
   * objects mostly stop at the first missing field). A new route with a body must add one here.
   */
  const validBodies: Record<string, () => Record<string, unknown>> = {
    'accountsRoutes.socialToken': () => ({ provider: 'x' }),
    'apiKeyRoutes.create': () => ({ name: 'A key', scopes: ['posts:read'] }),
    // Never the owner's real password: a change would sign the owner's other sessions out.
    'accountsRoutes.removeSignInMethod': () => ({ currentPassword: 'not the password' }),
    'authRoutes.changePassword': () => ({ currentPassword: 'not the password', password: 'another long enough password' }),
    'analyticsRoutes.generateInsights': () => ({ platform: 'x' }),
    'analyticsRoutes.sync': () => ({ platform: 'x', sync_type: 'all' }),
    'analyticsRoutes.recommendHashtags': () => ({ text: 'Shipping our launch today', platform: 'x' }),
    'analyticsRoutes.contentIdeas': () => ({ topic: 'product launches', platform: 'linkedin' }),
    'authRoutes.register': () => ({
      name: 'Fuzz Person',
      email: `fuzz-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'a long enough password',
    }),
    'authRoutes.login': () => ({ email: 'nobody@example.com', password: 'not the password' }),
    'authRoutes.refresh': () => ({ refreshToken: 'rt_not_a_token' }),
    'authRoutes.requestPasswordReset': () => ({ email: 'nobody@example.com' }),
    'authRoutes.confirmPasswordReset': () => ({ token: 'not-a-token', password: 'a long enough password' }),
    'authRoutes.checkPasswordReset': () => ({ token: 'not-a-token' }),
    'feedbackRoutes.send': () => ({ type: 'general', title: 'A title', content: 'A message' }),
    'feedbackRoutes.sendWithoutSlash': () => ({ type: 'general', title: 'A title', content: 'A message' }),
    'postsRoutes.enhance': () => ({ platforms: ['x'], text: 'A text to tailor', tags: [] }),
    'postsRoutes.createPost': () => ({
      text: 'A planned post',
      platforms: ['x'],
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    'postsRoutes.retry': () => ({ fromPart: 2 }),
    'postsRoutes.update': () => ({ text: 'Edited text', platform: 'x', scheduled_for: new Date(Date.now() + 86_400_000).toISOString() }),
    'profileRoutes.update': () => ({ firstName: 'Owner', bio: 'Writes about launches' }),
    'profileRoutes.updateTimeZone': () => ({ timeZone: 'Europe/Berlin' }),
    'workspaceRoutes.create': () => ({ name: 'Launch team' }),
    'workspaceRoutes.update': () => ({ name: 'Renamed team', requireApproval: true }),
    'postsRoutes.reject': () => ({ reason: 'Not on brand' }),
    'draftsRoutes.create': () => ({ text: 'A draft', platforms: ['x'], perPlatform: { x: 'For X' }, details: { skipAi: true } }),
    'draftsRoutes.update': () => ({ text: 'A saved draft', platforms: ['x'], revision: 1 }),
    'postsRoutes.reschedule': () => ({ scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
    'membersRoutes.invite': () => ({ email: 'invitee@example.com', role: 'editor' }),
    'membersRoutes.updateRole': () => ({ role: 'viewer' }),
    'adminRoutes.setPlan': () => ({ plan: 'pro' }),
    'queueRoutes.putSlots': () => ({ timeZone: 'Europe/Berlin', slots: [{ day: 'mon', time: '09:00' }] }),
    'queueRoutes.move': () => ({ to: new Date(Date.now() + 86_400_000).toISOString() }),
    // A private address: refused by the guard at once, with no request leaving the machine (docs/decisions/149-link-cards.md).
    'linkPreviewRoutes.preview': () => ({ url: 'http://127.0.0.1:9/article' }),
    // Private addresses too: refused before any lookup or request (docs/decisions/163-webhooks.md).
    'webhooksRoutes.create': () => ({ url: 'https://127.0.0.1:9/hooks', events: ['post.published'], description: 'CMS' }),
    'webhooksRoutes.update': () => ({ url: 'https://127.0.0.1:9/hooks', events: ['post.failed'], enabled: false }),
    'workspaceRoutes.branding': () => ({ productName: 'Acme Social', logoUrl: 'https://cdn.example.com/logo.png', accentColor: '#1d4ed8' }),
    'siteRoutes.contact': () => ({ name: 'Visitor', email: 'visitor@example.com', type: 'CONTACT', title: 'Hello', content: 'A question' }),
    'siteRoutes.contactWithoutSlash': () => ({
      name: 'Visitor',
      email: 'visitor@example.com',
      type: 'CONTACT',
      title: 'Hello',
      content: 'A question',
    }),
  };
  const jsonBodyRoutes = routes.filter(([, route]) => route.body && !route.multipart);

  it('has a valid body for every JSON route that takes one', () => {
    expect(jsonBodyRoutes.map(([name]) => name).filter((name) => !validBodies[name])).toEqual([]);
  });

  for (const [name, route] of jsonBodyRoutes) {
    it(`${name}: a valid body with hostile values in its fields never gets a 5xx`, async () => {
      const example = validBodies[name]?.() ?? {};
      const fields = [...new Set([...Object.keys(example), ...declaredFields(route.body)])];
      const url = route.path.replace(':id', ids.post as string).replace(':accountId', ids.account as string);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(...fields),
            fc.oneof({ weight: 4, arbitrary: hostileConstant }, { weight: 1, arbitrary: hostileValue }),
            { minKeys: 1, maxKeys: 3 },
          ),
          async (changes) => {
            const response = await t.app.inject({
              method: route.method,
              url,
              headers: { ...owner.headers, accept: 'application/json' },
              payload: { ...validBodies[name]?.(), ...changes },
            });
            expect(response.statusCode, `${route.method} ${url} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expect(response.json()).toMatchObject(errorShape);
          },
        ),
        { numRuns: 40, seed: 20261126 },
      );
    });
  }

  it('keeps passwords as argon2id hashes and sessions as digests only', async () => {
    const { rows } = await t.database.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [owner.userId]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await t.database.db.query<{ access: Buffer }>('SELECT access_token_hash AS access FROM sessions WHERE user_id = $1', [
      owner.userId,
    ]);
    expect(sessions.rows[0]?.access.length).toBe(32);
    expect(sessions.rows[0]?.access.toString('utf8')).not.toContain(owner.token);
  });
});
