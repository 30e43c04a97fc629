import { expect, it } from 'vitest';
import { databasesBefore } from '../../test/helpers/database-before';
import { migrate } from './migrate';

const before = databasesBefore();

it('merges the copies earlier reconnects made of a network post into one, keeping its readings and its account', async () => {
  const db = await before('0017');

  // Connected, imported, disconnected, connected again, imported again: two copies of post 42.
  const { rows } = await db.query<{ user_id: string; account_id: string }>(
    `WITH u AS (INSERT INTO users (name) VALUES ('Returning') RETURNING id),
     a AS (INSERT INTO social_accounts (user_id, network, network_user_id, is_sandbox, access_token_enc)
           SELECT id, 'x', 'x-1', true, '\\x00' FROM u RETURNING id, user_id)
     SELECT user_id, id AS account_id FROM a`,
  );
  const { user_id: userId, account_id: accountId } = rows[0] as { user_id: string; account_id: string };
  const copy = async (account: string | null, likes: number, capturedAt: string) => {
    const post = await db.query<{ id: string }>(
      `INSERT INTO posts (user_id, original_text, time_zone) VALUES ($1, 'Hello', 'UTC') RETURNING id`,
      [userId],
    );
    const target = await db.query<{ id: string }>(
      `INSERT INTO post_targets (post_id, user_id, account_id, network, text, scheduled_at, due_at, status, network_post_id,
         published_at, imported)
       VALUES ($1, $2, $3, 'x', 'Hello', now(), now(), 'published', '42', now(), true) RETURNING id`,
      [post.rows[0]?.id, userId, account],
    );
    await db.query(`INSERT INTO metric_snapshots (target_id, captured_at, likes, comments, shares) VALUES ($1, $2, $3, 0, 0)`, [
      target.rows[0]?.id,
      capturedAt,
      likes,
    ]);
    return target.rows[0]?.id as string;
  };
  const older = await copy(null, 5, '2026-11-01T10:00:00Z');
  await db.query(
    `INSERT INTO metric_snapshots (target_id, captured_at, likes, comments, shares) VALUES ($1, '2026-11-02T10:00:00Z', 7, 0, 0)`,
    [older],
  );
  await copy(accountId, 9, '2026-11-20T10:00:00Z');

  await migrate(db);

  const targets = await db.query('SELECT id, account_id, likes_count FROM post_targets');
  expect(targets.rows).toEqual([{ id: older, account_id: accountId, likes_count: 9 }]);
  const readings = await db.query('SELECT likes FROM metric_snapshots ORDER BY captured_at');
  expect(readings.rows.map((row) => row.likes)).toEqual([5, 7, 9]);
  expect((await db.query('SELECT count(*)::int AS n FROM posts')).rows[0]?.n).toBe(1);
});
