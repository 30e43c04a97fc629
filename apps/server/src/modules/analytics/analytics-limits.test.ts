import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('asking for syncs and insights by hand is limited per person (issue 17, item 16)', () => {
  let t: TestApp;
  let person: TestSession;

  beforeEach(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t);
    await createSocialAccount(t.services, person.userId, { network: 'x' });
  });
  afterEach(() => t.close());

  const ask = (url: string, payload: object, headers: Record<string, string> = person.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  for (const [what, url, payload, allowed, message] of [
    [
      'a metrics sync',
      '/api/v1/analytics/sync',
      { platform: 'x', sync_type: 'all' },
      12,
      /12 syncs in the last hour.*Try again in \d+ minutes?/,
    ],
    ['new insights', '/api/v1/analytics/insights/generate', { platform: 'all' }, 10, /insights 10 times.*Try again in \d+ minutes?/],
  ] as const) {
    it(`answers 429 with Retry-After to ${what} past ${allowed} an hour, for that person only`, async () => {
      for (let index = 0; index < allowed; index += 1) expect((await ask(url, payload)).statusCode).toBe(202);
      const refused = await ask(url, payload);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.message).toMatch(message);

      const other = await signUp(t, 'Other');
      await createSocialAccount(t.services, other.userId, { network: 'x' });
      expect((await ask(url, payload, other.headers)).statusCode).toBe(202);
    });
  }
});
