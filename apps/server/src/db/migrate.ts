import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** Resolves to `src/db/migrations` from source and to `dist/migrations` from the bundle (the build copies them). */
export const defaultMigrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_-]+\.sql$/;
// Any fixed number works; it only has to be the same in every Postflow process.
const MIGRATION_LOCK_ID = 7_304_221;

/**
 * Checksums a file had before an edit that changed only its comments, by version. A database that
 * applied the earlier text takes the file as unchanged and records the new checksum; any other
 * difference still stops start-up.
 */
const COMMENT_ONLY_EDITS: Readonly<Record<number, readonly string[]>> = {
  // 0008's first comment cited the product spec, a document outside the repository (issue 16).
  8: ['26d19c166bede95ea21eefc4c08401ca9f30f64af249badc77760048c6c3c5da'],
};

export interface MigrationReport {
  applied: string[];
}

/**
 * Applies numbered SQL files in order, each recorded with its checksum, all in one transaction
 * under an advisory lock: a second process starting at the same moment waits, then finds nothing
 * left to do. A file changed after it was applied stops start-up instead of drifting silently.
 */
export async function migrate(db: Database, directory = defaultMigrationsDir): Promise<MigrationReport> {
  const files = (await readdir(directory)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const migrations = await Promise.all(
    files.map(async (name) => {
      const sql = await readFile(`${directory}/${name}`, 'utf8');
      return { name, version: Number(name.slice(0, 4)), sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await tx.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((row) => [row.version, row]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const previous = done.get(migration.version);
      if (previous) {
        if (previous.checksum === migration.checksum) continue;
        if (!COMMENT_ONLY_EDITS[migration.version]?.includes(previous.checksum)) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
        }
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [migration.version, migration.checksum]);
        continue;
      }
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      applied.push(migration.name);
    }
    return { applied };
  });
}
