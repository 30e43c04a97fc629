// Seeds the API benchmark's data inside PostgreSQL (generate_series, no round trips): 1,000,000
// posts with one target each over two years, 90% of them one person's, the rest nine others';
// both networks; published (most), failed, missed, needs_reconnect and scheduled (the next month);
// 10,000,000 metric snapshots of the published ones; follower counts; a few insights. Rows are
// inserted in time order, as they accumulate in a real database.
import type { Database } from '../../apps/server/src/db/client';
import { secondaryIndexes, uuidOf } from '../lib/seed-sql';

export interface ApiDataset {
  mainUserId: string;
  users: number;
  targets: number;
  mainUserTargets: number;
  snapshots: number;
  seconds: number;
  /** Nothing was inserted: the database already held this dataset (BENCH_API_KEEP_DB). */
  reused: boolean;
}

const USERS = 10;
export async function seedApiDataset(
  db: Database,
  options: { targets: number; snapshots: number; log: (message: string) => void },
): Promise<ApiDataset> {
  const started = Date.now();
  const mainUserId = (await db.query<{ id: string }>(`SELECT ${uuidOf('u', '0::text')} AS id`)).rows[0]?.id as string;
  const existing = await db.query<{ targets: number; snapshots: number }>(
    `SELECT (SELECT count(*)::int FROM post_targets) AS targets, (SELECT reltuples::bigint FROM pg_class WHERE relname = 'metric_snapshots') AS snapshots
     WHERE EXISTS (SELECT 1 FROM users WHERE id = $1)`,
    [mainUserId],
  );
  const mainCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_targets WHERE workspace_id = $1', [mainUserId])).rows[0]?.n ?? 0;
  if (
    existing.rows[0]?.targets === options.targets &&
    Math.abs(Number(existing.rows[0]?.snapshots) - options.snapshots) < options.snapshots * 0.05
  ) {
    return {
      mainUserId,
      users: USERS,
      targets: options.targets,
      mainUserTargets: await mainCount(),
      snapshots: options.snapshots,
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
    // Bulk-load settings for this session only: no foreign-key triggers (the data is consistent by
    // construction), big sort memory for the index builds, no waiting on WAL flushes.
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET synchronous_commit = off`);
    await q(
      'truncate',
      'TRUNCATE metric_snapshots, publish_attempts, post_targets, posts, follower_snapshots, insights, social_accounts, sessions, users CASCADE',
    );

    const dropped: Array<{ name: string; definition: string }> = [];
    for (const table of ['posts', 'post_targets']) {
      for (const index of await secondaryIndexes(db, table)) {
        await client.query(`DROP INDEX ${index.name}`);
        dropped.push(index);
      }
    }

    await q(
      'users',
      `INSERT INTO users (id, email, name, username, time_zone, created_at)
       SELECT ${uuidOf('u', 'k::text')}, 'bench' || k || '@bench.invalid', 'Bench Person ' || k, 'bench_person_' || k, 'UTC', now() - interval '800 days'
       FROM generate_series(0, ${USERS - 1}) k`,
    );
    await q(
      'social accounts',
      `INSERT INTO social_accounts (id, workspace_id, network, network_user_id, is_sandbox, username, display_name, access_token_enc, created_at)
       SELECT ${uuidOf('a', 'k::text || n')}, ${uuidOf('u', 'k::text')}, n, n || '-' || k, true, 'bench_' || n || '_' || k, 'Bench ' || n || ' ' || k, '\\x00'::bytea, now() - interval '790 days'
       FROM generate_series(0, ${USERS - 1}) k, unnest(ARRAY['x', 'linkedin']) n`,
    );
    // One row per target with its random draws, so posts and targets agree.
    await q(
      'draws',
      `CREATE TEMP TABLE draws AS
       SELECT i,
         CASE WHEN i % 10 < 9 THEN 0 ELSE 1 + (i / 10) % 9 END AS u,
         CASE WHEN i % 5 < 3 THEN 'x' ELSE 'linkedin' END AS net,
         random() AS r, random() AS r2, random() AS r3,
         -- Two years back to a month ahead, in order: rows are stored in the order posts were
         -- planned, as an append-mostly table is. The last month's are still scheduled.
         now() - interval '730 days' + (i::float8 / ${options.targets}) * interval '760 days' + random() * interval '10 minutes' AS at
       FROM generate_series(1, ${options.targets}) i`,
    );
    await q(
      'posts',
      `INSERT INTO posts (id, workspace_id, created_by, original_text, time_zone, created_at)
       SELECT ${uuidOf('p', 'i::text')}, ${uuidOf('u', 'u::text')}, ${uuidOf('u', 'u::text')}, 'Bench post ' || i || ': ' || md5(i::text) || ' #topic' || (i % 37), 'UTC', at - r3 * interval '3 days'
       FROM draws ORDER BY i`,
    );
    await q(
      'post targets',
      `INSERT INTO post_targets (id, post_id, workspace_id, created_by, account_id, network, text, scheduled_at, due_at, status, attempt_count,
         network_post_id, network_post_url, published_at, failure_reason, failure_class,
         impressions_count, likes_count, comments_count, shares_count, clicks_count, metrics_updated_at, created_at, updated_at)
       SELECT ${uuidOf('t', 'i::text')}, ${uuidOf('p', 'i::text')}, ${uuidOf('u', 'u::text')}, ${uuidOf('u', 'u::text')}, ${uuidOf('a', 'u::text || net')}, net,
         'Bench post ' || i || ': ' || md5(i::text) || ' #topic' || (i % 37), at, at, status, CASE WHEN status = 'scheduled' THEN 0 ELSE 1 END,
         CASE WHEN status = 'published' THEN i::text END,
         CASE WHEN status = 'published' THEN CASE net WHEN 'x' THEN 'https://x.com/i/web/status/' || i ELSE 'https://www.linkedin.com/feed/update/urn:li:share:' || i END END,
         CASE WHEN status = 'published' THEN at + r3 * interval '2 seconds' END,
         CASE status WHEN 'failed' THEN 'X refused it: bench' WHEN 'missed' THEN 'It could not be sent on time.' WHEN 'needs_reconnect' THEN 'Reconnect the account.' END,
         CASE status WHEN 'failed' THEN 'Rejected' WHEN 'missed' THEN 'Missed' WHEN 'needs_reconnect' THEN 'AuthExpired' END,
         CASE WHEN status = 'published' AND NOT (net = 'linkedin' AND r3 < 0.2) THEN floor(r3 * 5000)::int END,
         CASE WHEN status = 'published' THEN floor(r3 * r2 * 120)::int ELSE 0 END,
         CASE WHEN status = 'published' THEN floor(r3 * 15)::int ELSE 0 END,
         CASE WHEN status = 'published' THEN floor(r2 * 10)::int ELSE 0 END,
         CASE WHEN status = 'published' THEN floor(r3 * 40)::int END,
         CASE WHEN status = 'published' THEN least(now(), at + interval '1 day') END,
         at - r3 * interval '3 days', at
       FROM (
         SELECT i, u, net, r2, r3,
           at,
           CASE WHEN at > now() THEN 'scheduled' WHEN r < 0.03 THEN 'failed' WHEN r < 0.035 THEN 'missed' WHEN r < 0.04 THEN 'needs_reconnect' ELSE 'published' END AS status
         FROM draws
       ) d
       ORDER BY i`,
    );
    for (const index of dropped) await q(`index ${index.name}`, index.definition);

    // Readings every 6 hours after publication, ~11 per published post, 10,000,000 in all. The
    // primary key is built after the load (faster than maintaining it row by row).
    await q('drop snapshot key', 'ALTER TABLE metric_snapshots DROP CONSTRAINT metric_snapshots_pkey');
    const perPost = Math.ceil(options.snapshots / Math.max(1, options.targets * 0.94));
    await q(
      'metric snapshots',
      `INSERT INTO metric_snapshots (target_id, captured_at, impressions, likes, comments, shares, clicks)
       SELECT t.id, t.published_at + k * interval '6 hours', t.impressions_count * k / ${perPost}, t.likes_count * k / ${perPost},
         t.comments_count * k / ${perPost}, t.shares_count * k / ${perPost}, t.clicks_count * k / ${perPost}
       FROM post_targets t CROSS JOIN generate_series(1, ${perPost}) k
       WHERE t.status = 'published'
       LIMIT ${options.snapshots}`,
    );
    await q('snapshot key', 'ALTER TABLE metric_snapshots ADD PRIMARY KEY (target_id, captured_at)');
    await q(
      'follower snapshots',
      `INSERT INTO follower_snapshots (account_id, day, followers, captured_at)
       SELECT a.id, d::date, 1000 + (extract(epoch from d)::bigint / 86400) % 500, d + interval '23 hours'
       FROM social_accounts a, generate_series(now() - interval '90 days', now(), interval '1 day') d`,
    );
    await q(
      'insights',
      `INSERT INTO insights (workspace_id, platform, insight_type, title, description, recommendation, priority, confidence_score, evidence, fingerprint)
       SELECT ${uuidOf('u', '0::text')}, 'all', 'posting_time', 'Insight ' || k, 'Bench insight ' || k, 'Post at 9', 'medium', 0.8, '{}'::jsonb, 'bench-' || k
       FROM generate_series(1, 8) k`,
    );
    // The load bypassed the triggers that keep these (session_replication_role): build them as the
    // migrations do for existing rows (0011, 0013), or the feed would count from an empty table.
    await q(
      'post target counts',
      `DELETE FROM post_target_counts;
       INSERT INTO post_target_counts (workspace_id, network, stage, n)
       SELECT workspace_id, network, post_target_stage(status), count(*) FROM post_targets GROUP BY 1, 2, 3`,
    );
    await q('daily figures', 'SELECT rebuild_post_daily_figures()');
    await q(
      'vacuum analyze',
      'VACUUM (ANALYZE) users, social_accounts, posts, post_targets, post_target_counts, post_daily_figures, metric_snapshots, follower_snapshots, insights',
    );
  } finally {
    await client.query('RESET ALL').catch(() => {});
    await client.query('DROP TABLE IF EXISTS draws').catch(() => {});
    client.release();
  }
  const { rows } = await db.query<{ snapshots: number }>('SELECT count(*)::int AS snapshots FROM metric_snapshots');
  return {
    mainUserId,
    users: USERS,
    targets: options.targets,
    mainUserTargets: await mainCount(),
    snapshots: rows[0]?.snapshots ?? 0,
    seconds: Math.round((Date.now() - started) / 1000),
    reused: false,
  };
}
