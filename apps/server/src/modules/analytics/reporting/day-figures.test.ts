import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database';
import { createReportingRepository, type Range } from './reporting.repository';
import { addUp, addUpByNetwork, engagementsPerDay } from './day-figures';

/**
 * Migration 0013: the summary reads per-day sums kept by triggers and ranks from a per-day index.
 * Whatever writes the posts, its answers must equal adding up and ranking the posts themselves.
 */
describe('analytics figures from daily sums', () => {
  let database: TestDatabase;
  const query = (sql: string, values: unknown[] = []) => database.db.query(sql, values);
  const DAY_MS = 86_400_000;
  const base = Date.parse('2026-03-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  /** The same draws on every run, so a failure can be replayed. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  async function person(name: string): Promise<string> {
    const { rows } = await database.db.query<{ id: string }>('INSERT INTO users (name) VALUES ($1) RETURNING id', [name]);
    return (rows[0] as { id: string }).id;
  }

  /** `count` targets of one post on random days of March, most published, with small numbers (ties happen). */
  async function posts(userId: string, count: number, draw: () => number): Promise<string> {
    const { rows } = await database.db.query<{ id: string }>(
      "INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, 'A post', 'UTC') RETURNING id",
      [userId],
    );
    const postId = (rows[0] as { id: string }).id;
    const targets = Array.from({ length: count }, () => {
      const at = new Date(base + Math.floor(draw() * 20 * DAY_MS));
      const published = draw() < 0.8;
      return {
        network: draw() < 0.5 ? 'x' : 'linkedin',
        at,
        status: published ? 'published' : draw() < 0.5 ? 'scheduled' : 'failed',
        impressions: draw() < 0.2 ? null : Math.floor(draw() * 4) * 10,
        likes: Math.floor(draw() * 4),
        comments: Math.floor(draw() * 2),
        shares: Math.floor(draw() * 2),
        clicks: draw() < 0.3 ? null : Math.floor(draw() * 5),
        metricsAt: published && draw() < 0.8 ? new Date(at.getTime() + Math.floor(draw() * DAY_MS)) : null,
      };
    });
    await query(
      `INSERT INTO post_targets (post_id, workspace_id, network, text, scheduled_at, due_at, status, published_at,
         impressions_count, likes_count, comments_count, shares_count, clicks_count, metrics_updated_at)
       SELECT $1, $2, d.network, 'A post', d.at, d.at, d.status, CASE WHEN d.status = 'published' THEN d.at END,
         d.impressions, d.likes, d.comments, d.shares, d.clicks, d.metrics_at
       FROM jsonb_to_recordset($3::jsonb) AS d(network text, at timestamptz, status text, impressions int, likes int, comments int, shares int, clicks int, metrics_at timestamptz)`,
      [postId, userId, JSON.stringify(targets.map((target) => ({ ...target, metrics_at: target.metricsAt })))],
    );
    return postId;
  }

  /** The stored day rows, and the same figures added up from the posts, in one shape. */
  async function expectDaySumsInStep() {
    const columns = `workspace_id::text, network, day::text, posts::int, read_posts::int, impressions::int, likes::int, comments::int, shares::int, clicks::int,
      rated_engagements::int, rated_impressions::int, last_metrics_at`;
    const stored = await query(`SELECT ${columns} FROM post_daily_figures ORDER BY 1, 2, 3`);
    const computed = await query(
      `SELECT ${columns} FROM (
         SELECT workspace_id, network, utc_day(published_at) AS day, count(*) AS posts, count(metrics_updated_at) AS read_posts, sum(coalesce(impressions_count, 0)) AS impressions,
           sum(likes_count) AS likes, sum(comments_count) AS comments, sum(shares_count) AS shares, sum(coalesce(clicks_count, 0)) AS clicks,
           sum(likes_count + comments_count + shares_count) FILTER (WHERE impressions_count > 0) AS rated_engagements,
           sum(impressions_count) FILTER (WHERE impressions_count > 0) AS rated_impressions, max(metrics_updated_at) AS last_metrics_at
         FROM post_targets WHERE status = 'published' GROUP BY 1, 2, 3
       ) d ORDER BY 1, 2, 3`,
    );
    expect(stored.rows).toEqual(
      computed.rows.map((row) => ({
        ...row,
        rated_engagements: row.rated_engagements ?? 0,
        rated_impressions: row.rated_impressions ?? 0,
      })),
    );
    return stored.rows.length;
  }

  /** The summary's answers, checked against adding up and ranking the posts of the range directly. */
  async function expectSummaryMatchesPosts(range: Range) {
    const repository = createReportingRepository(database.db);
    const where = `t.workspace_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2)
      AND t.published_at >= $3::date AND t.published_at < $4::date + 1`;
    const values = [range.workspaceId, range.network ?? null, range.firstDay, range.lastDay];
    const direct = await query(
      `SELECT t.network, count(*)::int AS posts, coalesce(sum(t.impressions_count), 0)::int AS impressions,
         sum(t.likes_count + t.comments_count + t.shares_count)::int AS engagements, coalesce(sum(t.clicks_count), 0)::int AS clicks,
         coalesce(sum(t.likes_count + t.comments_count + t.shares_count) FILTER (WHERE t.impressions_count > 0), 0)::int AS "ratedEngagements",
         coalesce(sum(t.impressions_count) FILTER (WHERE t.impressions_count > 0), 0)::int AS "ratedImpressions",
         max(t.metrics_updated_at) AS "lastRefreshedAt"
       FROM post_targets t WHERE ${where} GROUP BY t.network ORDER BY t.network`,
      values,
    );
    const days = await repository.days(range);
    expect(addUpByNetwork(days)).toMatchObject(direct.rows);
    const posts = direct.rows.reduce((sum, row) => sum + (row.posts as number), 0);
    expect(addUp(days)).toMatchObject({ posts, engagements: direct.rows.reduce((sum, row) => sum + (row.engagements as number), 0) });

    const ranked = await query(
      `SELECT t.id FROM post_targets t WHERE ${where}
       ORDER BY (t.likes_count + t.comments_count + t.shares_count)::float / nullif(t.impressions_count, 0) DESC NULLS LAST,
         t.likes_count + t.comments_count + t.shares_count DESC, t.published_at DESC, t.id DESC
       LIMIT 5`,
      values,
    );
    expect((await repository.topPosts(range, 5)).map((post) => post.id)).toEqual(ranked.rows.map((row) => row.id));

    const daily = await query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, (SELECT coalesce(sum(t.likes_count + t.comments_count + t.shares_count), 0)::int
         FROM post_targets t WHERE t.workspace_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2) AND utc_day(t.published_at) = d::date) AS value
       FROM generate_series($3::date::timestamp, $4::date::timestamp, interval '1 day') d ORDER BY d`,
      values,
    );
    expect(
      engagementsPerDay(
        days.map((day) => ({ day: day.day, engagements: day.likes + day.comments + day.shares })),
        range.firstDay,
        range.lastDay,
      ),
    ).toEqual(daily.rows);
  }

  it("keeps each day's sums equal to its posts through publishing, metrics, moves, deletes, cascades and truncation", async () => {
    const draw = random(20261125);
    const ada = await person('Ada');
    const grace = await person('Grace');
    const adaPosts = [await posts(ada, 60, draw), await posts(ada, 40, draw)];
    await posts(grace, 30, draw);
    expect(await expectDaySumsInStep()).toBeGreaterThan(20);

    // Scheduled posts go out; a metrics sync brings new numbers and a newer reading.
    await query(`UPDATE post_targets SET status = 'published', published_at = scheduled_at WHERE status = 'scheduled' AND post_id = $1`, [
      adaPosts[0],
    ]);
    await query(
      `UPDATE post_targets SET likes_count = likes_count + 2, impressions_count = coalesce(impressions_count, 0) + 30, metrics_updated_at = published_at + interval '2 days'
       WHERE id IN (SELECT id FROM post_targets WHERE status = 'published' AND workspace_id = $1 ORDER BY id LIMIT 25)`,
      [ada],
    );
    await expectDaySumsInStep();

    // A post leaves its day: another day, another network, another person, or no longer published.
    const adaIds = (
      await query(`SELECT id FROM post_targets WHERE workspace_id = $1 AND status = 'published' ORDER BY id`, [ada])
    ).rows.map((row) => row.id as string);
    await query(`UPDATE post_targets SET published_at = published_at + interval '3 days' WHERE id = ANY ($1)`, [adaIds.slice(0, 5)]);
    await query(`UPDATE post_targets SET network = CASE network WHEN 'x' THEN 'linkedin' ELSE 'x' END WHERE id = ANY ($1)`, [
      adaIds.slice(5, 9),
    ]);
    await query(`UPDATE post_targets SET workspace_id = $2 WHERE id = ANY ($1)`, [adaIds.slice(9, 12), grace]);
    await query(`UPDATE post_targets SET status = 'failed' WHERE id = ANY ($1)`, [adaIds.slice(12, 16)]);
    // An older reading replaces the newest one (a correction): the day's newest is read again.
    await query(`UPDATE post_targets SET metrics_updated_at = published_at WHERE id = ANY ($1)`, [adaIds.slice(16, 30)]);
    await expectDaySumsInStep();

    await query(`DELETE FROM post_targets WHERE id = ANY ($1)`, [adaIds.slice(30, 40)]);
    await query('DELETE FROM posts WHERE id = $1', [adaPosts[1]]);
    await expectDaySumsInStep();
    await expectSummaryMatchesPosts({ workspaceId: grace, network: undefined, firstDay: '2026-03-01', lastDay: '2026-03-31' });

    await query('DELETE FROM users WHERE id = $1', [grace]);
    await expectDaySumsInStep();
    await query('TRUNCATE post_targets CASCADE');
    expect(await expectDaySumsInStep()).toBe(0);
    await posts(ada, 10, draw);
    expect(await expectDaySumsInStep()).toBeGreaterThan(0);
  });

  it('answers totals, the best posts and the daily trend of any range as the posts themselves do', async () => {
    const draw = random(7);
    const lin = await person('Lin');
    for (let post = 0; post < 6; post += 1) await posts(lin, 50, draw);
    await expectDaySumsInStep();
    for (const [firstDay, lastDay] of [
      ['2026-03-01', '2026-03-31'],
      ['2026-03-04', '2026-03-04'],
      ['2026-03-10', '2026-03-16'],
      ['2026-02-01', '2026-02-27'],
    ] as const) {
      for (const network of [undefined, 'x', 'linkedin'] as const)
        await expectSummaryMatchesPosts({ workspaceId: lin, network, firstDay, lastDay });
    }
  });

  it("stays in step when many writers publish, measure and delete the same person's posts at once", async () => {
    const draw = random(99);
    const kim = await person('Kim');
    const postIds: string[] = [];
    for (let post = 0; post < 8; post += 1) postIds.push(await posts(kim, 25, draw));
    await Promise.all(
      postIds.map((postId, index) =>
        index % 3 === 0
          ? query('DELETE FROM posts WHERE id = $1', [postId])
          : index % 3 === 1
            ? query(
                `UPDATE post_targets SET status = 'published', published_at = scheduled_at WHERE post_id = $1 AND status <> 'published'`,
                [postId],
              )
            : query(
                `UPDATE post_targets SET likes_count = likes_count + 1, metrics_updated_at = now() WHERE post_id = $1 AND status = 'published'`,
                [postId],
              ),
      ),
    );
    await expectDaySumsInStep();
  });
});
