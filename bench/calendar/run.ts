// Calendar benchmark (issue 20): the calendar call for a month holding 10,000 of one workspace's
// posts out of 1,000,000 targets, through the API (autocannon) and, as the baseline in the same run,
// the same statements through `pg` (the calendar repository's own functions, after the session lookup).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALENDAR_MAX_DRAFTS } from '@postflow/contract';
import { createDatabase, type Database, type Queryable } from '../../apps/server/src/db/client';
import { createSessionsRepository } from '../../apps/server/src/modules/auth/sessions.repository';
import { daysBetween } from '../../apps/server/src/modules/calendar/calendar-days';
import { createCalendarRepository } from '../../apps/server/src/modules/calendar/calendar.repository';
import { hashToken } from '../../apps/server/src/lib/tokens';
import { log, machine, printResult, round, startApiProcess, type Child, tail } from '../lib/common';
import { startDatabase } from '../lib/database';
import { benchSession, sqlLoad, withCpu } from '../lib/sql-load';
import { httpLoad, type Measured } from '../lib/http-load';
import { seedCalendarDataset } from './seed';

const env = process.env;
const TARGETS = Number(env.BENCH_CALENDAR_POSTS ?? 1_000_000);
const MONTH_TARGETS = Number(env.BENCH_CALENDAR_MONTH_POSTS ?? 10_000);
// A few people opening the calendar at the same moment, not a crowd: it is a planning screen, opened far less than the feed.
const CONNECTIONS = Number(env.BENCH_CALENDAR_CONNECTIONS ?? 4);
const SECONDS = Number(env.BENCH_CALENDAR_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const GOAL_P99_MS = 25;
const GOAL_RATIO = 1.5;
const DAY_MS = 86_400_000;
const ZONE = 'UTC';

/** This month (UTC), and the six weeks the month view shows for it: from the Monday on or before the 1st. */
function monthAndGrid() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const gridStart = new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * DAY_MS);
  return { month: { start, end }, grid: { start: gridStart, end: new Date(gridStart.getTime() + 42 * DAY_MS) } };
}

/** The calls the web makes: the month view (six weeks, 3 a day) and the week of the 15th (50 a day). */
function scenarios(grid: { start: Date; end: Date }, month: { start: Date }) {
  const weekStart = new Date(month.start.getTime() + 14 * DAY_MS);
  const monday = new Date(weekStart.getTime() - ((weekStart.getUTCDay() + 6) % 7) * DAY_MS);
  const week = { start: monday, end: new Date(monday.getTime() + 7 * DAY_MS) };
  const call = (range: { start: Date; end: Date }, perDay: number) => ({
    range,
    perDay,
    path: `/api/v1/calendar?start=${range.start.toISOString()}&end=${range.end.toISOString()}&timeZone=${ZONE}&perDay=${perDay}`,
  });
  return { month: call(grid, 3), week: call(week, 50) };
}

/** As calendar.service.ts runs it: the session, then the day-cut posts and the drafts at once. */
function calendarSql(db: Queryable, workspaceId: string, accessHash: Buffer) {
  const sessions = createSessionsRepository(db);
  const calendar = createCalendarRepository(db);
  return async (range: { start: Date; end: Date }, perDay: number) => {
    if (!(await sessions.findActiveByAccessHash(accessHash, new Date()))) throw new Error('no session');
    const days = daysBetween(range.start, range.end, ZONE);
    await Promise.all([
      calendar.targets(workspaceId, days, { network: undefined, accountId: undefined }, perDay),
      calendar.drafts(workspaceId, range.start, range.end, undefined, CALENDAR_MAX_DRAFTS),
    ]);
  };
}

async function explain(db: Database, workspaceId: string, range: { start: Date; end: Date }, perDay: number) {
  const statements: Array<{ text: string; values: readonly unknown[] }> = [];
  const recorder: Queryable = {
    query(text, values) {
      statements.push({ text, values: values ?? [] });
      return db.query(text, values);
    },
  };
  const calendar = createCalendarRepository(recorder);
  await calendar.targets(workspaceId, daysBetween(range.start, range.end, ZONE), { network: undefined, accountId: undefined }, perDay);
  await calendar.drafts(workspaceId, range.start, range.end, undefined, CALENDAR_MAX_DRAFTS);
  const plans = [];
  for (const statement of statements) {
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
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-calendar-'));
  const keep = env.BENCH_CALENDAR_KEEP_DB ? 'postflow_bench_calendar' : undefined;
  const database = await startDatabase('calendar', keep ? { keepName: keep } : {});
  const { month, grid } = monthAndGrid();
  const calls = scenarios(grid, month);
  let app: Child | undefined;
  let pool: Database | undefined;
  try {
    log(
      `calendar: PostgreSQL ${database.version} (${database.kind}); seeding ${TARGETS} targets, ${MONTH_TARGETS} in one workspace's month`,
    );
    const dataset = await seedCalendarDataset(database.db, { targets: TARGETS, monthTargets: MONTH_TARGETS, month, log });
    log(`dataset ${dataset.reused ? 'reused' : `seeded in ${dataset.seconds} s`}: ${JSON.stringify(dataset)}`);
    if (env.BENCH_CALENDAR_EXTRA_SQL) {
      log(`extra SQL: ${env.BENCH_CALENDAR_EXTRA_SQL}`);
      await database.db.query(env.BENCH_CALENDAR_EXTRA_SQL);
    }
    const token = await benchSession(database.db, dataset.mainUserId);
    const launched = await startApiProcess({
      databaseUrl: database.connectionString,
      workDir,
      secretKey: randomBytes(32).toString('hex'),
      ...(env.BENCH_SERVER_MAIN ? { main: env.BENCH_SERVER_MAIN } : {}),
    });
    app = launched.app;
    const base = launched.base;
    const answered: Record<string, { items: number; more: number; bytes: number }> = {};
    for (const [name, call] of Object.entries(calls)) {
      const response = await fetch(`${base}${call.path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${call.path}: ${response.status} ${text.slice(0, 300)}\n${tail(app.logFile, 10)}`);
      const body = JSON.parse(text) as { items: unknown[]; more: Array<{ count: number }> };
      answered[name] = { items: body.items.length, more: body.more.reduce((sum, day) => sum + day.count, 0), bytes: text.length };
    }
    log(`answers: ${JSON.stringify(answered)}`);

    pool = createDatabase(database.connectionString, { max: CONNECTIONS, applicationName: 'postflow-bench-raw' });
    const sql = calendarSql(pool, dataset.mainUserId, hashToken(token));
    const results: Record<string, { app: Measured; raw: Measured }> = {};
    for (const [name, call] of Object.entries(calls)) {
      await httpLoad(base, () => call.path, token, WARMUP_SECONDS, CONNECTIONS);
      const http = await withCpu(app.process.pid, database.clusterDir, () => httpLoad(base, () => call.path, token, SECONDS, CONNECTIONS));
      log(`${name} through the API: ${JSON.stringify(http)}`);
      const operation = () => sql(call.range, call.perDay);
      await sqlLoad(operation, WARMUP_SECONDS, CONNECTIONS);
      const raw = await withCpu(undefined, database.clusterDir, () => sqlLoad(operation, SECONDS, CONNECTIONS));
      log(`${name} raw SQL: ${JSON.stringify(raw)}`);
      results[name] = { app: http, raw };
    }

    const plans = await explain(database.db, dataset.mainUserId, calls.month.range, calls.month.perDay);
    log('EXPLAIN ANALYZE, month:');
    for (const plan of plans)
      process.stdout.write(`  -- ${plan.executionMs} ms: ${plan.sql}\n${plan.plan.map((line) => `     ${line}`).join('\n')}\n`);

    const verdict = (name: string) => {
      const { app: http, raw } = results[name] as { app: Measured; raw: Measured };
      const ratio = round(http.p99 / Math.max(0.1, raw.p99), 2);
      return { app: http, raw, p99Ratio: ratio, met: http.p99 <= GOAL_P99_MS && ratio <= GOAL_RATIO && http.errors === 0 };
    };
    printResult({
      bench: 'calendar',
      postgres: `${database.version} (${database.kind})`,
      machine: machine(),
      dataset: {
        targets: dataset.targets,
        monthTargets: dataset.monthTargets,
        mainUserTargets: dataset.mainUserTargets,
        seedSeconds: dataset.seconds,
        reused: dataset.reused,
      },
      load: { connections: CONNECTIONS, seconds: SECONDS, month: calls.month.path, week: calls.week.path },
      goal: `month: p99 <= ${GOAL_P99_MS} ms and <= ${GOAL_RATIO}x raw SQL`,
      answers: answered,
      month: verdict('month'),
      week: verdict('week'),
      statements: plans.map(({ sql: text, executionMs }) => ({ sql: text, executionMs })),
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
