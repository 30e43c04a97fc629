import type { ActivityEntry } from '@postflow/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import { consent } from '../../../test/helpers/sandbox';
import type { TestSession } from '../../../test/helpers/session';
import { eventually, type TestApp } from '../../../test/helpers/test-app';

/** Entries the publisher and the OAuth round trip write, through the sandbox and the real worker. */
describe('the activity log of connecting accounts and publishing', () => {
  const harness = usePublishingHarness();
  let t: TestApp;
  let person: TestSession;
  beforeEach(async () => {
    ({ t, person } = harness.current());
    await t.database.db.query('UPDATE users SET name = $2 WHERE id = $1', [person.userId, 'Ada Lovelace']);
  });

  const entries = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/workspaces/${person.userId}/activity`, headers: person.headers })).json()
      .items as ActivityEntry[];
  const lines = (items: ActivityEntry[]) => items.map((item) => `${item.actor?.name ?? 'Postflow'} ${item.action} ${item.subject.label}`);

  /** The browser's trip to connect an X account: our start URL, the consent page, our callback, with the browser's cookie. */
  async function connectThroughConsent(persona: string) {
    const started = await t.app.inject({ method: 'GET', url: '/auth/link/x', headers: person.headers });
    const cookie = String(started.headers['set-cookie'] ?? '')
      .split(',')
      .map((line) => line.split(';')[0])
      .join('; ');
    const consentUrl = started.statusCode === 302 ? (started.headers.location as string) : started.json().authURL;
    const back = await consent(consentUrl, persona, 'authorize');
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(callback.headers.location).toContain('xConnected=true');
  }

  it('logs a person connecting and disconnecting an account, by its handle, once each', async () => {
    await connectThroughConsent('ada_sandbox');
    const [account] = (await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: person.headers })).json().socials;
    const removed = await t.app.inject({ method: 'DELETE', url: `/auth/social/${account.id}`, headers: person.headers });
    expect(removed.statusCode, removed.body).toBe(200);

    const items = await entries();
    expect(lines(items)).toEqual(['Ada Lovelace account.disconnected @ada_sandbox', 'Ada Lovelace account.connected @ada_sandbox']);
    expect(items.map((item) => item.subject)).toEqual([
      { type: 'account', id: account.id, label: '@ada_sandbox' },
      { type: 'account', id: account.id, label: '@ada_sandbox' },
    ]);
    expect(items[1]?.details).toEqual({ networks: ['x'], handle: '@ada_sandbox' });
  });

  it('logs a post Postflow published, with no person as its actor and where it went, once', async () => {
    await harness.connect('x');
    const { postId, posts } = await harness.compose({ text: 'Hello from the activity log', platforms: ['x'] });
    const row = await harness.published(posts[0]?.id as string);

    const items = await eventually(async () => {
      const found = await entries();
      return found.some((item) => item.action === 'post.published') ? found : undefined;
    });
    expect(lines(items)).toEqual([
      'Postflow post.published Hello from the activity log',
      'Ada Lovelace post.created Hello from the activity log',
    ]);
    expect(items[0]).toMatchObject({
      actor: null,
      subject: { type: 'post', id: postId },
      details: { networks: ['x'], handle: '@ada_x', url: row.network_post_url },
    });
  });

  it('logs a post that could not go out, with why, and no published entry', async () => {
    const { accountId } = await harness.connect('x');
    const { posts } = await harness.compose({
      text: 'This one will not make it',
      platforms: ['x'],
      scheduledFor: new Date(Date.now() + 2_000).toISOString(),
    });
    await t.database.db.query(`UPDATE social_accounts SET status = 'needs_reconnect' WHERE id = $1`, [accountId]);
    await harness.reaches(posts[0]?.id as string, 'needs_reconnect');

    const items = await entries();
    expect(lines(items)).toEqual(['Postflow post.failed This one will not make it', 'Ada Lovelace post.created This one will not make it']);
    expect(items[0]?.details).toMatchObject({
      networks: ['x'],
      status: 'needs_reconnect',
      handle: '@ada_x',
      reason: expect.stringContaining('Reconnect'),
    });
  });
});
