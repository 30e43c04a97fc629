import * as contract from '@postflow/contract';
import type { RouteContract } from '@postflow/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../test/helpers/factories';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createPostsRepository } from '../modules/posts/posts.repository';

/** Every call the contract declares (each `…Routes` export), so a new route is covered the day it is added. */
const routes: Array<[string, RouteContract]> = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('Routes') && typeof value === 'object' && value !== null)
  .flatMap(([group, value]) =>
    Object.entries(value as Record<string, RouteContract>).map(([name, route]) => [`${group}.${name}`, route] as [string, RouteContract]),
  );

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
    const postId = await posts.insertPost({ userId: owner.userId, originalText: 'Owner secret text', aiEnhanced: false, timeZone: 'UTC' });
    ids.post = await posts.insertTarget({
      postId,
      userId: owner.userId,
      accountId: ids.account,
      network: 'x',
      linkedinOrgId: null,
      text: 'Owner secret text',
      mediaIds: [],
      scheduledAt: new Date(Date.now() + 86_400_000),
    });
    const { rows } = await t.database.db.query<{ id: string }>(
      `INSERT INTO insights (user_id, platform, insight_type, title, description, recommendation, priority, confidence_score, evidence, fingerprint)
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
  });
  afterAll(() => t.close());

  /** Which of the owner's things an `:id` in a path names. */
  function resourceFor(path: string): string {
    if (path.startsWith('/content/') || path.startsWith('/api/v1/analytics/posts/')) return ids.post as string;
    if (path.startsWith('/api/v1/analytics/insights/')) return ids.insight as string;
    if (path.startsWith('/auth/social/')) return ids.account as string;
    if (path.startsWith('/api/v1/social/users/')) return ids.user as string;
    if (path.startsWith('/auth/sign-in-methods/')) return ids.identity as string;
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

  it('still lets the owner reach what the stranger could not (the 404s were about ownership)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/analytics/posts/${ids.post}`, headers: owner.headers })).statusCode).toBe(
      200,
    );
  });

  const hostileString = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '__proto__',
      'constructor',
      '../../etc/passwd',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      '😀'.repeat(500),
      'a'.repeat(20_000),
      '%00',
      'NaN',
      '-1',
      '1e308',
    ),
  );
  const hostileValue = fc.oneof(
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(hostileString, { maxLength: 5 }),
  );
  const hostileObject = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'platforms', 'text', 'email', 'limit', 'id')),
    hostileValue,
    { maxKeys: 8 },
  );

  for (const [name, route] of routes) {
    it(`${name}: random and hostile input never gets a 5xx, and every refusal has the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileObject, hostileObject, hostileString, async (body, query, id) => {
          const path = route.path.replace(':id', encodeURIComponent(id) || 'x');
          const search = new URLSearchParams(
            Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
          ).toString();
          const response = await t.app.inject({
            method: route.method,
            url: `${path}${search ? `?${search}` : ''}`,
            headers: { ...owner.headers, accept: 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: body as object }),
          });
          expect(response.statusCode, `${route.method} ${path} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json()).toMatchObject(errorShape);
        }),
        { numRuns: 25, seed: 20261122 },
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
