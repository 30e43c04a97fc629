import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { admin, consent, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('plan limits', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  afterEach(() => t.close());

  describe('with PLAN_LIMITS=on', () => {
    beforeEach(async () => {
      await admin(sandbox.url, '/_sandbox/reset', {});
      t = await createTestApp({ env: { ...sandbox.env, PLAN_LIMITS: 'on' }, worker: false });
      person = await signUp(t);
    });

    it('lets a Starter person post once a day and says why the second is refused', async () => {
      await createSocialAccount(t.services, person.userId, { network: 'x' });
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const first = await t.app.inject({
        method: 'POST',
        url: '/posts',
        headers: person.headers,
        payload: { text: 'One', platforms: ['x'], scheduledFor: later },
      });
      expect(first.statusCode).toBe(201);
      const second = await t.app.inject({
        method: 'POST',
        url: '/posts',
        headers: person.headers,
        payload: { text: 'Two', platforms: ['x'], scheduledFor: later },
      });
      expect(second.statusCode).toBe(403);
      expect(second.json().error.message).toBe(
        "Your Starter plan allows 1 post a day, and today's are used. Upgrade your plan, or schedule more from tomorrow (00:00 UTC).",
      );
      expect((await t.database.db.query('SELECT count(*)::int AS n FROM posts')).rows[0]?.n).toBe(1);

      await t.database.db.query(`UPDATE workspaces SET plan = 'pro' WHERE id = $1`, [person.userId]);
      const upgraded = await t.app.inject({
        method: 'POST',
        url: '/posts',
        headers: person.headers,
        payload: { text: 'Two', platforms: ['x'], scheduledFor: later },
      });
      expect(upgraded.statusCode).toBe(201);
    });

    it('stops a Starter person at two connected accounts, with the reason on the callback page', async () => {
      await createSocialAccount(t.services, person.userId, { network: 'x' });
      await createSocialAccount(t.services, person.userId, { network: 'linkedin' });
      const url = await t.services.accounts.startAuthorization({
        network: 'x',
        purpose: 'connect',
        userId: person.userId,
        browserBinding: 'this-browser-binding-value',
      });
      const back = await consent(url, 'third_one');
      const outcome = await t.services.accounts.completeAuthorization(
        'x',
        { code: back.searchParams.get('code') ?? undefined, state: back.searchParams.get('state') ?? undefined },
        'this-browser-binding-value',
      );
      // The page words the code from the catalogue (the plan's own wording stays in the log).
      expect(new URL(outcome.redirect).searchParams.get('error')).toBe('plan_limit');
      expect((await t.database.db.query('SELECT count(*)::int AS n FROM social_accounts')).rows[0]?.n).toBe(2);
    });
  });

  it('is off by default for self-hosting', async () => {
    t = await createTestApp({ env: sandbox.env, worker: false });
    person = await signUp(t);
    await createSocialAccount(t.services, person.userId, { network: 'x' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const text of ['One', 'Two', 'Three']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/posts',
        headers: person.headers,
        payload: { text, platforms: ['x'], scheduledFor: later },
      });
      expect(response.statusCode).toBe(201);
    }
  });
});
