import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY, createRunningClock, createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { admin, advanceClock, connectX, startSandbox, tinyMp4, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { OutcomeUnknown } from '../../providers/social/errors';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { startWorkerRole } from '../../composition/runtime';
import { parseZonedDateTime, wallClockAt } from '@postflow/contract';
import { createLogger } from '../../lib/logger';
import { createPostsRepository } from '../posts/posts.repository';
import { createPublishingEngine } from '../../composition/publishing-engine';
import { createTargetsRepository } from './targets.repository';

const quietLog = createLogger('silent');
const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const workerFixture = fileURLToPath(new URL('../../../test/fixtures/worker-process.ts', import.meta.url));

describe('exactly once, whatever happens', () => {
  let sandbox: RunningSandbox;
  let t: TestApp | undefined;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await admin(sandbox.url, '/_sandbox/reset', {});
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const targetRow = async (app: TestApp, id: string) =>
    (await app.database.db.query('SELECT * FROM post_targets WHERE id = $1', [id])).rows[0];
  const publishedRow = (app: TestApp, id: string, timeoutMs = 20_000) =>
    eventually(async () => {
      const row = await targetRow(app, id);
      return row?.status === 'published' ? row : undefined;
    }, timeoutMs);

  async function compose(app: TestApp, body: object) {
    const response = await app.app.inject({ method: 'POST', url: '/posts', headers: person.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { posts: Array<{ id: string }> }).posts;
  }

  it('sends each of 30 simultaneous posts once when two workers race for them', async () => {
    t = await createTestApp({ env: sandbox.env });
    // A second worker (its own identity, dispatcher and job handlers) on the same database.
    const rival = await startWorkerRole({ services: t.services, boss: t.boss, connectionString: t.database.url, log: quietLog });
    try {
      person = await signUp(t);
      await connectX(t.services, sandbox.url, person.userId, 'racer');
      const instant = new Date(Date.now() + 2_000).toISOString();
      const ids: string[] = [];
      for (let i = 0; i < 30; i += 1)
        ids.push(...(await compose(t, { text: `Race ${i}`, platforms: ['x'], scheduledFor: instant })).map((post) => post.id));
      for (const id of ids) await publishedRow(t, id);
      const sent = await xPosts(sandbox.url);
      expect(sent).toHaveLength(30);
      expect(new Set(sent.map((post) => post.text)).size).toBe(30);
      const { rows } = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM publish_attempts');
      expect(rows[0]?.n).toBe(30);
    } finally {
      await rival.stop();
    }
  });

  it('reconciles after a worker is killed mid-publish: exactly one post, and it shows as published', async () => {
    t = await createTestApp({ env: sandbox.env, worker: false });
    person = await signUp(t);
    await connectX(t.services, sandbox.url, person.userId, 'crashy');
    // The sandbox takes 2 s to answer, and creates the post whether or not anyone is still listening.
    await admin(sandbox.url, '/_sandbox/faults', {
      rules: [{ network: 'x', endpoint: 'x.tweets.create', kind: 'latency', rate: 1, times: 1, latencyMs: [2_000, 2_000] }],
    });

    // Node itself runs the worker (tsx as a loader, not a wrapper process), so SIGKILL hits the worker.
    const child = spawn(process.execPath, ['--import', 'tsx', workerFixture], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        SECRET_KEY: TEST_SECRET_KEY,
        SANDBOX: 'on',
        SANDBOX_URL: sandbox.url,
        DATA_DIR: t.config.dataDir,
        PUBLIC_URL: 'http://localhost:8080',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
      });
      const [post] = await compose(t, { text: 'Killed mid-flight', platforms: ['x'] });
      // Wait until the child has recorded its attempt and is waiting on the network, then kill it.
      await eventually(
        async () => (await t?.database.db.query('SELECT 1 FROM publish_attempts WHERE finished_at IS NULL'))?.rowCount,
        10_000,
      );
      child.kill('SIGKILL');
      await exited;

      const survivor = await startWorkerRole({
        services: t.services,
        boss: t.boss,
        connectionString: t.database.url,
        log: quietLog,
        engine: { publisher: { callBudgetMs: 3_000 }, dispatcher: { leaseMs: 2_000 } },
      });
      try {
        const row = await publishedRow(t, post?.id as string);
        const sent = (await xPosts(sandbox.url)).filter((candidate) => candidate.text === 'Killed mid-flight');
        expect(sent).toHaveLength(1);
        expect(row.network_post_id).toBe(sent[0]?.id);
        const attempts = await t.database.db.query('SELECT outcome, error_class FROM publish_attempts ORDER BY attempt_no');
        expect(attempts.rows[0]).toMatchObject({ outcome: 'outcome_unknown', error_class: 'WorkerLost' });
      } finally {
        await survivor.stop();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);

  it('looks for the post, not sends it again, when the worker that sent it recorded that after losing its lease', async () => {
    // A network whose duplicate check does not catch the second send (X's can miss it), so only
    // our own bookkeeping stands between a lost lease and a second post.
    const forgetful = await startSandbox({ x: { duplicateWindowMs: 0 } });
    try {
      t = await createTestApp({ env: forgetful.env, worker: false });
      person = await signUp(t);
      const { accountId } = await connectX(t.services, forgetful.url, person.userId, 'slowpoke');
      const posts = createPostsRepository(t.database.db);
      const postId = await posts.insertPost({
        workspaceId: person.userId,
        createdBy: person.userId,
        originalText: 'Sent once, recorded late',
        aiEnhanced: false,
        timeZone: 'UTC',
      });
      const targetId = await posts.insertTarget({
        postId,
        workspaceId: person.userId,
        accountId,
        network: 'x',
        linkedinOrgId: null,
        text: 'Sent once, recorded late',
        mediaIds: [],
        scheduledAt: new Date(),
      });
      const targets = createTargetsRepository(t.database.db);

      // Worker A claims the target, records its attempt and sends the post.
      const a = await targets.claimOne({ targetId, workerId: 'worker-a', now: new Date(), leaseMs: 30_000 });
      expect(a).toBeDefined();
      const attemptA = await targets.startAttempt({
        targetId,
        leaseToken: a?.leaseToken as string,
        workerId: 'worker-a',
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + 30_000),
        summary: {},
      });
      expect(attemptA).toBeDefined();
      const provider = t.services.providers.get('x');
      const sent = await t.services.vault.withAccount(accountId, (ref) =>
        provider.publish(ref, { text: 'Sent once, recorded late', media: [] }),
      );

      // A's lease runs out before it records the outcome, and worker B takes the target over.
      await t.database.db.query(`UPDATE post_targets SET lease_until = now() - interval '1 second' WHERE id = $1`, [targetId]);
      const b = await targets.claimOne({ targetId, workerId: 'worker-b', now: new Date(), leaseMs: 30_000 });
      expect(b).toMatchObject({ attemptCount: 1, needsReconcile: false });

      // A records its outcome with its stale lease: its attempt closes as published, the target stays B's.
      const recorded = await targets.markPublished(
        targetId,
        a?.leaseToken as string,
        { postId: sent.id, url: sent.url, publishedAt: new Date(), label: 'stale' },
        { attemptId: attemptA?.id as number, finishedAt: new Date(), outcome: 'published', providerStatus: 201 },
      );
      expect(recorded.owned).toBe(false);
      expect((await targetRow(t, targetId))?.status).toBe('publishing');

      // B runs the real publisher.
      const engine = createPublishingEngine(t.services, { connectionString: t.database.url, workerId: 'worker-b', log: quietLog });
      const outcome = await engine.publisher.run(b as NonNullable<typeof b>);
      expect(outcome).toMatchObject({ kind: 'published', via: 'reconciled', postId: sent.id });

      const onX = (await xPosts(forgetful.url)).filter((post) => post.text === 'Sent once, recorded late');
      expect(onX).toHaveLength(1);
      expect(onX[0]?.id).toBe(sent.id);
      const row = await targetRow(t, targetId);
      expect(row).toMatchObject({ status: 'published', network_post_id: sent.id, attempt_count: 1 });
      const attempts = await t.database.db.query(
        'SELECT worker_id, outcome FROM publish_attempts WHERE target_id = $1 ORDER BY attempt_no',
        [targetId],
      );
      expect(attempts.rows).toEqual([{ worker_id: 'worker-a', outcome: 'published' }]);
    } finally {
      await forgetful.close();
    }
  });

  it('still looks for the post when the worker that was looking for it lost its lease too', async () => {
    const forgetful = await startSandbox({ x: { duplicateWindowMs: 0 } });
    try {
      const app = await createTestApp({ env: forgetful.env, worker: false });
      t = app;
      person = await signUp(app);
      const { accountId } = await connectX(app.services, forgetful.url, person.userId, 'twicebitten');
      const posts = createPostsRepository(t.database.db);
      const text = 'Sent by a worker that died, looked for by one that stalled';
      const postId = await posts.insertPost({
        workspaceId: person.userId,
        createdBy: person.userId,
        originalText: text,
        aiEnhanced: false,
        timeZone: 'UTC',
      });
      const targetId = await posts.insertTarget({
        postId,
        workspaceId: person.userId,
        accountId,
        network: 'x',
        linkedinOrgId: null,
        text,
        mediaIds: [],
        scheduledAt: new Date(),
      });
      const targets = createTargetsRepository(t.database.db);
      const expireLease = () =>
        app.database.db.query(`UPDATE post_targets SET lease_until = now() - interval '1 second' WHERE id = $1`, [targetId]);

      // Worker A records its attempt, sends the post and dies before recording the outcome.
      const a = await targets.claimOne({ targetId, workerId: 'worker-a', now: new Date(), leaseMs: 30_000 });
      await targets.startAttempt({
        targetId,
        leaseToken: a?.leaseToken as string,
        workerId: 'worker-a',
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + 30_000),
        summary: {},
      });
      const sent = await app.services.vault.withAccount(accountId, (ref) =>
        app.services.providers.get('x').publish(ref, { text, media: [] }),
      );
      await expireLease();

      // Worker B takes over, closes A's open attempt and starts looking, then stalls past its lease.
      const b = await targets.claimOne({ targetId, workerId: 'worker-b', now: new Date(), leaseMs: 30_000 });
      expect((await targets.earlierAttempts(targetId)).unfinished).toBe(true);
      await targets.closeUnfinishedAttempts(targetId, new Date());
      expect(b).toBeDefined();
      await expireLease();

      // Worker C takes over: nothing is open any more, yet it must look before it sends.
      const c = await targets.claimOne({ targetId, workerId: 'worker-c', now: new Date(), leaseMs: 30_000 });
      const engine = createPublishingEngine(t.services, { connectionString: t.database.url, workerId: 'worker-c', log: quietLog });
      const outcome = await engine.publisher.run(c as NonNullable<typeof c>);
      expect(outcome).toMatchObject({ kind: 'published', via: 'reconciled', postId: sent.id });
      expect((await xPosts(forgetful.url)).filter((post) => post.text === text)).toHaveLength(1);
      expect(await targetRow(t, targetId)).toMatchObject({ status: 'published', network_post_id: sent.id });
    } finally {
      await forgetful.close();
    }
  });

  it('finds a video post whose create timed out, instead of uploading and posting the video again', async () => {
    // No duplicate check on the network: only the reconcile stands between the timeout and a second post.
    const forgetful = await startSandbox({ x: { duplicateWindowMs: 0 } });
    try {
      const app = await createTestApp({ env: forgetful.env, worker: false });
      t = app;
      person = await signUp(app);
      const { accountId } = await connectX(app.services, forgetful.url, person.userId, 'videomaker');
      const posts = createPostsRepository(app.database.db);
      const text = 'Our launch, in 30 seconds';
      const postId = await posts.insertPost({
        workspaceId: person.userId,
        createdBy: person.userId,
        originalText: text,
        aiEnhanced: false,
        timeZone: 'UTC',
      });
      const targetId = await posts.insertTarget({
        postId,
        workspaceId: person.userId,
        accountId,
        network: 'x',
        linkedinOrgId: null,
        text,
        mediaIds: [],
        scheduledAt: new Date(),
      });
      const targets = createTargetsRepository(app.database.db);

      // Worker A uploads the video (chunks, processing) and creates the post; X creates it, but the answer never arrives.
      await admin(forgetful.url, '/_sandbox/faults', {
        rules: [{ network: 'x', endpoint: 'x.tweets.create', kind: 'timeout_after_create', times: 1, holdMs: 300 }],
      });
      const a = await targets.claimOne({ targetId, workerId: 'worker-a', now: new Date(), leaseMs: 30_000 });
      const attempt = await targets.startAttempt({
        targetId,
        leaseToken: a?.leaseToken as string,
        workerId: 'worker-a',
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + 30_000),
        summary: {},
      });
      const error = await app.services.vault
        .withAccount(accountId, (ref) =>
          app.services.providers
            .get('x')
            .publish(ref, { text, media: [], video: { bytes: tinyMp4(), mimeType: 'video/mp4', durationMs: 30_000 } }),
        )
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutcomeUnknown);
      // What the publisher records for an unknown outcome: try again, and look first.
      await targets.reschedule(
        targetId,
        a?.leaseToken as string,
        { dueAt: new Date(), needsReconcile: true, reason: (error as Error).message, failureClass: 'OutcomeUnknown', now: new Date() },
        { attemptId: attempt?.id as number, finishedAt: new Date(), outcome: 'outcome_unknown' },
      );
      await admin(forgetful.url, '/_sandbox/stats', undefined, 'DELETE');

      // Worker B runs the real publisher: it finds the post and sends nothing.
      const b = await targets.claimOne({ targetId, workerId: 'worker-b', now: new Date(), leaseMs: 30_000 });
      const engine = createPublishingEngine(app.services, { connectionString: app.database.url, workerId: 'worker-b', log: quietLog });
      const outcome = await engine.publisher.run(b as NonNullable<typeof b>);
      const onX = (await xPosts(forgetful.url)).filter((post) => post.text === text);
      expect(onX).toHaveLength(1);
      expect(onX[0]?.media).toEqual([expect.objectContaining({ kind: 'video' })]);
      expect(outcome).toMatchObject({ kind: 'published', via: 'reconciled', postId: onX[0]?.id });
      expect(await targetRow(app, targetId)).toMatchObject({ status: 'published', network_post_id: onX[0]?.id });
      const stats = await admin<{ endpoints: Record<string, { requests: number }> }>(forgetful.url, '/_sandbox/stats');
      expect(Object.keys(stats.endpoints).filter((name) => name.startsWith('x.media') || name === 'x.tweets.create')).toEqual([]);
    } finally {
      await forgetful.close();
    }
  });

  it('renews an X token that expired while the post waited, once, and sends the post', async () => {
    t = await createTestApp({ env: sandbox.env });
    person = await signUp(t);
    await connectX(t.services, sandbox.url, person.userId, 'sleepy');
    // Two hours pass on X's side: the access token we hold is dead, though we think it is fresh.
    await advanceClock(sandbox.url, 2 * 3_600_000 + 60_000);
    await admin(sandbox.url, '/_sandbox/stats', undefined, 'DELETE');
    const [post] = await compose(t, { text: 'Still on time', platforms: ['x'] });
    await publishedRow(t, post?.id as string);
    const stats = await admin<{ endpoints: Record<string, { requests: number }> }>(sandbox.url, '/_sandbox/stats');
    expect(stats.endpoints['x.oauth.refresh']?.requests).toBe(1);
    expect((await xPosts(sandbox.url)).map((sent) => sent.text)).toEqual(['Still on time']);
  });

  it('lets exactly one of 50 simultaneous uses of an expired token refresh it, and all 50 succeed', async () => {
    t = await createTestApp({ env: sandbox.env, worker: false });
    person = await signUp(t);
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'busy');
    await t.database.db.query(`UPDATE social_accounts SET access_expires_at = now() - interval '1 minute' WHERE id = $1`, [accountId]);
    await admin(sandbox.url, '/_sandbox/stats', undefined, 'DELETE');
    const provider = t.services.providers.get('x');
    const profiles = await Promise.all(
      Array.from({ length: 50 }, () => t?.services.vault.withAccount(accountId, (ref) => provider.profile(ref.accessToken))),
    );
    expect(profiles.every((profile) => profile?.username === 'busy')).toBe(true);
    const stats = await admin<{ endpoints: Record<string, { requests: number }> }>(sandbox.url, '/_sandbox/stats');
    expect(stats.endpoints['x.oauth.refresh']?.requests).toBe(1);
  });

  it('marks a post missed, sends nothing and tells its owner, when it is found more than two hours late', async () => {
    t = await createTestApp({ env: sandbox.env, worker: false });
    person = await signUp(t);
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'late');
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    const posts = createPostsRepository(t.database.db);
    const postId = await posts.insertPost({
      workspaceId: person.userId,
      createdBy: person.userId,
      originalText: 'Too late',
      aiEnhanced: false,
      timeZone: 'UTC',
    });
    const targetId = await posts.insertTarget({
      postId,
      workspaceId: person.userId,
      accountId,
      network: 'x',
      linkedinOrgId: null,
      text: 'Too late',
      mediaIds: [],
      scheduledAt: threeHoursAgo,
    });
    const worker = await startWorkerRole({ services: t.services, boss: t.boss, connectionString: t.database.url, log: quietLog });
    try {
      const row = await eventually(async () => {
        const current = await targetRow(t as TestApp, targetId);
        return current?.status === 'missed' ? current : undefined;
      });
      expect(row.failure_reason).toMatch(/could not be sent within 120 minutes/);
      expect(await xPosts(sandbox.url)).toHaveLength(0);
      const mail = await t.database.db.query(`SELECT subject FROM emails WHERE subject LIKE '%was not published on time'`);
      expect(mail.rowCount).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('sends a post set for 09:00 Europe/Berlin the day after the clocks change at 09:00 Berlin time', async () => {
    // Clocks go forward on Sunday 28 March 2027. The post is for Monday 29 March, 09:00 in Berlin.
    const instant = parseZonedDateTime('2027-03-29', '09:00', 'Europe/Berlin');
    expect(instant.toISOString()).toBe('2027-03-29T07:00:00.000Z');
    const clock = createRunningClock(new Date(instant.getTime() - 4_000));
    t = await createTestApp({ env: sandbox.env, clock });
    person = await signUp(t);
    await connectX(t.services, sandbox.url, person.userId, 'berliner');
    // What the wizard sends: the UTC date and time the browser computed, and its zone.
    const [post] = await compose(t, {
      text: 'Guten Morgen',
      platforms: ['x'],
      scheduledFor: instant.toISOString(),
      timeZone: 'Europe/Berlin',
    });
    const row = await publishedRow(t, post?.id as string);
    const sentAt = new Date(row.published_at);
    expect(sentAt.getTime() - instant.getTime()).toBeGreaterThanOrEqual(0);
    expect(sentAt.getTime() - instant.getTime()).toBeLessThan(1_500);
    expect(wallClockAt(sentAt, 'Europe/Berlin')).toMatchObject({ year: 2027, month: 3, day: 29, hour: 9, minute: 0 });
  });
});
