import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
}

interface OsUser {
  uid: number;
  gid: number;
}

/** Where root keeps what the postgres user must reach when DATA_DIR or node_modules sit in a closed folder such as /root. */
export const DEFAULT_SYSTEM_DIR = '/var/lib/postflow';

/** Names the cluster's folder when it lives outside DATA_DIR, so an operator can find it. */
const LOCATION_FILE = 'postgres.location';

/** Whether `user` may pass through every folder on the way to `target` (search permission). */
async function canReach(user: OsUser, target: string): Promise<boolean> {
  try {
    await run('test', ['-x', target], { uid: user.uid, gid: user.gid });
    return true;
  } catch {
    return false;
  }
}

/** A root-owned folder everyone may pass through (and list nothing secret in). */
function makeOpenDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

/**
 * The binaries as the postgres user can run them: where npm installed them when it can reach that
 * folder, otherwise a copy under `systemDir` (made once per version, swapped in when complete).
 */
async function reachableBinaries(binaries: PostgresBinaries, user: OsUser, systemDir: string): Promise<PostgresBinaries> {
  if (await canReach(user, binaries.initdb)) return binaries;
  const nativeDir = path.dirname(path.dirname(binaries.initdb));
  const version = createHash('sha256').update(readFileSync(binaries.initdb)).digest('hex').slice(0, 12);
  const copy = path.join(systemDir, `postgres-${version}`);
  if (!existsSync(path.join(copy, '.complete'))) {
    makeOpenDir(systemDir);
    const partial = `${copy}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(partial, '.complete'), '');
    rmSync(copy, { recursive: true, force: true });
    renameSync(partial, copy);
  }
  return {
    initdb: path.join(copy, path.relative(nativeDir, binaries.initdb)),
    pg_ctl: path.join(copy, path.relative(nativeDir, binaries.pg_ctl)),
  };
}

/**
 * Where the cluster lives and which binaries start it. Normally DATA_DIR/postgres and the installed
 * binaries. As root, PostgreSQL runs as the postgres user, which cannot enter a mode-700 home such as
 * /root: then the cluster lives in `systemDir/clusters/<digest of DATA_DIR>`, owned by that user, and
 * DATA_DIR/postgres.location says where (docs/decisions/118).
 */
export async function embeddedLocation(options: {
  dataDir: string;
  user: OsUser | undefined;
  binaries: PostgresBinaries;
  systemDir?: string;
}): Promise<{ clusterDir: string; binaries: PostgresBinaries }> {
  const inDataDir = path.join(options.dataDir, 'postgres');
  const locationFile = path.join(options.dataDir, LOCATION_FILE);
  const { user } = options;
  if (!user || existsSync(path.join(inDataDir, 'PG_VERSION'))) return { clusterDir: inDataDir, binaries: options.binaries };

  const systemDir = options.systemDir ?? DEFAULT_SYSTEM_DIR;
  const binaries = await reachableBinaries(options.binaries, user, systemDir);
  if (!existsSync(locationFile) && (await canReach(user, options.dataDir))) return { clusterDir: inDataDir, binaries };

  const digest = createHash('sha256').update(realpathSync(options.dataDir)).digest('hex').slice(0, 16);
  makeOpenDir(path.join(systemDir, 'clusters'));
  const home = path.join(systemDir, 'clusters', digest);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chownSync(home, user.uid, user.gid);
  writeFileSync(
    locationFile,
    `${path.join(home, 'postgres')}\n# The embedded PostgreSQL of this DATA_DIR lives in the folder above: its user cannot enter DATA_DIR.\n`,
  );
  return { clusterDir: path.join(home, 'postgres'), binaries };
}
