import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../test/helpers/factories';
import { multipart } from '../../test/helpers/multipart';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

const inAYear = () => new Date(Date.now() + 200 * 86_400_000).toISOString();

/** What a person reads when a request is refused: the field it names and the message. */
async function refusal(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  return (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

describe('bad input is refused with 400 naming the field, and nothing is stored', () => {
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t);
    await createSocialAccount(t.services, person.userId, { network: 'x', username: 'nul_tester' });
  });
  afterAll(() => t.close());

  const count = async (table: string) => (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

  it('refuses a NUL character in a post, naming the field', async () => {
    const before = await count('posts');
    const response = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: { text: 'Launch day\u0000!', platforms: ['x'], scheduledFor: inAYear() },
    });
    const error = await refusal(response);
    expect(error.fields).toHaveProperty('text');
    expect(error.message).toContain('NUL character');
    expect(await count('posts')).toBe(before);
  });

  it('refuses a NUL character in the composer’s multipart data part, naming the nested field', async () => {
    const body = multipart([
      {
        name: 'data',
        value: JSON.stringify({ enhancedContent: { x: 'Hello\u0000' }, platforms: ['x'], isScheduled: false }),
      },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/content/publish',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
    expect((await refusal(response)).fields).toHaveProperty('enhancedContent.x');
  });

  it('refuses a NUL character in a profile, a sign-up and a query', async () => {
    const profile = await t.app.inject({ method: 'PUT', url: '/auth/profile', headers: person.headers, payload: { bio: 'Writer\u0000' } });
    expect((await refusal(profile)).fields).toHaveProperty('bio');

    const register = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Ada\u0000', email: 'ada-nul@example.com', password: 'a long enough password' },
    });
    expect((await refusal(register)).fields).toHaveProperty('name');
    expect((await t.database.db.query("SELECT 1 FROM users WHERE email = 'ada-nul@example.com'")).rowCount).toBe(0);

    const feed = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed?tz=Europe%2FBerlin%00', headers: person.headers });
    expect((await refusal(feed)).fields).toHaveProperty('tz');
  });

  it('refuses dates that do not exist instead of answering 500 or moving them', async () => {
    for (const query of ['start_date=2026-02-30&end_date=2026-03-10', 'start_date=2026-02-01&end_date=2026-02-30']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/analytics/summary?${query}`, headers: person.headers });
      const error = await refusal(response);
      expect(error.message).toBe('That date does not exist');
      expect(Object.keys(error.fields ?? {})).toEqual([query.includes('end_date=2026-02-30') ? 'end_date' : 'start_date']);
    }

    const before = await count('posts');
    const body = multipart([
      {
        name: 'data',
        value: JSON.stringify({
          enhancedContent: { x: 'Planned for a day that does not exist' },
          platforms: ['x'],
          isScheduled: true,
          scheduleDate: '2027-02-30',
          scheduleTime: '10:00',
        }),
      },
    ]);
    const publish = await t.app.inject({
      method: 'POST',
      url: '/content/publish',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
    const error = await refusal(publish);
    expect(error.fields?.scheduleDate).toBe('2027-02-30 is not a date on the calendar');
    expect(await count('posts')).toBe(before);
  });
});
