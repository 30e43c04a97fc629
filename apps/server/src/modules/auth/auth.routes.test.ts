import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, eventually, type TestApp } from '../../../test/helpers/test-app';

const password = 'correct horse battery';

describe('accounts and sessions', () => {
  let t: TestApp;
  const clock = createTestClock();

  beforeEach(async () => {
    clock.set(new Date());
    t = await createTestApp({ clock });
  });
  afterEach(() => t.close());

  const register = (body: object) => t.app.inject({ method: 'POST', url: '/auth/register', payload: body });
  const login = (email: string, pass: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: pass }, headers });
  const withToken = (token: string) => ({ authorization: `Bearer ${token}` });
  const countUsers = async () => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n;

  it('registers a person, signs them in and answers their profile with the token', async () => {
    const created = await register({ name: 'Ada Lovelace', email: '  Ada@Example.com ', password });
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(session.token).not.toBe(session.refreshToken);

    const profile = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(session.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(session.user.id);
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate', headers: withToken(session.token) })).statusCode).toBe(200);
  });

  it('refuses a taken email, whatever its case, and writes nothing', async () => {
    await register({ name: 'Ada', email: 'ada@example.com', password });
    const again = await register({ name: 'Someone else', email: 'ADA@example.com', password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'conflict', fields: { email: expect.stringContaining('already exists') } });
    expect(await countUsers()).toBe(1);
  });

  it('explains each invalid field of a registration', async () => {
    const response = await register({ name: ' ', email: 'not-an-email', password: 'short' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address, like name@example.com',
      password: 'Password must be at least 8 characters',
    });
    expect(await countUsers()).toBe(0);
  });

  it('signs in with the right password and refuses a wrong one with the same message as an unknown address', async () => {
    await register({ name: 'Ada', email: 'ada@example.com', password });
    const ok = await login('ada@example.com', password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^pf_at_/);

    const wrong = await login('ada@example.com', 'not the password');
    const unknown = await login('nobody@example.com', 'whatever password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('The email or password is incorrect.');
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
  });

  it('rotates the refresh token: the new pair works and the spent refresh token does not', async () => {
    const first = (await register({ name: 'Ada', email: 'ada@example.com', password })).json();
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(first.token) })).statusCode).toBe(200);
    const renewed = await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json();
    expect(second.token).not.toBe(first.token);

    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(second.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(first.token) })).statusCode).toBe(401);
    const replay = await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(replay.statusCode).toBe(401);
  });

  it('leaves one working pair when the same refresh token is sent several times at once', async () => {
    const first = (await register({ name: 'Ada', email: 'ada@example.com', password })).json();
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: first.refreshToken } }),
      ),
    );
    // None of the new pairs has been used yet, so every attempt may be a lost answer coming back
    // (decision 126): each gets a pair, and only the last one handed out works.
    expect(attempts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const working = [];
    for (const attempt of attempts) {
      const answer = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(attempt.json().token) });
      if (answer.statusCode === 200) working.push(attempt);
    }
    expect(working).toHaveLength(1);
  });

  it('ends a session at logout and when its token expires', async () => {
    const a = (await register({ name: 'Ada', email: 'ada@example.com', password })).json();
    const b = (await login('ada@example.com', password)).json();

    expect((await t.app.inject({ method: 'GET', url: '/auth/logout', headers: withToken(a.token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(a.token) })).statusCode).toBe(401);
    // The other browser's session is untouched…
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(b.token) })).statusCode).toBe(200);
    // …until its hour is up.
    clock.advance(61 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(b.token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('unauthorized');
  });

  it('refuses a token within 5 seconds of its session ending in another process', async () => {
    const a = (await register({ name: 'Ada', email: 'ada@example.com', password })).json();
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(a.token) })).statusCode).toBe(200);
    // Another API process signs the session out: this one hears of it at its next check.
    await t.database.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)', [
      'ada@example.com',
    ]);
    clock.advance(5_000);
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(a.token) })).statusCode).toBe(401);
  });

  it('answers 401 in the error shape for a missing, garbage or malformed token', async () => {
    for (const headers of [{}, withToken('pf_at_garbage'), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/auth/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    }
  });

  it('limits sign-in attempts per address and account and says when to try again', async () => {
    await register({ name: 'Ada', email: 'ada@example.com', password });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login('ada@example.com', 'wrong password')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await login('ada@example.com', password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toMatch(/Try again in \d+ minutes?\./);
  });

  it('does not let wrong passwords from other addresses lock the owner out; it slows them down', async () => {
    await register({ name: 'Ada', email: 'ada@example.com', password });
    const from = (remoteAddress: string, pass: string) =>
      t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'ada@example.com', password: pass }, remoteAddress });
    for (let i = 0; i < 10; i += 1) expect((await from('203.0.113.7', 'a guess')).statusCode).toBe(401);
    expect((await from('203.0.113.7', 'another guess')).statusCode).toBe(429);
    expect((await from('203.0.113.8', 'a guess from elsewhere')).statusCode).toBe(401);

    // Eleven failures for the account: the owner, at home, still gets in, only a little later.
    const started = Date.now();
    const owner = await from('198.51.100.2', password);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('answers an account that signs in only with a network exactly like a wrong password or an unknown address', async () => {
    await t.database.db.query(`INSERT INTO users (email, password_hash, name) VALUES ('net@example.com', NULL, 'Net')`);
    await register({ name: 'Ada', email: 'ada@example.com', password });
    const answers = [
      await login('net@example.com', 'some password'),
      await login('ada@example.com', 'not the password'),
      await login('nobody@example.com', 'some password'),
    ];
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([401]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('marks every answer that carries a token or someone’s data as not to be stored', async () => {
    const created = await register({ name: 'Ada', email: 'ada@example.com', password });
    const session = created.json();
    const answers = [
      created,
      await login('ada@example.com', password),
      await login('ada@example.com', 'wrong password'),
      await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: session.refreshToken } }),
      await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken(session.token) }),
      await t.app.inject({ method: 'GET', url: '/users/profile', headers: withToken(session.token) }),
      await t.app.inject({ method: 'GET', url: '/auth/profile', headers: withToken('pf_at_garbage') }),
      await t.app.inject({ method: 'POST', url: '/auth/social/token', payload: { provider: 'x' } }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });
});

describe('refresh token reuse', () => {
  let t: TestApp;
  const clock = createTestClock();

  beforeEach(async () => {
    clock.set(new Date());
    t = await createTestApp({ clock, worker: false });
  });
  afterEach(() => t.close());

  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${token}` } });

  it('ends the whole session when a rotated refresh token comes back: the copy’s pair and the owner’s newer one', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Ada', email: 'ada@example.com', password } })
    ).json();
    const other = (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'ada@example.com', password } })).json();
    // The owner renews; a thief who copied the first refresh token renews after them.
    const owners = (await refresh(first.refreshToken)).json();
    const ownersNext = (await refresh(owners.refreshToken)).json();
    expect((await profile(ownersNext.token)).statusCode).toBe(200);
    clock.advance(60_000);

    const stolen = await refresh(first.refreshToken);
    expect(stolen.statusCode).toBe(401);

    // At once, although this process had just seen the owner's access token.
    expect((await profile(ownersNext.token)).statusCode).toBe(401);
    expect((await refresh(ownersNext.refreshToken)).statusCode).toBe(401);
    expect((await refresh(owners.refreshToken)).statusCode).toBe(401);
    // Another device's session is not part of that family.
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it('keeps the session when a refresh answer is lost and the browser sends its refresh token again', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Ada', email: 'ada@example.com', password } })
    ).json();
    expect((await profile(first.token)).statusCode).toBe(200);
    // The server rotates, but the answer never reaches the browser (a dropped or throttled connection)…
    const lost = (await refresh(first.refreshToken)).json();
    clock.advance(5 * 60_000);
    // …so the browser, later, sends the only refresh token it has.
    const retried = await refresh(first.refreshToken);
    expect(retried.statusCode).toBe(200);
    const kept = retried.json();
    expect((await profile(kept.token)).statusCode).toBe(200);
    // The lost pair never works: whoever holds it did not get it from the person's browser.
    expect((await profile(lost.token)).statusCode).toBe(401);
    // Once the new pair is in use, the old refresh token is spent for good, and presenting it ends the session.
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await profile(kept.token)).statusCode).toBe(401);
  });

  it('keeps the session when a call checked just before a renewal finishes after it, and the renewal’s answer is lost', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Ada', email: 'ada@example.com', password } })
    ).json();
    // Under load a call can wait for a pooled connection between reading its session and noting
    // that its pair is in use; hold it there while the browser's other call renews the session.
    const db = t.database.db;
    const query = db.query.bind(db);
    let reachedMark = () => {};
    const atMark = new Promise<void>((resolve) => (reachedMark = resolve));
    let letMarkGo = () => {};
    const markMayGo = new Promise<void>((resolve) => (letMarkGo = resolve));
    db.query = (async (text: string, values?: readonly unknown[]) => {
      if (text.includes('SET pair_used_at')) {
        reachedMark();
        await markMayGo;
      }
      return query(text, values);
    }) as typeof db.query;

    const slowCall = profile(first.token);
    await atMark;
    // The renewal's answer never reaches the browser (a throttled connection gave up on it).
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
    letMarkGo();
    expect((await slowCall).statusCode).toBe(200);
    db.query = query;

    // The browser still holds only the first pair; its renewal must not be taken for a stolen token.
    const retried = await refresh(first.refreshToken);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await profile(retried.json().token)).statusCode).toBe(200);
  });

  it('keeps the session when a renewal the browser gave up on is handled only after the browser renewed again and used the pair', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Ada', email: 'ada@example.com', password } })
    ).json();
    expect((await profile(first.token)).statusCode).toBe(200);
    // The first renewal waits in the server (a busy pool) until after everything below.
    const db = t.database.db;
    const query = db.query.bind(db);
    let reachedRotate = () => {};
    const atRotate = new Promise<void>((resolve) => (reachedRotate = resolve));
    let letRotateGo = () => {};
    const rotateMayGo = new Promise<void>((resolve) => (letRotateGo = resolve));
    let held = false;
    db.query = (async (text: string, values?: readonly unknown[]) => {
      if (!held && text.includes('WITH rotated AS')) {
        held = true;
        reachedRotate();
        await rotateMayGo;
      }
      return query(text, values);
    }) as typeof db.query;

    const givenUp = refresh(first.refreshToken);
    await atRotate;
    clock.advance(10_000);
    // The browser gave up after 10 s, sent the same renewal again, got its answer and used the pair.
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(200);
    clock.advance(100);
    expect((await profile(again.json().token)).statusCode).toBe(200);

    letRotateGo();
    expect((await givenUp).statusCode).toBe(401);
    db.query = query;
    // Nobody is signed out: the pair in use still works, and so does its renewal.
    expect((await profile(again.json().token)).statusCode).toBe(200);
    expect((await refresh(again.json().refreshToken)).statusCode).toBe(200);
  });

  it('ends the session when a lost pair’s refresh token shows up', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Ada', email: 'ada@example.com', password } })
    ).json();
    const lost = (await refresh(first.refreshToken)).json();
    const kept = (await refresh(first.refreshToken)).json();
    expect((await refresh(lost.refreshToken)).statusCode).toBe(401);
    expect((await profile(kept.token)).statusCode).toBe(401);
  });
});
describe('password reset', () => {
  let t: TestApp;
  const clock = createTestClock();

  beforeEach(async () => {
    clock.set(new Date());
    t = await createTestApp({ clock });
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Ada', email: 'ada@example.com', password } });
  });
  afterEach(() => t.close());

  const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/auth/password-reset/request', payload: { email } });
  const confirm = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/auth/password-reset/confirm', payload: { token, password: newPassword } });

  /** The link as the person receives it: from the outbox, which the send-email job has processed. */
  async function resetTokenFromOutbox(): Promise<string> {
    const email = await eventually(async () => {
      const { rows } = await t.database.db.query<{ text_body: string; status: string }>(
        `SELECT text_body, status FROM emails WHERE to_address = 'ada@example.com' ORDER BY created_at DESC LIMIT 1`,
      );
      return rows[0]?.status === 'stored' ? rows[0] : undefined;
    });
    const link = /http:\/\/localhost:8080\/reset-password\?token=(\S+)/.exec(email.text_body);
    expect(link).not.toBeNull();
    return decodeURIComponent((link as RegExpExecArray)[1] as string);
  }

  it('mails a one-time link through the outbox, prints it to the log, and sets the new password', async () => {
    const response = await requestReset('ada@example.com');
    expect(response.statusCode).toBe(202);
    const token = await resetTokenFromOutbox();
    expect(t.logs.join('\n')).toContain('/reset-password?token=');

    const done = await confirm(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'ada@example.com', password } });
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'ada@example.com', password: 'a brand new password' },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(newLogin.statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await requestReset('stranger@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe((await requestReset('ada@example.com')).json().message);
    const { rows } = await t.database.db.query(`SELECT 1 FROM emails WHERE to_address = 'stranger@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it('signs out every session when the password changes', async () => {
    const session = (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'ada@example.com', password } })).json();
    const before = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${session.token}` } });
    expect(before.statusCode).toBe(200);
    await requestReset('ada@example.com');
    await confirm(await resetTokenFromOutbox(), 'a brand new password');
    const profile = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${session.token}` } });
    expect(profile.statusCode).toBe(401);
  });

  it('refuses a reused link, an expired link and a made-up one, each with its own reason', async () => {
    await requestReset('ada@example.com');
    const token = await resetTokenFromOutbox();
    expect((await confirm(token, 'first new password')).statusCode).toBe(200);
    const reused = await confirm(token, 'second new password');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.message).toContain('already been used');

    await requestReset('ada@example.com');
    const later = await resetTokenFromOutbox();
    clock.advance(61 * 60 * 1000);
    const expired = await confirm(later, 'third new password');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toContain('expired');

    const madeUp = await confirm('pf_pr_not-a-real-token', 'fourth new password');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.message).toContain('not valid');
  });

  it('tells the reset page whether its link still works when it opens, without using the link up', async () => {
    const check = async (token: string) =>
      (await t.app.inject({ method: 'POST', url: '/auth/password-reset/check', payload: { token } })).json<{
        state: string;
        message: string | null;
      }>();
    await requestReset('ada@example.com');
    const token = await resetTokenFromOutbox();
    expect(await check(token)).toEqual({ state: 'valid', message: null });
    // Asking twice changes nothing: the link still sets the password.
    expect(await check(token)).toEqual({ state: 'valid', message: null });
    expect((await confirm(token, 'first new password')).statusCode).toBe(200);
    expect(await check(token)).toEqual({ state: 'used', message: expect.stringContaining('already been used') });

    await requestReset('ada@example.com');
    const later = await resetTokenFromOutbox();
    clock.advance(61 * 60 * 1000);
    expect(await check(later)).toEqual({ state: 'expired', message: expect.stringContaining('expired') });
    expect(await check('pf_pr_not-a-real-token')).toEqual({ state: 'unknown', message: expect.stringContaining('not valid') });

    const empty = await t.app.inject({ method: 'POST', url: '/auth/password-reset/check', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('The reset link is incomplete');
  });

  it('validates the new password like registration does', async () => {
    const response = await confirm('pf_pr_whatever', 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toBe('Password must be at least 8 characters');
  });
});
