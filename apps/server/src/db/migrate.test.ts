import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { migrate } from './migrate';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';

describe('migrations', () => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  function migrationsDir(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(tmpdir(), 'postflow-migrations-'));
    for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
    return dir;
  }

  it('applies each file once even when several processes start together', async () => {
    database = await createTestDatabase();
    const dir = migrationsDir({
      '0100_first.sql': 'CREATE TABLE migration_probe (id int PRIMARY KEY);',
      '0101_second.sql': 'INSERT INTO migration_probe VALUES (1);',
    });
    const processes = Array.from({ length: 4 }, () => createDatabase(database.url, { max: 1 }));
    const reports = await Promise.all(processes.map((db) => migrate(db, dir)));
    await Promise.all(processes.map((db) => db.close()));

    expect(reports.flatMap((report) => report.applied).sort()).toEqual(['0100_first.sql', '0101_second.sql']);
    const { rows } = await database.db.query('SELECT id FROM migration_probe');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('stops when an applied file was edited', async () => {
    database = await createTestDatabase();
    await migrate(database.db, migrationsDir({ '0100_first.sql': 'CREATE TABLE edited_probe (id int);' }));
    await expect(migrate(database.db, migrationsDir({ '0100_first.sql': 'CREATE TABLE edited_probe (id bigint);' }))).rejects.toThrow(
      /0100_first.sql was changed after it was applied/,
    );
  });

  it('accepts a database that applied 0008 before its comment changed, and nothing else that differs', async () => {
    database = await createTestDatabase();
    const checksumOf8 = async () =>
      (await database.db.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE version = 8')).rows[0]?.checksum;
    const current = await checksumOf8();
    const before = '26d19c166bede95ea21eefc4c08401ca9f30f64af249badc77760048c6c3c5da';
    await database.db.query('UPDATE schema_migrations SET checksum = $1 WHERE version = 8', [before]);
    await expect(migrate(database.db)).resolves.toEqual({ applied: [] });
    expect(await checksumOf8()).toBe(current);

    await database.db.query(`UPDATE schema_migrations SET checksum = 'something else' WHERE version = 8`);
    await expect(migrate(database.db)).rejects.toThrow(/0008_contact.sql was changed after it was applied/);
  });

  it('rolls back every file of a run when one fails', async () => {
    database = await createTestDatabase();
    const dir = migrationsDir({ '0100_ok.sql': 'CREATE TABLE rollback_probe (id int);', '0101_broken.sql': 'CREATE TABLE (' });
    await expect(migrate(database.db, dir)).rejects.toThrow();
    const { rows } = await database.db.query(`SELECT to_regclass('rollback_probe') AS t`);
    expect(rows[0]).toEqual({ t: null });
  });
});
