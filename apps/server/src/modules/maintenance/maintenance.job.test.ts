import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createMaintenanceHandler } from './maintenance.job';
import { createMaintenanceRepository } from './maintenance.repository';

describe('the maintenance job (issue 17, items 7 and 16)', () => {
  let t: TestApp;
  let person: TestSession;

  beforeEach(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t);
  });
  afterEach(() => t.close());

  const run = () =>
    createMaintenanceHandler({
      repository: createMaintenanceRepository(t.database.db),
      sweepUnreferencedMedia: t.services.media.sweepUnreferenced,
      clock: t.services.clock,
    })();
  const count = async (sql: string, values: unknown[] = []) =>
    (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values)).rows[0]?.n;

  /** An image stored `hoursAgo` hours ago; answers its id and file. */
  async function storedImage(hoursAgo: number) {
    const image = { bytes: Buffer.from('image bytes'), mimeType: 'image/png' as const, width: 1, height: 1 };
    const { record } = await t.services.media.save(t.database.db, person.userId, image);
    await t.database.db.query(`UPDATE media SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [record.id, hoursAgo]);
    return { id: record.id, file: path.join(t.config.dataDir, 'media', record.storageKey) };
  }

  it('removes expired OAuth round trips and login tickets, keeping live ones', async () => {
    const state = (expires: string) =>
      t.database.db.query(
        `INSERT INTO oauth_states (state_hash, network, purpose, code_verifier_enc, browser_binding, expires_at)
         VALUES ($1, 'x', 'login', $2, $2, now() + $3::interval)`,
        [randomBytes(32), randomBytes(16), expires],
      );
    const ticket = (expires: string) =>
      t.database.db.query(
        `INSERT INTO login_tickets (ticket_hash, user_id, network, expires_at) VALUES ($1, $2, 'x', now() + $3::interval)`,
        [randomBytes(32), person.userId, expires],
      );
    await state('-1 minute');
    await state('10 minutes');
    await ticket('-2 days');
    await ticket('2 minutes');
    await run();
    expect(await count('oauth_states')).toBe(1);
    expect(await count('login_tickets')).toBe(1);
  });

  it('forgets sessions that can no longer be renewed and spent reset links, a day after they end', async () => {
    const sessions = `sessions WHERE user_id = $1`;
    const live = (await count(sessions, [person.userId])) ?? 0;
    const session = (refreshEnds: string, revoked: string | null) =>
      t.database.db.query(
        `INSERT INTO sessions (user_id, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at, revoked_at)
         VALUES ($1, $2, now(), $3, now() + $4::interval, now() + $5::interval)`,
        [person.userId, randomBytes(32), randomBytes(32), refreshEnds, revoked],
      );
    await session('-2 days', null);
    await session('30 days', '-2 days');
    await session('-1 hour', null);
    await session('30 days', '-1 hour');
    const reset = (expires: string) =>
      t.database.db.query(`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3::interval)`, [
        randomBytes(32),
        person.userId,
        expires,
      ]);
    await reset('-2 days');
    await reset('30 minutes');
    await run();
    expect(await count(sessions, [person.userId])).toBe(live + 2);
    expect(await count('password_reset_tokens')).toBe(1);
    // The person's own session still works.
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate', headers: person.headers })).statusCode).toBe(200);
  });

  it('deletes images nothing shows any more, row and file, and keeps those in use or just stored', async () => {
    const orphan = await storedImage(2);
    const avatar = await storedImage(2);
    const inPost = await storedImage(2);
    const fresh = await storedImage(0);
    // A draft keeps every file it holds, not only its first (decision 147).
    const secondInDraft = await storedImage(2);
    await t.database.db.query(`INSERT INTO drafts (workspace_id, media_ids, media_alts) VALUES ($1, $2, $3)`, [
      person.userId,
      [fresh.id, secondInDraft.id],
      ['', 'alt'],
    ]);
    await t.database.db.query(`UPDATE users SET avatar_url = $2 WHERE id = $1`, [
      person.userId,
      `http://localhost:8080/media/${avatar.id}`,
    ]);
    const { rows } = await t.database.db.query<{ id: string }>(
      `INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, 'text', 'UTC') RETURNING id`,
      [person.userId],
    );
    await t.database.db.query(
      `INSERT INTO post_targets (post_id, workspace_id, network, text, media_ids, scheduled_at, due_at) VALUES ($1, $2, 'x', 'text', $3, now(), now())`,
      [rows[0]?.id, person.userId, [inPost.id]],
    );

    await run();

    expect(existsSync(orphan.file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/media/${orphan.id}` })).statusCode).toBe(404);
    for (const kept of [avatar, inPost, fresh, secondInDraft]) {
      expect(existsSync(kept.file)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `/media/${kept.id}` })).statusCode).toBe(200);
    }
  });

  it('forgets webhook deliveries finished more than 30 days ago and their events, keeping the rest of the log', async () => {
    const { rows: hooks } = await t.database.db.query<{ id: string }>(
      `INSERT INTO webhooks (workspace_id, url, events, secret) VALUES ($1, 'https://example.com/hook', '{post.published}', '\\x00') RETURNING id`,
      [person.userId],
    );
    /** A delivery of a new event, its last attempt `daysAgo` days ago (null: never tried). */
    const delivery = async (status: string, daysAgo: number | null, createdDaysAgo = daysAgo ?? 0) => {
      const { rows } = await t.database.db.query<{ id: string }>(
        `INSERT INTO webhook_events (workspace_id, type, data, created_at, dispatched_at)
         VALUES ($1, 'post.published', '{}', now() - make_interval(days => $2), now() - make_interval(days => $2)) RETURNING id`,
        [person.userId, createdDaysAgo],
      );
      await t.database.db.query(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, message_id, type, body, status, created_at, last_attempt_at)
         VALUES ($1, $2, $3, 'post.published', '{}', $4, now() - make_interval(days => $5), now() - make_interval(days => $6))`,
        [hooks[0]?.id, rows[0]?.id, `msg_${randomBytes(8).toString('hex')}`, status, createdDaysAgo, daysAgo],
      );
    };
    await delivery('succeeded', 31);
    await delivery('failed', 45);
    await delivery('succeeded', 29);
    // Redelivered yesterday: stays in the log, though its event is old.
    await delivery('succeeded', 1, 41);
    await delivery('pending', null, 40);

    await run();

    const left = await t.database.db.query<{ status: string; event: boolean }>(
      `SELECT status, event_id IS NOT NULL AS event FROM webhook_deliveries ORDER BY created_at`,
    );
    expect(left.rows).toEqual([
      { status: 'succeeded', event: false },
      { status: 'pending', event: false },
      { status: 'succeeded', event: true },
    ]);
    expect(await count('webhook_events')).toBe(1);
  });
});
