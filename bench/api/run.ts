// API benchmark (issue 9): the feed page and the analytics summary on 1,000,000 posts and
// 10,000,000 metric snapshots, 50 connections (autocannon). Baseline in the same run: the same
// SQL (the repositories' own functions) through `pg` with 50 concurrent clients.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database, type Queryable } from '../../apps/server/src/db/client';
import { createReportingRepository, type Range } from '../../apps/server/src/modules/analytics/reporting/reporting.repository';
import { createInsightsRepository } from '../../apps/server/src/modules/analytics/insights/insights.repository';
import { createSessionsRepository } from '../../apps/server/src/modules/auth/sessions.repository';
import { createFeedRepository } from '../../apps/server/src/modules/feed/feed.repository';
import { hashToken } from '../../apps/server/src/lib/tokens';
import { log, machine, printResult, round, startApiProcess, type Child, tail } from '../lib/common';
import { startDatabase } from '../lib/database';
import { benchSession, sqlLoad, withCpu } from '../lib/sql-load';
import { seedApiDataset } from './seed';
import { FEED_PATH, SUMMARY_PATH, httpLoad, type Measured } from '../lib/http-load';

const env = process.env;
const TARGETS = Number(env.BENCH_API_POSTS ?? 1_000_000);
const SNAPSHOTS = Number(env.BENCH_API_SNAPSHOTS ?? 10_000_000);
const CONNECTIONS = 50;
const SECONDS = Number(env.BENCH_API_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const GOAL_P99_MS = 25;
const GOAL_RATIO = 1.5;
const DAY_MS = 86_400_000;

/**
 * A different 28–31-day range at each call, over the seeded two years, in order: the figures of
 * none has been computed before, so this measures the summary's own SQL, not its cache.
 */
function rangeSequence() {
  let call = 0;
  return () => {
    const index = call++;
    const endDay = new Date(Date.now() - (index % 700) * DAY_MS).toISOString().slice(0, 10);
    const span = 28 + (Math.floor(index / 700) % 4);
    const startDay = new Date(Date.parse(`${endDay}T00:00:00Z`) - (span - 1) * DAY_MS).toISOString().slice(0, 10);
    return { startDay, endDay };
  };
}
const rangePath = ({ startDay, endDay }: { startDay: string; endDay: string }) =>
  `${SUMMARY_PATH}?start_date=${startDay}&end_date=${endDay}`;

/** A Queryable that remembers the statements it ran (for EXPLAIN ANALYZE). */
function recording(db: Queryable) {
  const statements: Array<{ text: string; values: readonly unknown[] }> = [];
  const wrapped: Queryable = {
    query(text, values) {
      statements.push({ text, values: values ?? [] });
      return db.query(text, values);
    },
  };
  return { db: wrapped, statements };
}

/** The SQL each endpoint runs, through the repositories the services use, in the same shape (parallel where they are). */
function endpointSql(db: Queryable, userId: string, accessHash: Buffer) {
  const sessions = createSessionsRepository(db);
  const feed = createFeedRepository(db);
  const reporting = createReportingRepository(db);
  const insights = createInsightsRepository(db);
  const authenticate = async () => {
    if (!(await sessions.findActiveByAccessHash(accessHash, new Date()))) throw new Error('no session');
  };
  // reporting.service.ts rangeOf(): whole UTC days, both ends included; with no dates, the 30 ending today.
  const range = (days?: { startDay: string; endDay: string }): Range => {
    const lastDay = days?.endDay ?? new Date().toISOString().slice(0, 10);
    const firstDay = days?.startDay ?? new Date(Date.parse(`${lastDay}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
    return { workspaceId: userId, network: undefined, firstDay, lastDay };
  };
  const nextRange = rangeSequence();
  const filter = { statuses: undefined, network: undefined, from: undefined, until: undefined };
  return {
    feed: async () => {
      await authenticate();
      // As feed.service.ts does without a date filter: the page and its exact total in one statement.
      if (!(await feed.pageWithTotal(userId, filter, { limit: 10, offset: 0 }))) throw new Error('the feed took the date-filter path');
    },
    summary: () => summary(range()),
    summaryRanges: () => summary(range(nextRange())),
  };

  async function summary(r: Range) {
    await authenticate();
    await Promise.all([
      reporting.days(r),
      reporting.topPosts(r, 20),
      reporting.latestFollowers(userId, undefined),
      insights.list(userId, { limit: 20, platform: 'all' }),
    ]);
  }
}

/** EXPLAIN ANALYZE of every statement an endpoint runs: the time of each and its plan. */
async function explain(db: Database, userId: string, accessHash: Buffer, which: 'feed' | 'summary') {
  const recorder = recording(db);
  await endpointSql(recorder.db, userId, accessHash)[which]();
  const plans = [];
  for (const statement of recorder.statements) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
    const lines = rows.map((row) => row['QUERY PLAN']);
    const time = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN);
    plans.push({ sql: statement.text.replace(/\s+/g, ' ').slice(0, 160), executionMs: round(time, 2), plan: lines });
  }
  return plans;
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-api-'));
  const keep = env.BENCH_API_KEEP_DB ? 'postflow_bench_api' : undefined;
  const database = await startDatabase('api', keep ? { keepName: keep } : {});
  let app: Child | undefined;
  let pool: Database | undefined;
  try {
    log(`api: PostgreSQL ${database.version} (${database.kind}); seeding ${TARGETS} targets and ${SNAPSHOTS} snapshots`);
    const dataset = await seedApiDataset(database.db, { targets: TARGETS, snapshots: SNAPSHOTS, log });
    log(`dataset ${dataset.reused ? 'reused' : `seeded in ${dataset.seconds} s`}: ${JSON.stringify(dataset)}`);

    if (env.BENCH_API_EXTRA_SQL) {
      // A what-if experiment: e.g. an index the endpoints lack, created before measuring.
      log(`extra SQL: ${env.BENCH_API_EXTRA_SQL}`);
      await database.db.query(env.BENCH_API_EXTRA_SQL);
    }
    const token = await benchSession(database.db, dataset.mainUserId);

    // BENCH_SERVER_MAIN: another server bundle (a what-if experiment with a patched copy).
    const launched = await startApiProcess({
      databaseUrl: database.connectionString,
      workDir,
      secretKey: randomBytes(32).toString('hex'),
      ...(env.BENCH_SERVER_MAIN ? { main: env.BENCH_SERVER_MAIN } : {}),
    });
    app = launched.app;
    const base = launched.base;
    for (const route of [FEED_PATH, SUMMARY_PATH]) {
      const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${route}: ${response.status} ${(await response.text()).slice(0, 300)}\n${tail(app.logFile, 10)}`);
      await response.arrayBuffer();
    }

    pool = createDatabase(database.connectionString, { max: CONNECTIONS, applicationName: 'postflow-bench-raw' });
    const sql = endpointSql(pool, dataset.mainUserId, hashToken(token));

    const results: Record<string, { app: Measured; raw: Measured }> = {};
    const scenarios = [
      ['feed', () => FEED_PATH],
      ['summary', () => SUMMARY_PATH],
      [
        'summaryRanges',
        (() => {
          const next = rangeSequence();
          return () => rangePath(next());
        })(),
      ],
    ] as const;
    for (const [name, path] of scenarios) {
      if (env.BENCH_API_ONLY && env.BENCH_API_ONLY !== name) continue;
      await httpLoad(base, path, token, WARMUP_SECONDS);
      const http = await withCpu(app.process.pid, database.clusterDir, () => httpLoad(base, path, token, SECONDS));
      log(`${name} through the API: ${JSON.stringify(http)}`);
      await sqlLoad(sql[name], WARMUP_SECONDS, CONNECTIONS);
      const raw = await withCpu(undefined, database.clusterDir, () => sqlLoad(sql[name], SECONDS, CONNECTIONS));
      log(`${name} raw SQL: ${JSON.stringify(raw)}`);
      results[name] = { app: http, raw };
    }

    const statements: Record<string, Array<{ sql: string; executionMs: number }>> = {};
    for (const name of ['feed', 'summary'] as const) {
      if (env.BENCH_API_ONLY && env.BENCH_API_ONLY !== name) continue;
      const plans = await explain(database.db, dataset.mainUserId, hashToken(token), name);
      log(`EXPLAIN ANALYZE, ${name}:`);
      for (const plan of plans)
        process.stdout.write(`  -- ${plan.executionMs} ms: ${plan.sql}\n${plan.plan.map((line) => `     ${line}`).join('\n')}\n`);
      statements[name] = plans.map(({ sql, executionMs }) => ({ sql, executionMs }));
    }

    // What the API said when it answered with errors (its error log lines, most frequent first).
    const serverErrors = Object.entries(
      tail(app.logFile, 100_000)
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .map((line) => {
          try {
            const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
            return `${entry.msg ?? ''}: ${entry.err?.message ?? ''}`.slice(0, 160);
          } catch {
            return line.slice(0, 160);
          }
        })
        .reduce<Record<string, number>>((counts, message) => ({ ...counts, [message]: (counts[message] ?? 0) + 1 }), {}),
    )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([message, count]) => ({ message, count }));
    if (serverErrors.length) log(`API errors: ${JSON.stringify(serverErrors)}`);
    const verdict = (name: string) => {
      const { app: http, raw } = results[name] as { app: Measured; raw: Measured };
      const ratio = round(http.p99 / Math.max(0.1, raw.p99), 2);
      return {
        app: http,
        raw,
        p99Ratio: ratio,
        goal: `p99 <= ${GOAL_P99_MS} ms and <= ${GOAL_RATIO}x raw SQL`,
        met: http.p99 <= GOAL_P99_MS && ratio <= GOAL_RATIO && http.errors === 0,
      };
    };
    printResult({
      bench: 'api',
      postgres: `${database.version} (${database.kind})`,
      machine: machine(),
      dataset: {
        targets: dataset.targets,
        mainUserTargets: dataset.mainUserTargets,
        snapshots: dataset.snapshots,
        seedSeconds: dataset.seconds,
        reused: dataset.reused,
      },
      load: {
        connections: CONNECTIONS,
        seconds: SECONDS,
        feed: FEED_PATH,
        summary: SUMMARY_PATH,
        summaryRanges: `${SUMMARY_PATH}?start_date=…&end_date=… (a new 28–31-day range each request)`,
      },
      ...(results.feed ? { feed: verdict('feed') } : {}),
      ...(results.summary ? { summary: verdict('summary') } : {}),
      ...(results.summaryRanges ? { summaryRanges: verdict('summaryRanges') } : {}),
      statements,
      serverErrors,
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
      seconds: round((Date.now() - started) / 1000, 0),
    });
  } finally {
    await app?.stop();
    await pool?.close().catch(() => {});
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
