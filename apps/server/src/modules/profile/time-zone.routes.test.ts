import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** docs/product.md, Shared rules · Time zone; docs/decisions/145-person-time-zone.md. */
describe('the person’s time zone', () => {
  let t: TestApp;
  let person: TestSession;

  beforeEach(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t, 'Ada');
  });
  afterEach(() => t.close());

  const profile = async (headers = person.headers) =>
    (await t.app.inject({ method: 'GET', url: '/auth/profile', headers })).json().user as { timeZone: string | null };
  const setZone = (payload: object) => t.app.inject({ method: 'PUT', url: '/auth/profile/time-zone', headers: person.headers, payload });
  const fullProfile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada.lovelace',
  };

  it('is null until chosen, on sign-up and on GET /auth/profile', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Grace', email: 'grace@example.com', password: 'a long enough password' },
    });
    expect(registered.json().user.timeZone).toBeNull();
    expect((await profile()).timeZone).toBeNull();
  });

  it('PUT /auth/profile/time-zone sets only the zone; GET /auth/profile and the next sign-in carry it', async () => {
    const response = await setZone({ timeZone: 'Europe/Berlin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ timeZone: 'Europe/Berlin', name: 'Ada' });
    expect((await profile()).timeZone).toBe('Europe/Berlin');
    const email = (await t.database.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [person.userId])).rows[0]?.email;
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'a long enough password' } });
    expect(login.json().user.timeZone).toBe('Europe/Berlin');
  });

  it('stores the zone with the runtime’s capitals, but never renames it', async () => {
    expect((await setZone({ timeZone: ' europe/berlin ' })).json().user.timeZone).toBe('Europe/Berlin');
    expect((await setZone({ timeZone: 'Asia/Kolkata' })).json().user.timeZone).toBe('Asia/Kolkata');
  });

  it('PUT /auth/profile accepts timeZone with the rest of the profile, and keeps the zone when it is left out', async () => {
    const email = (await t.database.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [person.userId])).rows[0]?.email;
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/auth/profile', headers: person.headers, payload: body });
    const saved = await put({ ...fullProfile, email, timeZone: 'America/New_York' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.timeZone).toBe('America/New_York');
    expect((await put({ ...fullProfile, email, bio: 'Hi' })).json().user.timeZone).toBe('America/New_York');
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'Unknown time zone: choose an IANA time zone such as Europe/Berlin'],
    ['an offset', { timeZone: '+01:00' }, 'Unknown time zone: choose an IANA time zone such as Europe/Berlin'],
    ['nothing', {}, 'Choose a time zone, e.g. Europe/Berlin'],
    ['an empty name', { timeZone: '' }, 'Choose a time zone, e.g. Europe/Berlin'],
  ])('refuses %s with a 400 naming the field, and keeps the stored zone', async (_case, body, message) => {
    await setZone({ timeZone: 'Asia/Tokyo' });
    const response = await setZone(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', message, fields: { timeZone: message } });
    expect((await profile()).timeZone).toBe('Asia/Tokyo');
  });

  it('refuses an unknown zone in PUT /auth/profile too', async () => {
    const email = (await t.database.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [person.userId])).rows[0]?.email;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: person.headers,
      payload: { ...fullProfile, email, timeZone: 'Mars/Olympus' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ timeZone: 'Unknown time zone: choose an IANA time zone such as Europe/Berlin' });
  });

  it('dates the email-change notices in the person’s zone', async () => {
    await setZone({ timeZone: 'Asia/Tokyo' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: person.headers,
      payload: { ...fullProfile, email: 'ada.new@example.org', currentPassword: 'a long enough password' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await t.database.db.query<{ text_body: string }>('SELECT text_body FROM emails WHERE user_id = $1', [person.userId]);
    expect(rows).toHaveLength(2);
    for (const mail of rows) expect(mail.text_body).toMatch(/ on \d{4}-\d{2}-\d{2} \d{2}:\d{2} Asia\/Tokyo\./);
  });

  it('is each person’s own', async () => {
    const other = await signUp(t, 'Grace');
    await setZone({ timeZone: 'Europe/Berlin' });
    expect((await profile(other.headers)).timeZone).toBeNull();
  });
});
