import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/env';
import { signUp } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('DEFAULT_PLAN and plan requests', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const planOf = async (workspaceId: string) =>
    (await t.database.db.query<{ plan: string }>('SELECT plan FROM workspaces WHERE id = $1', [workspaceId])).rows[0]?.plan;
  const register = (plan?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        name: 'New',
        email: `${randomUUID().slice(0, 8)}@example.com`,
        password: 'a long enough password',
        ...(plan ? { plan } : {}),
      },
    });

  it('gives new personal and created workspaces the DEFAULT_PLAN', async () => {
    t = await createTestApp({ env: { DEFAULT_PLAN: 'business' }, worker: false });
    const person = await signUp(t);
    expect(await planOf(person.userId)).toBe('business');
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: person.headers, payload: { name: 'Team' } });
    expect(await planOf(created.json().id)).toBe('business');
  });

  it('is Starter without DEFAULT_PLAN; a wrong DEFAULT_PLAN or ADMIN_EMAILS stops the start, naming the variable', async () => {
    t = await createTestApp({ worker: false });
    expect(await planOf((await signUp(t)).userId)).toBe('free');
    expect(() => parseConfig({ DEFAULT_PLAN: 'gold' })).toThrow(/DEFAULT_PLAN: must be one of free, pro, business, enterprise/);
    expect(() => parseConfig({ ADMIN_EMAILS: 'ops@example.com, nope' })).toThrow(
      /ADMIN_EMAILS: must be email addresses separated by commas/,
    );
    expect(parseConfig({ ADMIN_EMAILS: ' Ops@Example.com ,me@example.com' }).adminEmails).toEqual(['ops@example.com', 'me@example.com']);
  });

  it('stores the plan chosen on the pricing page as a request, unless it is the default', async () => {
    t = await createTestApp({ worker: false });
    const chosen = await register('business');
    expect(chosen.statusCode, chosen.body).toBe(201);
    const userId = chosen.json().user.id as string;
    expect(await planOf(userId)).toBe('free');
    expect((await register('free')).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(201);
    const { rows } = await t.database.db.query('SELECT user_id, workspace_id, plan, handled_at FROM plan_requests');
    expect(rows).toEqual([{ user_id: userId, workspace_id: userId, plan: 'business', handled_at: null }]);
    expect((await register('platinum')).statusCode).toBe(400);
  });
});
