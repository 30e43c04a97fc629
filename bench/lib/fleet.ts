// What the publish benchmark and the chaos run share: the sandbox process, worker processes,
// sandbox personas with their accounts in the database, and scheduled targets with their backstops.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import type { Database } from '../../apps/server/src/db/client';
import { BACKSTOP_DELAY_MS, publishTargetJob } from '../../apps/server/src/modules/publishing/publish-target.job';
import { createSecretBox } from '../../apps/server/src/lib/secret-box';
import { stableUuid } from '../../apps/server/src/lib/stable-id';
import { getJson, mapLimit, postJson, root, sandboxMain, serverMain, sleep, startProcess, tsxBin, type Child } from './common';

export interface SandboxProcess {
  url: string;
  child: Child;
  admin<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T>;
}

/**
 * Starts the sandbox as its own process: the bundled `packages/sandbox/dist/main.js`, or with
 * `options` a small launcher (bench/lib/sandbox-main.ts) that passes them to createSandbox.
 */
export async function startSandbox(workDir: string, options?: object): Promise<SandboxProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, SANDBOX_PORT: '0', SANDBOX_HOST: '127.0.0.1', SANDBOX_APP_URL: 'http://localhost:8080' };
  delete env.SANDBOX_STATE_FILE;
  const child = options
    ? startProcess('sandbox', tsxBin, [path.join(root, 'bench/lib/sandbox-main.ts')], {
        env: { ...env, BENCH_SANDBOX_OPTIONS: JSON.stringify(options) },
        logFile: path.join(workDir, 'sandbox.log'),
      })
    : startProcess('sandbox', process.execPath, [sandboxMain], { env, logFile: path.join(workDir, 'sandbox.log') });
  const match = await child.waitForLine(/listening at (http:\/\/\S+)/, 30_000);
  const url = (match[1] as string).replace('localhost', '127.0.0.1');
  return {
    url,
    child,
    admin<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) {
      return method === 'POST' ? postJson<T>(`${url}${route}`, body ?? {}) : getJson<T>(`${url}${route}`, { method });
    },
  };
}

export interface SandboxPost {
  id: string;
  username: string;
  text: string;
  receivedAt: string;
  createdAt: string;
  deleted: boolean;
}

export async function sandboxPosts(sandbox: SandboxProcess): Promise<SandboxPost[]> {
  return (await sandbox.admin<{ posts: SandboxPost[] }>('GET', '/_sandbox/x/posts')).posts;
}

export interface Account {
  userId: string;
  accountId: string;
  username: string;
}

/**
 * Creates `count` X personas on the sandbox (tokens through its admin API) and, for each, a user
 * with one connected X account whose tokens are sealed with `secretKey`, as the app stores them.
 */
export async function createAccounts(
  db: Database,
  sandbox: SandboxProcess,
  secretKey: Buffer,
  count: number,
  prefix: string,
): Promise<Account[]> {
  const box = createSecretBox(secretKey);
  const tokens = await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    16,
    (i) =>
      sandbox.admin<{
        access_token: string;
        refresh_token?: string;
        expires_in: number;
        scope: string;
        user: { id: string; username: string; name: string };
      }>('POST', '/_sandbox/x/tokens', { username: `${prefix}${i}` }),
  );
  const accounts = tokens.map((token) => ({ userId: randomUUID(), accountId: randomUUID(), username: token.user.username, token }));
  await db.query(`INSERT INTO users (id, email, name) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])`, [
    accounts.map((a) => a.userId),
    accounts.map((a) => `${a.username.toLowerCase()}@bench.invalid`),
    accounts.map((a) => a.username),
  ]);
  const now = Date.now();
  await db.query(
    `INSERT INTO social_accounts (id, workspace_id, network, network_user_id, is_sandbox, username, display_name, access_token_enc,
       refresh_token_enc, access_expires_at, scopes)
     SELECT id, workspace_id, 'x', network_user_id, true, username, username, access_enc, refresh_enc, expires_at,
       string_to_array('tweet.read tweet.write users.read media.write offline.access', ' ')
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bytea[], $6::bytea[], $7::timestamptz[])
       AS a(id, workspace_id, network_user_id, username, access_enc, refresh_enc, expires_at)`,
    [
      accounts.map((a) => a.accountId),
      accounts.map((a) => a.userId),
      accounts.map((a) => a.token.user.id),
      accounts.map((a) => a.username),
      accounts.map((a) => box.seal(a.token.access_token, `social_accounts:${a.accountId}:access`)),
      accounts.map((a) => (a.token.refresh_token ? box.seal(a.token.refresh_token, `social_accounts:${a.accountId}:refresh`) : null)),
      accounts.map(() => new Date(now + 7_200_000)),
    ],
  );
  return accounts.map(({ userId, accountId, username }) => ({ userId, accountId, username }));
}

export interface PlannedTarget {
  id: string;
  account: Account;
  text: string;
  at: Date;
}

/** Unique texts (X refuses the same text twice from one account) that say which run and target they are. */
export function planTargets(accounts: Account[], instants: Date[], tag: string): PlannedTarget[] {
  return instants.map((at, i) => ({
    id: randomUUID(),
    account: accounts[i % accounts.length] as Account,
    text: `Postflow bench ${tag} #${i} ${randomBytes(4).toString('hex')}`,
    at,
  }));
}

/**
 * Inserts posts and their targets (status 'scheduled', scheduled_at = due_at = the instant) in one
 * statement each, and their pg-boss backstop jobs with the ids `publish-target.job.ts` derives.
 */
export async function insertTargets(db: Database, boss: PgBoss, targets: PlannedTarget[]): Promise<void> {
  for (let start = 0; start < targets.length; start += 5_000) {
    const chunk = targets.slice(start, start + 5_000);
    const postIds = chunk.map(() => randomUUID());
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO posts (id, workspace_id, original_text, time_zone) SELECT id, workspace_id, text, 'UTC' FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS p(id, workspace_id, text)`,
        [postIds, chunk.map((t) => t.account.userId), chunk.map((t) => t.text)],
      );
      await tx.query(
        `INSERT INTO post_targets (id, post_id, workspace_id, account_id, network, text, scheduled_at, due_at, status)
         SELECT id, post_id, workspace_id, account_id, 'x', text, at, at, 'scheduled'
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[]) AS t(id, post_id, workspace_id, account_id, text, at)`,
        [
          chunk.map((t) => t.id),
          postIds,
          chunk.map((t) => t.account.userId),
          chunk.map((t) => t.account.accountId),
          chunk.map((t) => t.text),
          chunk.map((t) => t.at),
        ],
      );
    });
    await boss.insert(
      publishTargetJob.name,
      chunk.map((t) => ({
        id: stableUuid('publish-target', t.id, t.at.toISOString()),
        data: { targetId: t.id },
        startAfter: new Date(t.at.getTime() + BACKSTOP_DELAY_MS),
      })),
    );
  }
}

export async function statusCounts(db: Database, ids: string[]): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM post_targets WHERE id = ANY($1::uuid[]) GROUP BY status',
    [ids],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export const FINAL_STATUSES = ['published', 'failed', 'needs_reconnect', 'missed'];

/** Waits until every target is in a final state, or the deadline passes; returns the last counts. */
export async function waitUntilFinal(
  db: Database,
  ids: string[],
  deadline: number,
  onProgress?: (counts: Record<string, number>) => void,
  options: { notBefore?: number; finalStatuses?: readonly string[] } = {},
): Promise<Record<string, number>> {
  const finalStatuses = options.finalStatuses ?? FINAL_STATUSES;
  let counts: Record<string, number> = {};
  let lastReport = 0;
  // Asking while the targets go out would add load to what is measured: wait for the last instant first.
  if (options.notBefore) await sleep(Math.max(0, options.notBefore - Date.now()));
  for (;;) {
    try {
      counts = await statusCounts(db, ids);
    } catch {
      // The database may be restarting (chaos); ask again.
    }
    const final = finalStatuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
    if (final === ids.length || Date.now() > deadline) return counts;
    if (onProgress && Date.now() - lastReport > 5_000) {
      lastReport = Date.now();
      onProgress(counts);
    }
    await sleep(500);
  }
}

export interface TargetRow {
  id: string;
  status: string;
  text: string;
  scheduledAt: Date;
  publishedAt: Date | null;
  networkPostId: string | null;
  failureReason: string | null;
  failureClass: string | null;
  attemptCount: number;
}

export async function targetRows(db: Database, ids: string[]): Promise<TargetRow[]> {
  const { rows } = await db.query<TargetRow>(
    `SELECT id, status, text, scheduled_at AS "scheduledAt", published_at AS "publishedAt", network_post_id AS "networkPostId",
       failure_reason AS "failureReason", failure_class AS "failureClass", attempt_count AS "attemptCount"
     FROM post_targets WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

export interface WorkerOptions {
  connectionString: string;
  secretKeyHex: string;
  sandboxUrl: string;
  workDir: string;
  index: number;
}

/** A Postflow worker process, as deployed: the server bundle with ROLE=worker. */
export function startWorkerProcess(options: WorkerOptions, generation = 0): Child {
  // BENCH_WORKER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to look inside a worker.
  const extra = process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_MAIN: another server bundle (a what-if experiment with a patched copy).
  return startProcess(
    `worker-${options.index}`,
    process.execPath,
    [...extra, '--enable-source-maps', process.env.BENCH_SERVER_MAIN ?? serverMain],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ROLE: 'worker',
        DATABASE_URL: options.connectionString,
        SECRET_KEY: options.secretKeyHex,
        SANDBOX: 'on',
        SANDBOX_URL: options.sandboxUrl,
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(options.workDir, `worker-data-${options.index}`),
        PUBLIC_URL: 'http://localhost:8080',
      },
      logFile: path.join(options.workDir, `worker-${options.index}.${generation}.log`),
    },
  );
}

/**
 * A worker is up once it has reported in (its heartbeat row carries its pid); 'any' for the worker
 * process a `ROLE=all` instance starts itself (decision 120), in a database only it uses.
 */
export async function waitForHeartbeat(db: Database, pid: number | 'any', timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rowCount } = await db
      .query('SELECT 1 FROM worker_heartbeats WHERE pid = $1 OR $1 IS NULL', [pid === 'any' ? null : pid])
      .catch(() => ({ rowCount: 0 }));
    if (rowCount) return;
    await sleep(100);
  }
  throw new Error(`worker ${pid === 'any' ? '' : `pid ${pid} `}did not report in within ${timeoutMs} ms`);
}

/** A pg-boss client for inserting jobs (no supervision, no cron). */
export async function startBossClient(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 3, supervise: false, schedule: false, application_name: 'postflow-bench' });
  boss.on('error', (error) => console.error('bench pg-boss:', error.message));
  await boss.start();
  return boss;
}
