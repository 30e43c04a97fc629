import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';

/** Migration 0011: `post_target_counts` always equals a count of `post_targets`, whatever wrote them. */
describe('post_target_counts', () => {
  let database: TestDatabase;
  const query = (sql: string, values: unknown[] = []) => database.db.query(sql, values);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function person(name: string): Promise<string> {
    const { rows } = await database.db.query<{ id: string }>('INSERT INTO users (name) VALUES ($1) RETURNING id', [name]);
    return (rows[0] as { id: string }).id;
  }
  async function posts(userId: string, count: number, network: 'x' | 'linkedin', status = 'scheduled'): Promise<string> {
    const { rows } = await database.db.query<{ id: string }>(
      "INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, $2, 'UTC') RETURNING id",
      [userId, 'A post'],
    );
    const postId = (rows[0] as { id: string }).id;
    await query(
      `INSERT INTO post_targets (post_id, workspace_id, network, text, scheduled_at, due_at, status, published_at)
       SELECT $1, $2, $3, 'A post', now() - k * interval '1 minute', now(), $5, CASE WHEN $5 = 'published' THEN now() END
       FROM generate_series(1, $4) k`,
      [postId, userId, network, count, status],
    );
    return postId;
  }
  /** The stored counts, and a count of the rows themselves, in the same shape. */
  async function both() {
    const stored = await database.db.query<{ key: string; n: number }>(
      `SELECT workspace_id || ' ' || network || ' ' || stage AS key, n::int AS n FROM post_target_counts WHERE n <> 0 ORDER BY 1`,
    );
    const counted = await database.db.query<{ key: string; n: number }>(
      `SELECT workspace_id || ' ' || network || ' ' || post_target_stage(status) AS key, count(*)::int AS n FROM post_targets GROUP BY 1 ORDER BY 1`,
    );
    return { stored: stored.rows, counted: counted.rows };
  }
  async function expectInStep() {
    const { stored, counted } = await both();
    expect(stored).toEqual(counted);
    return stored;
  }

  it('follows inserts, stage changes, moves, deletes, cascades and truncation', async () => {
    const ada = await person('Ada');
    const grace = await person('Grace');
    const adaPost = await posts(ada, 30, 'x');
    await posts(ada, 5, 'linkedin', 'published');
    const gracePost = await posts(grace, 7, 'x', 'failed');
    expect(await expectInStep()).toHaveLength(3);

    // Claiming stays within 'waiting'; publishing and failing move rows between stages.
    await query(
      `UPDATE post_targets SET status = 'publishing', lease_owner = 'w', lease_token = gen_random_uuid(), lease_until = now() WHERE post_id = $1`,
      [adaPost],
    );
    await expectInStep();
    await query(
      `UPDATE post_targets SET status = 'published', published_at = now(), lease_owner = NULL, lease_token = NULL, lease_until = NULL
       WHERE id IN (SELECT id FROM post_targets WHERE post_id = $1 LIMIT 10)`,
      [adaPost],
    );
    await query(
      `UPDATE post_targets SET status = 'failed', lease_owner = NULL, lease_token = NULL, lease_until = NULL WHERE post_id = $1 AND status = 'publishing'`,
      [adaPost],
    );
    await query(
      `UPDATE post_targets SET status = 'scheduled' WHERE id = (SELECT id FROM post_targets WHERE post_id = $1 AND status = 'failed' LIMIT 1)`,
      [adaPost],
    );
    // A change of network or of owner moves the post between people's rows.
    await query(`UPDATE post_targets SET network = 'linkedin' WHERE id IN (SELECT id FROM post_targets WHERE post_id = $1 LIMIT 3)`, [
      gracePost,
    ]);
    await query(
      `UPDATE post_targets SET workspace_id = $2 WHERE id IN (SELECT id FROM post_targets WHERE post_id = $1 AND network = 'x' LIMIT 2)`,
      [gracePost, ada],
    );
    const afterUpdates = await expectInStep();
    expect(afterUpdates.find((row) => row.key === `${ada} x published`)?.n).toBe(10);

    await query(`DELETE FROM post_targets WHERE id IN (SELECT id FROM post_targets WHERE post_id = $1 LIMIT 4)`, [adaPost]);
    await query('DELETE FROM posts WHERE id = $1', [gracePost]);
    await expectInStep();
    await query('DELETE FROM users WHERE id = $1', [ada]);
    expect(await expectInStep()).toEqual([]);

    await posts(grace, 3, 'linkedin');
    await query('TRUNCATE post_targets CASCADE');
    expect(await expectInStep()).toEqual([]);
    await posts(grace, 2, 'x');
    expect(await expectInStep()).toEqual([{ key: `${grace} x waiting`, n: 2 }]);
  });

  it("stays in step when many writers publish and delete the same person's posts at once", async () => {
    const ada = await person('Busy Ada');
    const postIds = await Promise.all(Array.from({ length: 8 }, (_, index) => posts(ada, 25, index % 2 ? 'x' : 'linkedin')));
    await Promise.all(
      postIds.map((postId, index) =>
        index % 3 === 0
          ? query('DELETE FROM posts WHERE id = $1', [postId])
          : query(`UPDATE post_targets SET status = $2, published_at = now() WHERE post_id = $1`, [
              postId,
              index % 3 === 1 ? 'published' : 'missed',
            ]),
      ),
    );
    await expectInStep();
  });
});
