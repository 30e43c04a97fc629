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

    it('lets a Starter workspace post once a day and says why the second is refused', async () => {
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
        "Your Starter plan allows 1 post a day and today's is used. Creator allows 15, Scale 50, Agency unlimited: ask the instance's operator to change this workspace's plan.",
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

    it('stops a Starter workspace at two connected accounts, with the reason on the callback page', async () => {
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

    it('lets only one of several posts sent at the same moment take the last post of the day', async () => {
      await createSocialAccount(t.services, person.userId, { network: 'x' });
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const answers = await Promise.all(
        ['One', 'Two', 'Three', 'Four'].map((text) =>
          t.app.inject({
            method: 'POST',
            url: '/posts',
            headers: person.headers,
            payload: { text, platforms: ['x'], scheduledFor: later },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403, 403]);
      expect((await t.database.db.query('SELECT count(*)::int AS n FROM posts')).rows[0]?.n).toBe(1);
    });

    it('says which limit refused the account and which plans lift it', async () => {
      await createSocialAccount(t.services, person.userId, { network: 'x' });
      await createSocialAccount(t.services, person.userId, { network: 'linkedin' });
      await expect(t.services.planLimits.checkAccountAllowed(t.database.db, person.userId)).rejects.toThrow(
        "Your Starter plan allows 2 connected accounts and this workspace has 2. Creator, Scale and Agency allow unlimited accounts: ask the instance's operator to change this workspace's plan.",
      );
      await t.database.db.query(`UPDATE workspaces SET plan = 'pro' WHERE id = $1`, [person.userId]);
      await expect(t.services.planLimits.checkAccountAllowed(t.database.db, person.userId)).resolves.toBeUndefined();
    });

    it('counts the posts of every member of a workspace against its plan, not each person', async () => {
      const team = (
        await t.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: person.headers, payload: { name: 'Team' } })
      ).json().id as string;
      await t.database.db.query(`UPDATE workspaces SET plan = 'free' WHERE id = $1`, [team]);
      const editor = await signUp(t, 'Editor');
      await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')`, [
        team,
        editor.userId,
      ]);
      await createSocialAccount(t.services, team, { network: 'x' });
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const post = (who: TestSession) =>
        t.app.inject({
          method: 'POST',
          url: '/posts',
          headers: { ...who.headers, 'x-workspace-id': team },
          payload: { text: `From ${who.userId}`, platforms: ['x'], scheduledFor: later },
        });
      expect((await post(person)).statusCode).toBe(201);
      const refused = await post(editor);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/^Your Starter plan allows 1 post a day/);
      // The editor's own personal workspace has its own allowance.
      await createSocialAccount(t.services, editor.userId, { network: 'x' });
      const own = await t.app.inject({
        method: 'POST',
        url: '/posts',
        headers: editor.headers,
        payload: { text: 'Mine', platforms: ['x'], scheduledFor: later },
      });
      expect(own.statusCode).toBe(201);
    });

    it('refuses a feature the plan does not include, naming the plans that do', async () => {
      const { planLimits } = t.services;
      const db = t.database.db;
      await expect(planLimits.requireFeature(db, person.userId, 'bulkScheduling')).rejects.toMatchObject({
        code: 'forbidden',
        message:
          "Bulk scheduling is not part of your Starter plan. Scale and Agency include it: ask the instance's operator to change this workspace's plan.",
      });
      await db.query(`UPDATE workspaces SET plan = 'business' WHERE id = $1`, [person.userId]);
      await expect(planLimits.requireFeature(db, person.userId, 'bulkScheduling')).resolves.toBeUndefined();
      await expect(planLimits.requireFeature(db, person.userId, 'whiteLabel')).rejects.toThrow(
        "White-label is not part of your Scale plan. Agency includes it: ask the instance's operator to change this workspace's plan.",
      );
      await db.query(`UPDATE workspaces SET plan = 'enterprise' WHERE id = $1`, [person.userId]);
      for (const feature of ['bulkScheduling', 'apiAccess', 'whiteLabel'] as const) {
        await expect(planLimits.requireFeature(db, person.userId, feature)).resolves.toBeUndefined();
      }
    });
  });

  it('is off by default for self-hosting: every workspace has everything, whatever its plan', async () => {
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
    await expect(t.services.planLimits.requireFeature(t.database.db, person.userId, 'whiteLabel')).resolves.toBeUndefined();
  });
});
