import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

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
