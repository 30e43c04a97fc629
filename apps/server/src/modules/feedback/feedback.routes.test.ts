import { proFeatureRequest } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const rows = async (t: TestApp, sql: string, values: unknown[] = []) => (await t.database.db.query(sql, values)).rows;

describe('POST /api/feedback/', () => {
  describe('without FEEDBACK_EMAIL', () => {
    let t: TestApp;
    let ada: TestSession;

    beforeAll(async () => {
      t = await createTestApp({ worker: false });
      ada = await signUp(t, 'Ada');
    });
    afterAll(() => t.close());

    it('stores the PRO request with the person who sent it, and mails no one', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/feedback/',
        headers: ada.headers,
        payload: proFeatureRequest('Schedule Content'),
      });

      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect(await rows(t, 'SELECT user_id, type, title, content FROM feedback')).toEqual([
        {
          user_id: ada.userId,
          type: 'feature_request',
          title: 'Pro Feature Request: Schedule Content',
          content: 'I am interested in the Schedule Content PRO feature.',
        },
      ]);
      expect(await rows(t, 'SELECT * FROM emails')).toEqual([]);
    });

    it('answers the same without the trailing slash, trimming what it keeps', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: ada.headers,
        payload: { type: 'general', title: '  Nice  ', content: ' Thanks for the feed. ' },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await rows(t, "SELECT title, content FROM feedback WHERE type = 'general'")).toEqual([
        { title: 'Nice', content: 'Thanks for the feed.' },
      ]);
    });

    it.each([
      [{ title: 'T', content: 'C' }, 'type', "type must be 'feature_request', 'bug_report' or 'general'"],
      [{ type: 'praise', title: 'T', content: 'C' }, 'type', "type must be 'feature_request', 'bug_report' or 'general'"],
      [{ type: 'general', title: '   ', content: 'C' }, 'title', 'Enter a title'],
      [{ type: 'general', title: 'x'.repeat(201), content: 'C' }, 'title', 'The title must be at most 200 characters'],
      [{ type: 'general', title: 'T' }, 'content', 'Enter your message'],
      [{ type: 'general', title: 'T', content: 'x'.repeat(5001) }, 'content', 'The message must be at most 5000 characters'],
    ])('refuses %j with 400', async (payload, field, message) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/feedback/', headers: ada.headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
    });

    it('needs a signed-in user', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/feedback/', payload: proFeatureRequest('View Analytics') });
      expect(response.statusCode).toBe(401);
    });

    it('limits how much one person can send in an hour', async () => {
      const eager = await signUp(t, 'Eager');
      const send = () =>
        t.app.inject({ method: 'POST', url: '/api/feedback/', headers: eager.headers, payload: proFeatureRequest('View Analytics') });
      for (let index = 0; index < 20; index += 1) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
    });
  });

  describe('with FEEDBACK_EMAIL', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ worker: false, env: { FEEDBACK_EMAIL: 'team@example.com' } });
    });
    afterAll(() => t.close());

    it('mails the team through the outbox, in the same transaction as the stored feedback', async () => {
      const ada = await signUp(t, 'Ada Lovelace');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/feedback/',
        headers: ada.headers,
        payload: proFeatureRequest('View Analytics'),
      });
      expect(response.statusCode, response.body).toBe(201);

      const [feedback] = await rows(t, 'SELECT id FROM feedback');
      const emails = await rows(t, 'SELECT user_id, to_address, subject, text_body, status FROM emails');
      expect(emails).toEqual([
        {
          user_id: ada.userId,
          to_address: 'team@example.com',
          subject: '[Postflow feedback] Pro Feature Request: View Analytics',
          text_body: expect.stringContaining('I am interested in the View Analytics PRO feature.'),
          status: 'queued',
        },
      ]);
      expect(emails[0]?.text_body).toContain('Type: feature_request');
      expect(emails[0]?.text_body).toContain(`Feedback id: ${feedback?.id}`);
      expect(emails[0]?.text_body).toMatch(/From: Ada Lovelace <[^>]+@example\.com>/);
      const jobs = await rows(t, "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email'");
      expect(jobs).toEqual([{ n: 1 }]);
    });

    it('keeps a line break in a title out of the mail headers', async () => {
      const ada = await signUp(t, 'Ada');
      await t.app.inject({
        method: 'POST',
        url: '/api/feedback/',
        headers: ada.headers,
        payload: { type: 'bug_report', title: 'Broken\r\nBcc: everyone@example.com', content: 'See title' },
      });
      const [email] = await rows(t, "SELECT subject FROM emails WHERE subject LIKE '%Broken%'");
      expect(email?.subject).toBe('[Postflow feedback] Broken Bcc: everyone@example.com');
    });
  });
});
