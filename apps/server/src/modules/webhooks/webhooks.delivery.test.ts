import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { insertTarget } from '../../../test/helpers/targets';
import { createPostsRepository } from '../posts/posts.repository';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { startWebhookReceiver, type ReceivedWebhook } from '../../../test/helpers/webhook-receiver';

/** Short retries and timeouts, and a receiver on 127.0.0.1, as WEBHOOK_ALLOW_PRIVATE allows (docs/webhooks.md). */
const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_RETRY_BASE: '100ms', WEBHOOK_TIMEOUT: '500ms' };

/** What the official library makes of a request: the payload when a signature matches, a throw otherwise. */
const verified = (secret: string, request: ReceivedWebhook) =>
  new Webhook(secret).verify(request.body, request.headers) as { type: string; timestamp: string; data: Record<string, unknown> };

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function addEndpoint(t: TestApp, who: TestSession, url: string, events: string[]) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: who.headers, payload: { url, events } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string };
}

async function deliveries(t: TestApp, who: TestSession, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().deliveries as Array<{
    id: string;
    messageId: string;
    status: string;
    attempts: number;
    lastStatus: number | null;
    lastError: string | null;
    lastResponse: string | null;
    nextAttemptAt: string | null;
  }>;
}

const ping = (t: TestApp, who: TestSession, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/test`, headers: who.headers });

const settled = (t: TestApp, who: TestSession, id: string, status: 'succeeded' | 'failed', timeoutMs = 10_000) =>
  eventually(async () => {
    const [latest] = await deliveries(t, who, id);
    return latest?.status === status ? latest : undefined;
  }, timeoutMs);

describe('webhook deliveries', () => {
  const harness = usePublishingHarness({ env: WEBHOOK_ENV });
  let t: TestApp;
  let person: TestSession;
  let receiver: Receiver;
  beforeEach(async () => {
    ({ t, person } = harness.current());
    receiver = await startWebhookReceiver();
  });
  afterEach(() => receiver.close());

  it("sends post.published, signed so standardwebhooks verifies it, with the post's id and its address on the network", async () => {
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    await harness.connect('x');
    const { posts } = await harness.compose({ text: 'Hello, receivers', platforms: ['x'] });
    const row = await harness.published(posts[0]?.id as string);

    const [request] = await eventually(async () => (receiver.received.length ? receiver.received : undefined));
    const payload = verified(endpoint.secret, request as ReceivedWebhook);
    expect(payload.type).toBe('post.published');
    expect(payload.data).toMatchObject({
      postId: posts[0]?.id,
      network: 'x',
      url: row.network_post_url,
      channel: { name: expect.any(String) },
    });
    expect(new Date(payload.data.publishedAt as string).getTime()).toBe(new Date(row.published_at).getTime());
    expect(request?.headers['webhook-id']).toMatch(/^msg_/);
    // Another secret does not verify it.
    expect(() => verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, request as ReceivedWebhook)).toThrow();
    // The log records the answer after the receiver has sent it: wait for it, not for the request.
    expect(await settled(t, person, endpoint.id, 'succeeded')).toMatchObject({ attempts: 1, lastStatus: 200 });
  });

  it('retries a receiver that fails twice and delivers on the third try, with the same webhook-id each time', async () => {
    receiver.answer([500, 503]);
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    expect((await ping(t, person, endpoint.id)).statusCode).toBe(202);

    const delivery = await settled(t, person, endpoint.id, 'succeeded');
    expect(delivery).toMatchObject({ attempts: 3, lastStatus: 200, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([delivery.messageId]));
    for (const request of receiver.received) expect(verified(endpoint.secret, request).type).toBe('webhook.test');
  });

  it('turns the endpoint off at once when the receiver answers 410 Gone, and mails the owner', async () => {
    receiver.answer([410]);
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    await ping(t, person, endpoint.id);

    const delivery = await settled(t, person, endpoint.id, 'failed');
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: 410, lastResponse: 'refused with 410' });
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: person.headers })).json().webhooks;
    expect(listed).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('410 Gone') });
    const mails = await t.database.db.query(`SELECT subject, text_body FROM emails WHERE user_id = $1`, [person.userId]);
    expect(mails.rows.map((mail) => mail.subject)).toContain('A webhook endpoint was turned off');
    expect(receiver.received).toHaveLength(1);
  });

  it('counts a receiver that does not answer in time as a failed attempt, and keeps retrying', async () => {
    receiver.answer(Array<'hang'>(20).fill('hang'));
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    await ping(t, person, endpoint.id);

    const delivery = await eventually(async () => {
      const [latest] = await deliveries(t, person, endpoint.id);
      return latest && latest.attempts >= 1 ? latest : undefined;
    });
    expect(delivery).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'No answer within 0.5 s.' });
    expect(delivery.nextAttemptAt).not.toBeNull();
    await eventually(async () => receiver.received.length >= 2);
  });

  it('logs the start of any answer, even a binary one with NUL bytes, and sends the message once', async () => {
    receiver.answer([{ status: 200, body: `ok\u0000${'\u0001binary'.repeat(20_000)}` }]);
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    await ping(t, person, endpoint.id);

    const delivery = await settled(t, person, endpoint.id, 'succeeded');
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: 200 });
    expect(delivery.lastResponse?.startsWith('ok')).toBe(true);
    expect(delivery.lastResponse?.length).toBeLessThanOrEqual(300);
    expect(receiver.received).toHaveLength(1);
  });

  it('redelivers a delivery on request with the same webhook-id', async () => {
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    await ping(t, person, endpoint.id);
    const first = await settled(t, person, endpoint.id, 'succeeded');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`,
      headers: person.headers,
    });
    expect(again.statusCode, again.body).toBe(202);
    await eventually(async () => receiver.received.length === 2);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([first.messageId, first.messageId]);
    expect(verified(endpoint.secret, receiver.received[1] as ReceivedWebhook).type).toBe('webhook.test');
    await eventually(async () => (await deliveries(t, person, endpoint.id))[0]?.attempts === 2);
  });

  it('signs with both the new and the old secret for a day after a rotation', async () => {
    const endpoint = await addEndpoint(t, person, receiver.url, ['post.published']);
    const rotated = await t.app.inject({ method: 'POST', url: `/api/v1/webhooks/${endpoint.id}/rotate-secret`, headers: person.headers });
    const newSecret = rotated.json().secret as string;
    await ping(t, person, endpoint.id);
    const [request] = await eventually(async () => (receiver.received.length ? receiver.received : undefined));

    expect(request?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verified(newSecret, request as ReceivedWebhook).type).toBe('webhook.test');
    expect(verified(endpoint.secret, request as ReceivedWebhook).type).toBe('webhook.test');
  });

  it('sends the events of failed, missed and partly published posts, approvals and accounts to reconnect, and only those subscribed', async () => {
    const endpoint = await addEndpoint(t, person, receiver.url, [
      'post.failed',
      'post.missed',
      'post.partially_published',
      'approval.requested',
      'account.needs_reconnect',
    ]);
    const accountId = await createSocialAccount(t.services, person.userId, { network: 'x', username: 'ada_events' });
    const at = new Date(Date.now() + 3_600_000);
    const failed = await insertTarget(t.services, {
      userId: person.userId,
      accountId,
      network: 'x',
      at,
      status: 'failed',
      failureReason: 'X refused it',
    });
    const missed = await insertTarget(t.services, { userId: person.userId, accountId, network: 'x', at, status: 'missed' });
    // Written waiting for approval, as an editor's post in a workspace that requires it is.
    const posts = createPostsRepository(t.services.db);
    const waiting = await posts.insertTarget({
      postId: await posts.insertPost({
        workspaceId: person.userId,
        createdBy: person.userId,
        originalText: 'Needs a yes',
        aiEnhanced: false,
        timeZone: 'UTC',
      }),
      workspaceId: person.userId,
      accountId,
      network: 'x',
      linkedinOrgId: null,
      text: 'Needs a yes',
      mediaIds: [],
      scheduledAt: at,
      status: 'pending_approval',
    });
    // Published, which this endpoint does not listen for, then flagged as a thread that went out in part.
    const partial = await insertTarget(t.services, { userId: person.userId, accountId, network: 'x', at, status: 'published' });
    await t.database.db.query(`UPDATE post_targets SET partially_published = true WHERE id = $1`, [partial]);
    await t.database.db.query(`UPDATE social_accounts SET status = 'needs_reconnect', status_reason = 'Access revoked' WHERE id = $1`, [
      accountId,
    ]);

    await eventually(async () => receiver.received.length >= 5);
    const payloads = receiver.received.map((request) => verified(endpoint.secret, request));
    const byType = Object.fromEntries(payloads.map((payload) => [payload.type, payload.data]));
    expect(Object.keys(byType).sort()).toEqual([
      'account.needs_reconnect',
      'approval.requested',
      'post.failed',
      'post.missed',
      'post.partially_published',
    ]);
    expect(byType['post.failed']).toMatchObject({ postId: failed, reason: 'X refused it' });
    expect(byType['post.missed']).toMatchObject({ postId: missed, network: 'x' });
    expect(byType['approval.requested']).toMatchObject({ postId: waiting, text: 'Needs a yes', channel: { handle: 'ada_events' } });
    expect(byType['post.partially_published']).toMatchObject({ postId: partial, url: `https://example.com/posts/${partial}` });
    expect(byType['account.needs_reconnect']).toMatchObject({ accountId, username: 'ada_events', reason: 'Access revoked' });
    expect(receiver.received).toHaveLength(5);
  });
});

describe('webhook deliveries that fail for the whole retry window', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeEach(async () => {
    t = await createTestApp({ env: { ...WEBHOOK_ENV, WEBHOOK_RETRY_WINDOW: '1s' } });
    receiver = await startWebhookReceiver(Array<number>(50).fill(500));
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  it('give up, turn the endpoint off and mail the owner', async () => {
    const owner = await signUp(t, 'Owner');
    const endpoint = await addEndpoint(t, owner, receiver.url, ['post.published']);
    await ping(t, owner, endpoint.id);

    const delivery = await settled(t, owner, endpoint.id, 'failed', 15_000);
    expect(delivery.attempts).toBeGreaterThan(1);
    expect(delivery).toMatchObject({ lastStatus: 500, lastError: 'The receiver answered 500.', nextAttemptAt: null });
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: owner.headers })).json().webhooks;
    expect(listed).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('failed for') });
    const mails = await t.database.db.query(`SELECT subject, text_body AS text FROM emails WHERE user_id = $1`, [owner.userId]);
    expect(mails.rows[0]).toMatchObject({ subject: 'A webhook endpoint was turned off', text: expect.stringContaining(receiver.url) });
  });
});
