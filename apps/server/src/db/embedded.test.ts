import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';
import { embeddedLocation } from './embedded-location';

async function count(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM kept');
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postflow-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across restarts, survives a crashed owner and a stale lock file', async () => {
    const first = await startEmbeddedPostgres({ dataDir, password: 'pw' });
    const client = new pg.Client({ connectionString: first.connectionString });
    await client.connect();
    await client.query('CREATE TABLE kept (id int); INSERT INTO kept VALUES (1), (2)');
    await client.end();

    // The owning process "crashed" without stopping the server: the next start finds and reuses it.
    const afterCrash = await startEmbeddedPostgres({ dataDir, password: 'pw' });
    expect(afterCrash.port).toBe(first.port);
    expect(await count(afterCrash.connectionString)).toBe(2);
    await afterCrash.stop();

    // A lock file left by a server that is gone (its pid no longer runs) must not block the start.
    writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), `999999\n${dataDir}/postgres\n0\n5432\n`);
    const restarted = await startEmbeddedPostgres({ dataDir, password: 'pw' });
    expect(await count(restarted.connectionString)).toBe(2);
    await restarted.stop();
  }, 60_000);
});

// As root the server runs as the postgres user, who cannot enter a mode-700 home such as /root.
describe.runIf(process.getuid?.() === 0)('the embedded PostgreSQL, started by root inside a closed home folder', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'postflow-root-home-'));
  const systemDir = mkdtempSync(path.join(tmpdir(), 'postflow-system-'));
  afterAll(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(systemDir, { recursive: true, force: true });
  });

  it('creates, starts and restarts its cluster where the postgres user can reach it, keeping the data', async () => {
    chmodSync(home, 0o700);
    chmodSync(systemDir, 0o755);
    const dataDir = path.join(home, 'data');
    const first = await startEmbeddedPostgres({ dataDir, password: 'pw', systemDir });
    const client = new pg.Client({ connectionString: first.connectionString });
    await client.connect();
    await client.query('CREATE TABLE kept (id int); INSERT INTO kept VALUES (1), (2), (3)');
    await client.end();
    await first.stop();

    expect(readFileSync(path.join(dataDir, 'postgres.location'), 'utf8')).toContain(systemDir);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    const again = await startEmbeddedPostgres({ dataDir, password: 'pw', systemDir });
    expect(await count(again.connectionString)).toBe(3);
    await again.stop();
  }, 120_000);

  it('runs binaries the postgres user cannot reach from a copy it can', async () => {
    const closed = path.join(home, 'node_modules', 'native');
    mkdirSync(path.join(closed, 'bin'), { recursive: true });
    for (const name of ['initdb', 'pg_ctl']) writeFileSync(path.join(closed, 'bin', name), '#!/bin/sh\necho ok\n', { mode: 0o755 });
    const postgresUser = {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
    };
    mkdirSync(path.join(home, 'other-data'));
    const located = await embeddedLocation({
      dataDir: path.join(home, 'other-data'),
      user: postgresUser,
      binaries: { initdb: path.join(closed, 'bin', 'initdb'), pg_ctl: path.join(closed, 'bin', 'pg_ctl') },
      systemDir,
    });
    expect(located.binaries.initdb.startsWith(systemDir)).toBe(true);
    expect(execFileSync(located.binaries.pg_ctl, postgresUser).toString()).toBe('ok\n');
  });
});
