import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client';
import { withDatabase } from './connection-string';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

/**
 * Copying the template and dropping a copy take about half a second of PostgreSQL's time between
 * them, longer than most tests. So each test process keeps its next copy ready, made while the
 * current test runs, and drops used copies without waiting; global-setup sweeps what is left.
 */
let spare: Promise<string> | undefined;

async function copyTemplate(): Promise<string> {
  const name = `${inject('testDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`));
  return name;
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function dropInBackground(name: string): void {
  withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => {});
}

/** A fresh copy of the migrated template, private to the caller. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const next = spare ?? copyTemplate();
  spare = copyTemplate();
  // The last spare is never used (global-setup sweeps it); a failed one fails the next call.
  spare.catch(() => {});
  const name = await next;
  const url = withDatabase(inject('adminDatabaseUrl'), name);
  const db = createDatabase(url, { max: 5 });
  return {
    url,
    db,
    async drop() {
      await db.close();
      dropInBackground(name);
    },
  };
}

/** What a PostgreSQL restart does to a process's connections: every other backend of the database ends. */
export async function terminateBackends(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
  } finally {
    await admin.end();
  }
}
