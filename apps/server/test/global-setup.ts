import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { jobDefinitions } from '../src/composition/job-handlers';
import { ensureQueues } from '../src/jobs/queue';
import { withDatabase } from './helpers/connection-string';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the server's maintenance database, for creating test databases. */
    adminDatabaseUrl: string;
    /** A migrated database (with the pg-boss schema) that each test file copies. */
    templateDatabase: string;
    /** How this run's copies of the template are named, so the run's end can sweep them all. */
    testDatabasePrefix: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when set (CI sets it to the
 * machine's PostgreSQL 15), otherwise an embedded PostgreSQL 18 in a temporary folder. A template
 * database is migrated once; every test file then gets its own copy in ~30 ms.
 */
export default async function setup(project: TestProject) {
  let adminDatabaseUrl: string;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;

  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminDatabaseUrl = external;
  } else {
    tempDir = mkdtempSync(path.join(tmpdir(), 'postflow-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir, password: 'postflow-test' });
    adminDatabaseUrl = embedded.connectionString.replace(/\/[^/]+$/, '/postgres');
    stopEmbedded = embedded.stop;
  }

  const templateDatabase = `postflow_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.end();
  await ensureDatabase(adminDatabaseUrl, templateDatabase);

  const templateUrl = withDatabase(adminDatabaseUrl, templateDatabase);
  const db = createDatabase(templateUrl, { max: 2 });
  await migrate(db);
  await db.close();
  const boss = new PgBoss({ connectionString: templateUrl, supervise: false, schedule: false, max: 2 });
  await boss.start();
  await ensureQueues(boss, jobDefinitions());
  await boss.stop({ graceful: false, close: true });

  project.provide('adminDatabaseUrl', adminDatabaseUrl);
  project.provide('templateDatabase', templateDatabase);
  const testDatabasePrefix = `postflow_test_${process.pid}_`;
  project.provide('testDatabasePrefix', testDatabasePrefix);

  return async () => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    const copies = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      testDatabasePrefix,
    ]);
    for (const name of [templateDatabase, ...copies.rows.map((row) => row.datname)])
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await client.end();
    await stopEmbedded?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}
