import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderRegistry } from '../../providers/social/registry';
import {
  injectFault,
  linkedInPosts,
  startSandbox,
  xPosts,
  connectLinkedIn,
  connectX,
  type RunningSandbox,
} from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createShiftableClock, createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { parseConfig } from '../../config/env';
import { networkName, wallClockAt } from '@postflow/contract';
import { admin } from '../../../test/helpers/sandbox';

describe('publishing through the sandbox', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    const env = { ...sandbox.env, PUBLIC_URL: 'http://localhost:8080' };
    // Short network timeouts, so "timed out after the post was created" is quick to provoke.
    const providers = createProviderRegistry(parseConfig({ ...env }), { timeoutMs: 1_000 });
    t = await createTestApp({ env, providers, engine: { publisher: { callBudgetMs: 10_000 }, dispatcher: { leaseMs: 3_000 } } });
    person = await signUp(t);
  });
  afterEach(() => t.close());

  async function compose(body: object) {
    const response = await t.app.inject({ method: 'POST', url: '/posts', headers: person.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { postId: string; posts: Array<{ id: string; platform: string; status: string }> };
  }

  const target = async (id: string) =>
    (
      await t.database.db.query(
        `SELECT status, network_post_id, network_post_url, failure_reason, failure_class, attempt_count, outcome_errors, published_at
         FROM post_targets WHERE id = $1`,
        [id],
      )
    ).rows[0];

  async function reaches(id: string, status: string, timeoutMs = 15_000) {
    return eventually(async () => {
      const row = await target(id);
      return row?.status === status ? row : undefined;
    }, timeoutMs);
  }
  const published = (id: string) => reaches(id, 'published');
  const connect = (network: 'x' | 'linkedin') =>
    network === 'x'
      ? connectX(t.services, sandbox.url, person.userId, 'ada_x')
      : connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
  const sentTexts = async (network: 'x' | 'linkedin') =>
    network === 'x'
      ? (await xPosts(sandbox.url)).map((post) => post.text)
      : (await linkedInPosts(sandbox.url)).map((post) => post.commentary);

  for (const network of ['x', 'linkedin'] as const) {
    const name = networkName(network);

    it(`fails a second ${name} post with the same text at once, saying when the first went out, and tries no more`, async () => {
      await connect(network);
      const text = 'Same words, posted twice';
      const first = await compose({ text, platforms: [network], timeZone: 'Europe/Berlin' });
      const firstRow = await published(first.posts[0]?.id as string);
      const second = await compose({ text, platforms: [network], timeZone: 'Europe/Berlin' });
      const row = await reaches(second.posts[0]?.id as string, 'failed');

      const at = wallClockAt(new Date(firstRow.published_at), 'Europe/Berlin');
      const clock = `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`;
      expect(row.failure_reason).toBe(
        `${name} refused this because you posted the same text at ${clock}; change the text or delete the other post.`,
      );
      expect(row).toMatchObject({ attempt_count: 1, network_post_id: null, network_post_url: null, failure_class: 'DuplicateContent' });
      expect(await target(first.posts[0]?.id as string)).toMatchObject({ status: 'published', network_post_id: firstRow.network_post_id });
      expect((await sentTexts(network)).filter((sent) => sent.includes('Same words'))).toHaveLength(1);
      // Failed for good: a moment later, still one attempt and the owner was told once.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await target(second.posts[0]?.id as string))?.attempt_count).toBe(1);
      const mail = await t.database.db.query(`SELECT 1 FROM emails WHERE subject = $1`, [`Your ${name} post could not be published`]);
      expect(mail.rowCount).toBe(1);
    });

    it(`counts a ${name} retry after a lost answer as published once when ${name} calls it a duplicate`, async () => {
      await connect(network);
      // The first send creates the post but its answer is lost; the look for it fails too, so the
      // second try sends again and the network answers "duplicate" about our own post.
      await admin(sandbox.url, '/_sandbox/faults', {
        rules: [
          {
            network,
            endpoint: `${network}.${network === 'x' ? 'tweets' : 'posts'}.create`,
            kind: 'timeout_after_create',
            rate: 1,
            times: 1,
            holdMs: 3_000,
          },
          {
            network,
            endpoint: network === 'x' ? 'x.users.tweets' : 'linkedin.posts.findByAuthor',
            kind: 'server_error',
            rate: 1,
            times: network === 'x' ? 1 : 2,
          },
        ],
      });
      const { posts } = await compose({ text: `Lost answer on ${name}`, platforms: [network] });
      const row = await published(posts[0]?.id as string);
      const onNetwork =
        network === 'x' ? (await xPosts(sandbox.url)).map((post) => post.id) : (await linkedInPosts(sandbox.url)).map((post) => post.urn);
      expect(onNetwork).toEqual([row.network_post_id]);
      const { rows } = await t.database.db.query<{ outcome: string }>(
        'SELECT outcome FROM publish_attempts WHERE target_id = $1 ORDER BY attempt_no',
        [posts[0]?.id],
      );
      expect(rows.map((attempt) => attempt.outcome)).toEqual(['outcome_unknown', 'duplicate']);
    });
  }

  it('stops trying a post whose outcome cannot be recorded, and says so, after three tries', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    // The database refuses to record this post as published, whatever the publisher does.
    await t.database.db.query(`
      CREATE FUNCTION refuse_published() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refusing to record a publish'; END $$;
      CREATE TRIGGER refuse_published BEFORE UPDATE ON post_targets
        FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION refuse_published();`);
    const { posts } = await compose({ text: 'Never recorded', platforms: ['x'] });
    const row = await reaches(posts[0]?.id as string, 'failed', 40_000);
    expect(row).toMatchObject({ failure_class: 'OutcomeNotRecorded', outcome_errors: 3 });
    expect(row.failure_reason).toMatch(/^Postflow could not record what happened when sending it, 3 times, and stopped trying\./);
    expect(await sentTexts('x')).toEqual(['Never recorded']);
  }, 60_000);

  it('publishes a post now to X and LinkedIn, once each, and records where it went', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const { posts } = await compose({ text: 'Hello from Postflow (first post) #launch', platforms: ['x', 'linkedin'] });
    expect(posts).toHaveLength(2);

    for (const post of posts) {
      const row = await published(post.id);
      expect(row.network_post_url).toMatch(/^https?:\/\//);
    }
    const onX = (await xPosts(sandbox.url)).filter((post) => !post.deleted);
    const onLinkedIn = (await linkedInPosts(sandbox.url)).filter((post) => !post.deleted);
    expect(onX.map((post) => post.text)).toEqual(['Hello from Postflow (first post) #launch']);
    expect(onLinkedIn).toHaveLength(1);
    // The parentheses were escaped on the way, so LinkedIn shows the whole text instead of
    // silently cutting it at the first "(".
    expect(onLinkedIn[0]?.publishedCommentary).toBe(onLinkedIn[0]?.commentary);
    expect(onLinkedIn[0]?.publishedCommentary).toContain('\\(first post\\) #launch');
  });

  it('sends a scheduled post at its instant, not before and well within a second after', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    const instant = new Date(Date.now() + 2_500);
    const { posts } = await compose({ text: 'On the dot', platforms: ['x'], scheduledFor: instant.toISOString() });
    const backstopJobs = async () =>
      (
        await t.database.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'publish-target' AND data->>'targetId' = $1`,
          [posts[0]?.id],
        )
      ).rows[0]?.n;
    // Composing a scheduled post leaves one backstop job waiting for its instant.
    expect(Date.now()).toBeLessThan(instant.getTime());
    expect(await backstopJobs()).toBe(1);
    await published(posts[0]?.id as string);
    const [sent] = await xPosts(sandbox.url);
    const lateness = new Date(sent?.receivedAt as string).getTime() - instant.getTime();
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(1_000);
    // The backstop job waiting for its instant is spared once the post is out.
    await eventually(async () => (await backstopJobs()) === 0);
  });

  it('waits for the reset X announces when it answers 429, sends nothing meanwhile, then sends it once', async () => {
    await t.close();
    const clock = createShiftableClock();
    const env = { ...sandbox.env, PUBLIC_URL: 'http://localhost:8080' };
    t = await createTestApp({ env, clock, providers: createProviderRegistry(parseConfig(env), { timeoutMs: 1_000 }) });
    person = await signUp(t);
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    await injectFault(sandbox.url, { network: 'x', endpoint: 'x.tweets.create', kind: 'rate_limit' });
    const before = Date.now();
    const { posts } = await compose({ text: 'Patient post', platforms: ['x'] });
    const row = await eventually(async () => {
      const { rows } = await t.database.db.query(
        `SELECT status, due_at, failure_class FROM post_targets WHERE id = $1 AND failure_class = 'RateLimited'`,
        [posts[0]?.id],
      );
      return rows[0];
    });
    expect(row.status).toBe('scheduled');
    const resetAt = new Date(row.due_at).getTime();
    expect(resetAt).toBeGreaterThan(before + 60_000);
    expect(await xPosts(sandbox.url)).toHaveLength(0);

    // Time passes until X's window resets: the post goes out, once.
    clock.shift(resetAt - Date.now() + 1_000);
    await published(posts[0]?.id as string);
    expect((await xPosts(sandbox.url)).map((post) => post.text)).toEqual(['Patient post']);
  });

  for (const kind of ['server_error', 'connection_reset', 'timeout_after_create'] as const) {
    it(`ends in exactly one post when X answers the first try with ${kind.replaceAll('_', ' ')}`, async () => {
      await connectX(t.services, sandbox.url, person.userId, 'ada_x');
      await injectFault(sandbox.url, { network: 'x', endpoint: 'x.tweets.create', kind, holdMs: 3_000 });
      const { posts } = await compose({ text: `Survives ${kind}`, platforms: ['x'] });
      const row = await published(posts[0]?.id as string);
      const sent = (await xPosts(sandbox.url)).filter((post) => post.text === `Survives ${kind}`);
      expect(sent).toHaveLength(1);
      expect(row.network_post_id).toBe(sent[0]?.id);
      // A post that timed out after it was created is found, not sent a second time.
      expect(row.attempt_count).toBe(kind === 'timeout_after_create' ? 1 : 2);
      // Each attempt's record says how it ended; the first keeps what X answered.
      const { rows: attempts } = await t.database.db.query<{ outcome: string; provider_status: number | null; finished_at: Date | null }>(
        'SELECT outcome, provider_status, finished_at FROM publish_attempts WHERE target_id = $1 ORDER BY attempt_no',
        [posts[0]?.id],
      );
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(
        kind === 'timeout_after_create' ? ['outcome_unknown'] : ['outcome_unknown', 'published'],
      );
      expect(attempts.every((attempt) => attempt.finished_at !== null)).toBe(true);
      if (kind === 'server_error') expect(attempts[0]?.provider_status).toBeGreaterThanOrEqual(500);
      if (kind !== 'timeout_after_create') expect(attempts[1]?.provider_status).toBe(201);
    });

    it(`ends in exactly one post when LinkedIn answers the first try with ${kind.replaceAll('_', ' ')}`, async () => {
      await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
      await injectFault(sandbox.url, { network: 'linkedin', endpoint: 'linkedin.posts.create', kind, holdMs: 3_000 });
      const { posts } = await compose({ text: `Survives ${kind} on LinkedIn`, platforms: ['linkedin'] });
      const row = await published(posts[0]?.id as string);
      const sent = (await linkedInPosts(sandbox.url)).filter((post) => post.commentary.includes(`Survives ${kind.replaceAll('_', '\\_')}`));
      expect(sent).toHaveLength(1);
      expect(row.network_post_id).toBe(sent[0]?.urn);
    });
  }
});
