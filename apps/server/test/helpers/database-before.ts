import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client';
import { defaultMigrationsDir, migrate } from '../../src/db/migrate';
import { withDatabase } from './connection-string';

/** The migrations before `version`, in a folder of their own. */
function migrationsBefore(version: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'postflow-migrations-'));
  for (const file of readdirSync(defaultMigrationsDir).filter((candidate) => candidate < version))
    copyFileSync(path.join(defaultMigrationsDir, file), path.join(dir, file));
  return dir;
}

/**
 * For a migration's backfill test: `before(version)` answers a new database migrated up to just
 * before `version`, holding the data of an older release; it is dropped after each test.
 */
export function databasesBefore() {
  const adminUrl = inject('adminDatabaseUrl');
  let name: string | undefined;
  let db: Database | undefined;

  afterEach(async () => {
    await db?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  return async function before(version: string): Promise<Database> {
    name = `postflow_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    db = createDatabase(withDatabase(adminUrl, name), { max: 2 });
    await migrate(db, migrationsBefore(version));
    return db;
  };
}
