import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { isPassingDatabaseError } from '../lib/database-errors';

/**
 * The session check (GET /auth/profile) while PostgreSQL gives up on one of its statements: the
 * session row is held by a slow transaction elsewhere, and the server's own limit (an operator's
 * lock_timeout or statement_timeout, or a deadlock) cancels the statement waiting for it. Nothing
 * the browser did, and nothing was written: 503 with Retry-After, which the web client asks again,
 * never a 500 (decisions 007 and 140).
 */
describe('a statement PostgreSQL gives up on during the session check', () => {
  let t: TestApp;
  let person: TestSession;
  let holder: pg.Client;

  beforeEach(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t);
    holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
  });

  afterEach(async () => {
    await holder.end();
    await t.close();
  });

  /** Gives every connection of the app's pool this setting, as an operator's ALTER ROLE … SET would. */
  async function setOnEveryPooledConnection(setting: string) {
    const pool = t.database.db.pool;
    const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    for (const client of clients) await client.query(setting);
    for (const client of clients) client.release();
  }

  /** Holds the person's session row in an open transaction, as a slow writer would. */
  async function holdSessionRow() {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM sessions WHERE user_id = $1 FOR UPDATE', [person.userId]);
  }

  const profile = () => t.app.inject({ method: 'GET', url: '/auth/profile', headers: person.headers });

  it.each([
    ['lock_timeout', "SET lock_timeout = '150ms'"],
    ['statement_timeout', "SET statement_timeout = '150ms'"],
  ])('answers 503 with Retry-After when %s cancels it, logs no error, and the session still works afterwards', async (_name, setting) => {
    await setOnEveryPooledConnection(setting);
    await holdSessionRow();

    const busy = await profile();
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ error: { code: 'busy', message: 'Postflow is busy right now. Try again in a moment.' } });
    expect(t.logs.some((line) => line.includes('"unhandled error"'))).toBe(false);
    expect(t.logs.some((line) => line.includes('database busy or out of reach'))).toBe(true);

    await holder.query('ROLLBACK');
    const again = await profile();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).toBe(person.userId);
  });

  it('counts a deadlock PostgreSQL broke as passing trouble', async () => {
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      const [first, second] = (await t.database.db.query<{ id: string }>('SELECT id FROM users LIMIT 1')).rows.concat(
        (await t.database.db.query<{ id: string }>("INSERT INTO users (name) VALUES ('Other') RETURNING id")).rows,
      );
      await holder.query('BEGIN');
      await other.query('BEGIN');
      await holder.query('UPDATE users SET bio = $2 WHERE id = $1', [first?.id, 'a']);
      await other.query('UPDATE users SET bio = $2 WHERE id = $1', [second?.id, 'b']);
      const outcomes = await Promise.allSettled([
        holder.query('UPDATE users SET bio = $2 WHERE id = $1', [second?.id, 'a']),
        other.query('UPDATE users SET bio = $2 WHERE id = $1', [first?.id, 'b']),
      ]);
      const broken = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(broken?.reason).toMatchObject({ code: '40P01' });
      expect(isPassingDatabaseError(broken?.reason)).toBe(true);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await other.query('ROLLBACK').catch(() => {});
      await other.end();
    }
  });
});

describe('which errors are passing database trouble', () => {
  it('knows node-postgres’s words for a lost connection, also when wrapped as a cause or one of several addresses', () => {
    expect(isPassingDatabaseError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isPassingDatabaseError(new Error('Connection terminated'))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(isPassingDatabaseError(new Error('pool gave up', { cause: refused }))).toBe(true);
    expect(isPassingDatabaseError(Object.assign(new AggregateError([refused, refused]), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('does not take a fault of ours or of the setup for passing trouble', () => {
    expect(isPassingDatabaseError(Object.assign(new Error('password authentication failed'), { code: '28P01' }))).toBe(false);
    expect(isPassingDatabaseError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isPassingDatabaseError(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isPassingDatabaseError(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });
});
