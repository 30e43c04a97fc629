import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('the admin area', () => {
  let t: TestApp;
  let operator: TestSession;
  let someone: TestSession;
  let customerId: string;
  const customerEmail = `customer-${randomUUID().slice(0, 6)}@example.com`;

  const call = (who: TestSession, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ' Ops@Example.com , other@example.com' }, worker: false });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Operator', email: 'ops@example.com', password: 'a long enough password' },
    });
    const { token, user } = registered.json();
    operator = { userId: user.id, token, headers: { authorization: `Bearer ${token}` } };
    someone = await signUp(t, 'Someone');
    const customer = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Customer', email: customerEmail, password: 'a long enough password', plan: 'enterprise' },
    });
    customerId = customer.json().user.id;
    await createSocialAccount(t.services, customerId, { network: 'x' });
  });
  afterAll(() => t.close());

  it('lists every workspace with its owner, plan, members, accounts and posts this month', async () => {
    const response = await call(operator, 'GET', '/api/v1/admin/workspaces');
    expect(response.statusCode, response.body).toBe(200);
    const customer = response.json().workspaces.find((workspace: { id: string }) => workspace.id === customerId);
    expect(customer).toMatchObject({
      name: 'Personal',
      ownerEmail: customerEmail,
      personal: true,
      plan: 'free',
      members: 1,
      accounts: 1,
      postsThisMonth: 0,
    });
  });

  it('shows the plan requested at registration, and marks it handled when the plan changes', async () => {
    const before = (await call(operator, 'GET', '/api/v1/admin/plan-requests')).json().requests;
    expect(before).toEqual([
      expect.objectContaining({ workspaceId: customerId, email: customerEmail, plan: 'enterprise', currentPlan: 'free', handledAt: null }),
    ]);
    const changed = await call(operator, 'PATCH', `/api/v1/admin/workspaces/${customerId}`, { plan: 'enterprise' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: customerId, plan: 'enterprise' });
    const after = (await call(operator, 'GET', '/api/v1/admin/plan-requests')).json().requests;
    expect(after[0]).toMatchObject({ currentPlan: 'enterprise', handledAt: expect.any(String) });
    expect((await call(operator, 'PATCH', `/api/v1/admin/workspaces/${randomUUID()}`, { plan: 'pro' })).statusCode).toBe(404);
  });

  it('does not exist for anyone not in ADMIN_EMAILS: 404, and nothing changes', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/admin/workspaces'],
      ['GET', '/api/v1/admin/plan-requests'],
      ['PATCH', `/api/v1/admin/workspaces/${someone.userId}`],
    ] as const) {
      const response = await call(someone, method, url, method === 'PATCH' ? { plan: 'enterprise' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.message).toBe(`There is no API call ${method} ${url}.`);
    }
    const { rows } = await t.database.db.query('SELECT plan FROM workspaces WHERE id = $1', [someone.userId]);
    expect(rows[0]?.plan).toBe('free');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/workspaces' })).statusCode).toBe(401);
  });
});
