import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver';
import { sendWebhook } from './webhook-sender';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
const message = { body: '{"type":"webhook.test"}', headers: { 'webhook-id': 'msg_1' } };

describe('sending one webhook message', () => {
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(() => receiver.close());

  it('looks the name up once and connects to the address it checked', async () => {
    const lookups: string[] = [];
    const port = new URL(receiver.url).port;
    // A name no resolver knows: only the lookup the delivery made can take the connection anywhere.
    const outcome = await sendWebhook(`http://receiver.postflow.invalid:${port}/hooks`, message, {
      allowPrivate: true,
      timeoutMs: 2_000,
      lookup: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toEqual(['receiver.postflow.invalid']);
    expect(receiver.received[0]?.headers).toMatchObject({ 'webhook-id': 'msg_1', host: `receiver.postflow.invalid:${port}` });
  });

  it('refuses a name that resolves to a private address, sending nothing', async () => {
    const outcome = await sendWebhook('https://hooks.postflow.invalid/hooks', message, {
      allowPrivate: false,
      timeoutMs: 2_000,
      lookup: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    expect(outcome).toMatchObject({ ok: false, status: undefined, error: expect.stringContaining('private, loopback or link-local') });
    expect(receiver.received).toHaveLength(0);
  });

  it('does not follow a redirect, which could lead anywhere (an internal address), and counts it as a failure', async () => {
    receiver.answer([{ status: 302, body: '', headers: { location: `${receiver.url}/elsewhere` } }]);
    const outcome = await sendWebhook(receiver.url, message, { allowPrivate: true, timeoutMs: 2_000 });
    expect(outcome).toMatchObject({ ok: false, status: 302, error: 'The receiver answered 302 (redirects are not followed).' });
    expect(receiver.received).toHaveLength(1);
  });

  it('counts a lookup that never answers against the deadline', async () => {
    const outcome = await sendWebhook('https://slow.postflow.invalid/hooks', message, {
      allowPrivate: false,
      timeoutMs: 200,
      lookup: () => new Promise(() => {}),
    });
    expect(outcome).toMatchObject({ ok: false, error: 'No answer within 0.2 s.' });
  });
});
