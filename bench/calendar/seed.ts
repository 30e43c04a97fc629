// Seeds the calendar benchmark's data inside PostgreSQL (generate_series, no round trips): 1,000,000
// post targets over two years across 20 workspaces, of which exactly 10,000 are the main workspace's
// in the month the benchmark asks for (its other posts lie outside that month). Past ones are
// published (by a few seconds late), coming ones scheduled. Rows are inserted in time order, as an
// append-mostly table holds them, so one workspace's month is spread over the whole month's pages.
import type { Database } from '../../apps/server/src/db/client';
import { secondaryIndexes, uuidOf } from '../lib/seed-sql';

export interface CalendarDataset {
  mainUserId: string;
  targets: number;
  /** The main workspace's targets in the asked month. */
  monthTargets: number;
  mainUserTargets: number;
  seconds: number;
  reused: boolean;
}

const USERS = 20;
export async function seedCalendarDataset(
  db: Database,
  options: { targets: number; monthTargets: number; month: { start: Date; end: Date }; log: (message: string) => void },
): Promise<CalendarDataset> {
  const started = Date.now();
  const mainUserId = (await db.query<{ id: string }>(`SELECT ${uuidOf('u', '0::text')} AS id`)).rows[0]?.id as string;
  const count = async (sql: string, values: unknown[]) => (await db.query<{ n: number }>(sql, values)).rows[0]?.n ?? 0;
  const inMonth = () =>
    count(
      `SELECT count(*)::int AS n FROM post_targets WHERE workspace_id = $1 AND coalesce(published_at, scheduled_at) >= $2 AND coalesce(published_at, scheduled_at) < $3`,
      [mainUserId, options.month.start, options.month.end],
    );
  const total = await count('SELECT count(*)::int AS n FROM post_targets', []);
  if (total === options.targets && (await inMonth()) === options.monthTargets) {
    return {
      mainUserId,
      targets: total,
      monthTargets: options.monthTargets,
      mainUserTargets: await count('SELECT count(*)::int AS n FROM post_targets WHERE workspace_id = $1', [mainUserId]),
      seconds: 0,
      reused: true,
    };
  }

  const client = await db.pool.connect();
  const q = async (label: string, sql: string, values: unknown[] = []) => {
    const at = Date.now();
    const result = await client.query(sql, values);
    options.log(`seed: ${label} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    return result;
  };
  try {
    await q('truncate', 'TRUNCATE publish_attempts, post_targets, posts, drafts, social_accounts, sessions, users CASCADE');
    // Users first, with triggers on: each gets its personal workspace, as at sign-up.
    await q(
      'users',
      `INSERT INTO users (id, email, name, username, time_zone, created_at)
       SELECT ${uuidOf('u', 'k::text')}, 'bench' || k || '@bench.invalid', 'Bench Person ' || k, 'bench_person_' || k, 'UTC', now() - interval '800 days'
       FROM generate_series(0, ${USERS - 1}) k`,
    );
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET synchronous_commit = off`);
    const dropped: Array<{ name: string; definition: string }> = [];
    for (const table of ['posts', 'post_targets']) {
      for (const index of await secondaryIndexes(db, table)) {
        await client.query(`DROP INDEX ${index.name}`);
        dropped.push(index);
      }
    }
    await q(
      'social accounts',
      `INSERT INTO social_accounts (id, workspace_id, network, network_user_id, is_sandbox, username, display_name, access_token_enc, created_at)
       SELECT ${uuidOf('a', 'k::text || n')}, ${uuidOf('u', 'k::text')}, n, n || '-' || k, true, 'bench_' || n || '_' || k, 'Bench ' || n || ' ' || k, '\\x00'::bytea, now() - interval '790 days'
       FROM generate_series(0, ${USERS - 1}) k, unnest(ARRAY['x', 'linkedin']) n`,
    );
    const others = options.targets - options.monthTargets;
    // The month's own: the main workspace's, evenly over the month. The rest: two years around it;
    // one in ten is the main workspace's unless it falls in the month (which then holds exactly monthTargets of its posts).
    await q(
      'draws',
      `CREATE TEMP TABLE draws AS
       SELECT i, 0 AS u, CASE WHEN i % 5 < 3 THEN 'x' ELSE 'linkedin' END AS net, random() AS r,
         $1::timestamptz + ((i - 0.5) / ${options.monthTargets}) * ($2::timestamptz - $1::timestamptz) AS at
       FROM generate_series(1, ${options.monthTargets}) i
       UNION ALL
       SELECT ${options.monthTargets} + i, CASE WHEN i % 10 = 0 AND NOT (at >= $1 AND at < $2) THEN 0 ELSE 1 + i % ${USERS - 1} END, net, r, at
       FROM (
         SELECT i, CASE WHEN i % 5 < 3 THEN 'x' ELSE 'linkedin' END AS net, random() AS r,
           now() - interval '730 days' + (i::float8 / ${others}) * interval '760 days' + random() * interval '10 minutes' AS at
         FROM generate_series(1, ${others}) i
       ) o`,
      [options.month.start, options.month.end],
    );
    await q(
      'posts',
      `INSERT INTO posts (id, workspace_id, created_by, original_text, time_zone, created_at)
       SELECT ${uuidOf('p', 'i::text')}, ${uuidOf('u', 'u::text')}, ${uuidOf('u', 'u::text')}, 'Bench post ' || i || ': ' || md5(i::text), 'UTC', at - interval '2 days'
       FROM draws ORDER BY at`,
    );
    await q(
      'post targets',
      `INSERT INTO post_targets (id, post_id, workspace_id, created_by, account_id, network, text, scheduled_at, due_at, status, attempt_count,
         network_post_id, network_post_url, published_at, failure_reason, failure_class, created_at, updated_at)
       SELECT ${uuidOf('t', 'i::text')}, ${uuidOf('p', 'i::text')}, ${uuidOf('u', 'u::text')}, ${uuidOf('u', 'u::text')}, ${uuidOf('a', 'u::text || net')}, net,
         'Bench post ' || i || ': ' || md5(i::text) || ' #topic' || (i % 37), at, at, status, CASE WHEN status = 'scheduled' THEN 0 ELSE 1 END,
         CASE WHEN status = 'published' THEN i::text END,
         CASE WHEN status = 'published' THEN 'https://x.com/i/web/status/' || i END,
         CASE WHEN status = 'published' THEN at + r * interval '1 millisecond' END,
         CASE WHEN status = 'failed' THEN 'X refused it: bench' END,
         CASE WHEN status = 'failed' THEN 'Rejected' END,
         at - interval '2 days', at
       FROM (SELECT *, CASE WHEN at > now() THEN 'scheduled' WHEN r < 0.03 THEN 'failed' ELSE 'published' END AS status FROM draws) d
       ORDER BY at`,
    );
    for (const index of dropped) await q(`index ${index.name}`, index.definition);
    await q(
      'post target counts',
      `DELETE FROM post_target_counts;
       INSERT INTO post_target_counts (workspace_id, network, stage, n)
       SELECT workspace_id, network, post_target_stage(status), count(*) FROM post_targets GROUP BY 1, 2, 3`,
    );
    await q('vacuum analyze', 'VACUUM (ANALYZE) users, social_accounts, posts, post_targets, drafts, post_target_counts');
  } finally {
    await client.query('RESET ALL').catch(() => {});
    await client.query('DROP TABLE IF EXISTS draws').catch(() => {});
    client.release();
  }
  return {
    mainUserId,
    targets: await count('SELECT count(*)::int AS n FROM post_targets', []),
    monthTargets: await inMonth(),
    mainUserTargets: await count('SELECT count(*)::int AS n FROM post_targets WHERE workspace_id = $1', [mainUserId]),
    seconds: Math.round((Date.now() - started) / 1000),
    reused: false,
  };
}
