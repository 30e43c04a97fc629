import { randomUUID } from 'node:crypto';
import { apiKeyScopes, type RouteContract } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedRoutes } from '../../test/helpers/contract-routes';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

/**
 * Every route × an API key with and without the route's scope (issue 23): a key lacking it gets 403
 * naming what it needs, a route no key may call gets 403 saying a person must sign in, and a key
 * holding the scope gets past the check. A route added tomorrow is in the matrix the day it is added.
 */
const routes = authedRoutes;

describe('what an API key may call', () => {
  let t: TestApp;
  let owner: TestSession;
  const keys = {} as Record<'every' | (typeof apiKeyScopes)[number], string>;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, env: { API_KEY_RATE_LIMIT: '100000' } });
    owner = await signUp(t, 'Key maker');
    const caller = { workspaceId: owner.userId, userId: owner.userId, role: 'owner' as const };
    keys.every = (await t.services.apiKeys.create(caller, { name: 'every scope', scopes: [...apiKeyScopes] })).key;
    for (const scope of apiKeyScopes) keys[scope] = (await t.services.apiKeys.create(caller, { name: scope, scopes: [scope] })).key;
  });
  afterAll(() => t.close());

  const call = (route: RouteContract, key: string) =>
    t.app.inject({
      method: route.method,
      url: route.path.replace(`:${route.workspaceParam ?? '\0'}`, owner.userId).replace(/:[A-Za-z]+/g, () => randomUUID()),
      headers: { authorization: `Bearer ${key}` },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('lets keys call posting, reading and analytics, and nothing that manages people, keys or sessions', () => {
    const scoped = routes.filter(([, route]) => route.scope).map(([name]) => name);
    expect(scoped).toEqual(expect.arrayContaining(['postsRoutes.createPost', 'mediaRoutes.upload', 'channelsRoutes.list']));
    expect(scoped.filter((name) => /^(apiKey|members|workspace|auth|admin)/.test(name))).toEqual([]);
  });

  for (const [name, route] of routes) {
    it(`${name}: ${route.scope ? `needs ${route.scope}` : 'no key may call it'}`, async () => {
      const other = apiKeyScopes.find((scope) => scope !== route.scope)!;
      const refused = await call(route, keys[other]);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toContain(route.scope ?? 'needs a person signed in');
      if (!route.scope) return;
      for (const key of [keys[route.scope], keys.every]) {
        const answer = await call(route, key);
        expect([401, 403], `${route.method} ${route.path} → ${answer.body.slice(0, 200)}`).not.toContain(answer.statusCode);
      }
    });
  }
});
