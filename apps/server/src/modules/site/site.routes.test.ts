import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const message = {
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  type: 'CONTACT',
  title: 'Scheduling question',
  content: 'Can I schedule a post for next Tuesday at 09:00 Berlin time?',
};

describe('the contact form and site info', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const send = (body: object, url = '/api/contact/', ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url, payload: body, remoteAddress: ip });
  const rows = async (table: 'contact_messages' | 'emails') =>
    (await t.database.db.query(`SELECT * FROM ${table} ORDER BY created_at`)).rows;

  it('stores a message and mails it to SUPPORT_EMAIL in the same transaction', async () => {
    t = await createTestApp({ worker: false, env: { SUPPORT_EMAIL: 'support@postflow.example' } });

    const response = await send(message);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), message: 'Thank you! Your message has been sent successfully.' });
    const [stored] = await rows('contact_messages');
    expect(stored).toMatchObject({
      id: response.json().id,
      type: 'CONTACT',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      title: 'Scheduling question',
      content: message.content,
    });
    const emails = await rows('emails');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      id: stored?.email_id,
      to_address: 'support@postflow.example',
      subject: '[Postflow contact] Scheduling question',
    });
    expect(emails[0]?.text_body).toContain('Grace Hopper <grace@example.com>');
    expect(emails[0]?.text_body).toContain(message.content);
    const jobs = await t.database.db.query(`SELECT id FROM pgboss.job WHERE name = 'send-email' AND id = $1`, [emails[0]?.id]);
    expect(jobs.rowCount).toBe(1);
  });

  it('only stores the message when no support address is configured', async () => {
    t = await createTestApp({ worker: false });

    expect((await send(message)).statusCode).toBe(201);

    expect(await rows('contact_messages')).toEqual([expect.objectContaining({ email_id: null, title: 'Scheduling question' })]);
    expect(await rows('emails')).toEqual([]);
  });

  it('keeps a subject with line breaks on one line in the mail', async () => {
    t = await createTestApp({ worker: false, env: { SUPPORT_EMAIL: 'support@postflow.example' } });

    expect((await send({ ...message, title: 'Hello\r\nBcc: victim@example.com' })).statusCode).toBe(201);

    expect((await rows('emails'))[0]?.subject).toBe('[Postflow contact] Hello Bcc: victim@example.com');
  });

  it('accepts the path without its trailing slash', async () => {
    t = await createTestApp({ worker: false });

    expect((await send(message, '/api/contact')).statusCode).toBe(201);
    expect(await rows('contact_messages')).toHaveLength(1);
  });

  it('explains each invalid field and stores nothing', async () => {
    t = await createTestApp({ worker: false, env: { SUPPORT_EMAIL: 'support@postflow.example' } });

    const response = await send({ name: ' ', email: 'not-an-email', type: 'FEEDBACK', title: 'x'.repeat(201), content: 'y'.repeat(5001) });

    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address, like name@example.com',
      type: "type must be 'CONTACT'",
      title: 'Subject must be at most 200 characters',
      content: 'Message must be at most 5,000 characters',
    });
    const missing = await send({ type: 'CONTACT' });
    expect(missing.json().error.fields).toEqual({
      name: 'Enter your name',
      email: 'Enter your email address',
      title: 'Enter a subject',
      content: 'Enter your message',
    });
    expect(await rows('contact_messages')).toEqual([]);
    expect(await rows('emails')).toEqual([]);
  });

  it('takes 5 messages an hour from one address, then answers 429 with Retry-After, and still serves other addresses', async () => {
    t = await createTestApp({ worker: false });

    for (let i = 0; i < 5; i += 1) expect((await send({ ...message, title: `Message ${i}` })).statusCode).toBe(201);
    const limited = await send(message);

    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many messages from this network\. Try again in \d+ minutes?\.$/),
    });
    expect(await rows('contact_messages')).toHaveLength(5);
    expect((await send(message, '/api/contact/', '198.51.100.4')).statusCode).toBe(201);
  });

  it('tells the site pages the support address, or null', async () => {
    t = await createTestApp({ worker: false, env: { SUPPORT_EMAIL: 'help@postflow.example' } });
    const info = await t.app.inject({ method: 'GET', url: '/api/site/info' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ supportEmail: 'help@postflow.example' });
    await t.close();

    t = await createTestApp({ worker: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/site/info' })).json()).toEqual({ supportEmail: null });
  });
});
