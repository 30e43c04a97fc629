import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabase, type BenchDatabase } from '../bench/lib/database';
import { freePort } from './support/ports';

const root = fileURLToPath(new URL('..', import.meta.url));

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The README's "Scaling out", as written: build once (the e2e run already did), then one API and two
// workers started with `npm run serve` from that build, against one database.
describe('one API and two workers from one build', () => {
  let database: BenchDatabase;
  const processes: ChildProcess[] = [];
  let apiUrl: string;

  beforeAll(async () => {
    database = await startDatabase('scale-out');
    const port = await freePort();
    apiUrl = `http://localhost:${port}`;
    const env = {
      ...process.env,
      DATABASE_URL: database.connectionString,
      SECRET_KEY: randomBytes(32).toString('hex'),
      SANDBOX: 'off',
      PUBLIC_URL: apiUrl,
      LOG_LEVEL: 'warn',
    };
    for (const role of ['api', 'worker', 'worker']) {
      processes.push(
        spawn(process.execPath, [`${root}/scripts/serve.mjs`], {
          cwd: root,
          env: { ...env, ROLE: role, PORT: role === 'api' ? String(port) : '0' },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
    }
  });

  afterAll(async () => {
    await Promise.all(
      processes.map((child) => {
        if (child.exitCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    await database.stop();
  });

  it('serves the API, sees both workers, and hands work from the API to a worker through the database', async () => {
    const health = await eventually(async () => {
      const response = await fetch(`${apiUrl}/healthz`);
      const body = (await response.json()) as { status: string; db: string; worker: string };
      return body.worker === 'ok' ? body : undefined;
    }, 90_000);
    expect(health).toEqual({ status: 'ok', db: 'ok', worker: 'ok' });

    const workers = await eventually(async () => {
      const { rows } = await database.db.query<{ n: number }>('SELECT count(DISTINCT worker_id)::int AS n FROM worker_heartbeats');
      return rows[0]?.n === 2 ? 2 : undefined;
    }, 60_000);
    expect(workers).toBe(2);

    const registered = await fetch(`${apiUrl}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scale Person', email: 'scale@example.com', password: 'a long enough password' }),
    });
    expect(registered.status).toBe(201);
    // A password reset is mailed by a worker: the job crosses processes through the shared queue.
    await fetch(`${apiUrl}/auth/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@example.com' }),
    });
    const stored = await eventually(async () => {
      const { rows } = await database.db.query<{ status: string }>("SELECT status FROM emails WHERE to_address = 'scale@example.com'");
      return rows[0]?.status === 'stored' ? true : undefined;
    }, 30_000);
    expect(stored).toBe(true);

    // A status changed by another process (as a worker changes it) reaches a stream open on the API.
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    const { rows } = await database.db.query<{ id: string }>(
      `WITH post AS (INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, 'Across processes', 'UTC') RETURNING id)
       INSERT INTO post_targets (post_id, workspace_id, network, text, scheduled_at, due_at)
       SELECT id, $1, 'x', 'Across processes', now() + interval '1 hour', now() + interval '1 hour' FROM post RETURNING id`,
      [user.id],
    );
    const targetId = (rows[0] as { id: string }).id;
    const stream = await fetch(`${apiUrl}/posts/status-changes`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readMore = async () => {
      received += decoder.decode((await reader.read()).value, { stream: true });
    };
    while (!received.includes(': open')) await readMore();
    await database.db.query(`UPDATE post_targets SET status = 'missed', failure_reason = 'Too late' WHERE id = $1`, [targetId]);
    while (!received.includes('event: change')) await readMore();
    expect(received).toContain(`"id":"${targetId}"`);
    expect(received).toContain('"status":"missed"');
    await reader.cancel();
    expect(processes.every((child) => child.exitCode === null)).toBe(true);
  }, 180_000);
});
