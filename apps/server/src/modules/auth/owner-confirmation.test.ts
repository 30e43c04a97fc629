import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, createTestClock, type TestApp } from '../../../test/helpers/test-app';
import { createUsersRepository } from '../users/users.repository';

const password = 'a long enough password';
const profile = { firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l' };

describe('changing the email or password needs the owner', () => {
  let t: TestApp;
  let person: TestSession;
  const clock = createTestClock();

  beforeEach(async () => {
    clock.set(new Date());
    t = await createTestApp({ clock, worker: false });
    person = await signUp(t, 'Ada');
  });
  afterEach(() => t.close());

  const updateProfile = (body: object, headers = person.headers) =>
    t.app.inject({ method: 'PUT', url: '/auth/profile', headers, payload: { ...profile, ...body } });
  const changePassword = (body: object, headers = person.headers) =>
    t.app.inject({ method: 'PUT', url: '/auth/password', headers, payload: body });
  const storedEmail = async (userId = person.userId) =>
    (await t.database.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email;

  /** A person who signs in only with a network: no password, a session opened now. */
  async function networkOnlyPerson() {
    const { rows } = await t.database.db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, name) VALUES ('net@example.com', NULL, 'Net') RETURNING id`,
    );
    const user = await createUsersRepository(t.database.db).findById((rows[0] as { id: string }).id);
    const session = await t.services.auth.openSession(t.database.db, user as NonNullable<typeof user>, {
      ip: '127.0.0.1',
      userAgent: null,
    });
    return { userId: user?.id as string, headers: { authorization: `Bearer ${session.token}` } };
  }

  it('refuses a new email without the current password, or with a wrong one, naming the field', async () => {
    const before = await storedEmail();
    const missing = await updateProfile({ email: 'thief@example.net' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ currentPassword: 'Enter your current password' });
    const wrong = await updateProfile({ email: 'thief@example.net', currentPassword: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'The current password is incorrect' });
    expect(await storedEmail()).toBe(before);

    const right = await updateProfile({ email: 'ada.new@example.org', currentPassword: password });
    expect(right.statusCode, right.body).toBe(200);
    expect(await storedEmail()).toBe('ada.new@example.org');
    // Other edits that keep the address need no password.
    expect((await updateProfile({ email: 'ada.new@example.org', bio: 'Hello' })).statusCode).toBe(200);
  });

  it('changes the password only with the current one, and signs the other devices out', async () => {
    const email = await storedEmail();
    const otherDevice = (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } })).json();

    const missing = await changePassword({ password: 'the new password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.currentPassword).toBe('Enter your current password');
    expect((await changePassword({ currentPassword: 'wrong one', password: 'the new password' })).statusCode).toBe(400);

    const changed = await changePassword({ currentPassword: password, password: 'the new password' });
    expect(changed.statusCode, changed.body).toBe(200);
    const login = (pass: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: pass } });
    expect((await login('the new password')).statusCode).toBe(200);
    expect((await login(password)).statusCode).toBe(401);
    const profileWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profileWith(otherDevice.token)).statusCode).toBe(401);
    expect((await profileWith(person.token)).statusCode).toBe(200);
  });

  it('lets an account without a password change its email or set a password only within 10 minutes of signing in', async () => {
    const net = await networkOnlyPerson();
    expect((await updateProfile({ email: 'net.new@example.org' }, net.headers)).statusCode).toBe(200);

    clock.advance(11 * 60 * 1000);
    const stale = await updateProfile({ email: 'thief@example.net' }, net.headers);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.fields.currentPassword).toMatch(/sign in again/);
    expect(await storedEmail(net.userId)).toBe('net.new@example.org');
    expect((await changePassword({ password: 'a first password' }, net.headers)).statusCode).toBe(403);

    const fresh = await networkOnlyPersonSession(net.userId);
    expect((await changePassword({ password: 'a first password' }, fresh)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'net.new@example.org', password: 'a first password' },
    });
    expect(login.statusCode).toBe(200);
  });

  async function networkOnlyPersonSession(userId: string) {
    const user = await createUsersRepository(t.database.db).findById(userId);
    const session = await t.services.auth.openSession(t.database.db, user as NonNullable<typeof user>, {
      ip: '127.0.0.1',
      userAgent: null,
    });
    return { authorization: `Bearer ${session.token}` };
  }
});
