import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { terminateBackends } from '../../test/helpers/database';
import { watchEscapedErrors } from '../../test/helpers/escaped-errors';
import { admin, connectX, startSandbox, xPosts, type RunningSandbox } from '../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../test/helpers/test-app';

/**
 * The chaos run restarts PostgreSQL under running workers; a worker must ride that out rather than
 * die of an unhandled "Connection terminated unexpectedly" and leave its posts to the backstop.
 */
describe('a worker when the database restarts', () => {
  let sandbox: RunningSandbox;
  let t: TestApp | undefined;
  let watch: ReturnType<typeof watchEscapedErrors>;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    watch = watchEscapedErrors();
  });
  afterEach(async () => {
    watch.stop();
    await t?.close();
    t = undefined;
  });

  const dispatcherListens = async (app: TestApp) =>
    (
      await app.database.db.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'postflow-dispatcher'`,
      )
    ).rowCount;

  async function compose(app: TestApp, person: TestSession, text: string, scheduledFor: Date): Promise<string> {
    const response = await app.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: { text, platforms: ['x'], scheduledFor: scheduledFor.toISOString() },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { posts: Array<{ id: string }> }).posts[0]?.id as string;
  }

  it('keeps running when the restart cuts a transaction, listens again, and sends a post due afterwards', async () => {
    t = await createTestApp({ env: sandbox.env });
    const app = t;
    const person = await signUp(app);
    await connectX(app.services, sandbox.url, person.userId, 'restarted');
    expect(await eventually(() => dispatcherListens(app))).toBe(1);

    // X answers slowly and with a 500 once, so the worker opens a transaction to reschedule the post...
    await admin(sandbox.url, '/_sandbox/faults', {
      rules: [
        { network: 'x', endpoint: 'x.tweets.create', kind: 'latency', rate: 1, times: 1, latencyMs: [1_500, 1_500] },
        { network: 'x', endpoint: 'x.tweets.create', kind: 'server_error', rate: 1, times: 1 },
      ],
    });
    const before = await compose(app, person, 'Before the restart', new Date(Date.now() + 500));
    await eventually(async () => (await app.database.db.query('SELECT 1 FROM publish_attempts WHERE finished_at IS NULL')).rowCount);
    // ...which waits on this lock, so the restart lands while the worker holds that transaction.
    const blocker = new pg.Client({ connectionString: app.database.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM post_targets WHERE id = $1 FOR UPDATE', [before]);
    await eventually(
      async () =>
        (
          await app.database.db.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND state = 'active'`,
          )
        ).rowCount,
    );
    await terminateBackends(app.database.url);
    await blocker.end().catch(() => {});

    await eventually(() => dispatcherListens(app), 15_000);
    const after = await compose(app, person, 'After the restart', new Date(Date.now() + 1_000));
    await eventually(async () => {
      const { rows } = await app.database.db.query<{ status: string }>('SELECT status FROM post_targets WHERE id = $1', [after]);
      return rows[0]?.status === 'published';
    }, 20_000);
    expect((await xPosts(sandbox.url)).map((post) => post.text)).toContain('After the restart');
    expect(watch.escaped).toEqual([]);
    expect(app.logs.some((line) => line.includes('dispatcher lost its LISTEN connection'))).toBe(true);
  }, 60_000);
});
