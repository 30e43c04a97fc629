import { beforeEach, describe, expect, it } from 'vitest';
import { createProviderRegistry } from '../../providers/social/registry';
import { injectFault, linkedInPosts, xPosts, connectLinkedIn, connectX, type RunningSandbox } from '../../../test/helpers/sandbox';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createShiftableClock, createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { parseConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createPublishingEngine } from '../../composition/publishing-engine';
import { createLogger } from '../../lib/logger';
import { createRateLimitRepository } from '../security/rate-limit.repository';
import { createTargetsRepository } from './targets.repository';

describe('publishing through the sandbox', () => {
  const harness = usePublishingHarness();
  const { compose, published } = harness;
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;
  beforeEach(() => ({ sandbox, t, person } = harness.current()));

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

  it('shows each post as the account or LinkedIn page it went out as, with an address on the sandbox that opens it', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    const { organizations } = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Grace Admin');
    const page = organizations[0] as { id: string | number; name: string };
    const text = 'Who is speaking here? #identity';
    const { posts } = await compose({ text, platforms: ['x', 'linkedin'], linkedInOrgId: String(page.id) });
    for (const post of posts) await published(post.id);
    // Disconnecting the accounts later does not take away who the posts went out as.
    await t.database.db.query(`DELETE FROM social_accounts WHERE workspace_id = $1`, [person.userId]);

    const feed = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed', headers: person.headers });
    const list = await t.app.inject({ method: 'GET', url: '/posts', headers: person.headers });
    const feedPosts = feed.json<{ posts: Array<{ platform: string; author: unknown; platform_url: string }> }>().posts;
    for (const answer of [feedPosts, list.json<Array<{ platform: string; author: unknown; platform_url: string }>>()]) {
      const onX = answer.find((post) => post.platform === 'x');
      const onLinkedIn = answer.find((post) => post.platform === 'linkedin');
      // Each keeps the channel it went to (docs/decisions/146-channels.md).
      expect(onX?.author).toEqual({ kind: 'account', name: 'x person', handle: 'ada_x', avatar_url: null, channel_id: expect.any(String) });
      expect(onLinkedIn?.author).toEqual({
        kind: 'page',
        name: page.name,
        handle: expect.stringMatching(/\S/),
        // The page's own logo (docs/decisions/151-channels-in-every-view.md).
        avatar_url: expect.stringContaining('/_sandbox/logos/linkedin/'),
        channel_id: expect.any(String),
      });
      expect(onX?.platform_url).toMatch(new RegExp(`^${sandbox.url}/x/ada_x/status/\\d+$`));
      expect(onLinkedIn?.platform_url).toMatch(new RegExp(`^${sandbox.url}/linkedin/feed/update/urn:li:(share|ugcPost):\\d+/$`));
    }
    for (const post of feedPosts) {
      const opened = await fetch(post.platform_url);
      expect(opened.status).toBe(200);
      const html = await opened.text();
      expect(html).toContain('Who is speaking here?');
      if (post.platform === 'linkedin') expect(html).toContain(page.name);
    }
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

  it('sends a moved post at its new instant, once, and nothing at its old one (PATCH /api/v1/posts/:id)', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    // Beyond the dispatcher's 3-second claim horizon, so the post is still only scheduled when it is moved.
    const first = new Date(Date.now() + 4_500);
    const { posts } = await compose({ text: 'Moved on the calendar', platforms: ['x'], scheduledFor: first.toISOString() });
    const moved = new Date(first.getTime() + 1_500);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${posts[0]?.id}`,
      headers: person.headers,
      payload: { scheduledAt: moved.toISOString() },
    });
    expect(response.statusCode, response.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, first.getTime() + 500 - Date.now()));
    expect(await xPosts(sandbox.url)).toHaveLength(0);
    await published(posts[0]?.id as string);
    const sent = await xPosts(sandbox.url);
    expect(sent.map((post) => post.text)).toEqual(['Moved on the calendar']);
    const lateness = new Date(sent[0]?.receivedAt as string).getTime() - moved.getTime();
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(1_000);
  });

  it('sends a text post in two statements and removes the backstops of many posts in one (decision 121)', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    // An hour ahead, so the app's own dispatcher leaves them to the publisher under test.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const text of ['Cheap one', 'Cheap two', 'Cheap three']) await compose({ text, platforms: ['x'], scheduledFor: later });
    const statements: string[] = [];
    const db = t.services.db;
    const counting: Database = { ...db, query: (text, values) => (statements.push(text), db.query(text, values)) };
    const { publisher } = createPublishingEngine(
      { ...t.services, db: counting, rateLimits: createRateLimitRepository(counting) },
      { connectionString: t.database.url, workerId: 'counted', log: createLogger('silent') },
    );
    const claimed = await createTargetsRepository(db).claimDue({
      workerId: 'counted',
      now: new Date(),
      horizon: new Date(Date.now() + 7_200_000),
      leaseMs: 30_000,
      limit: 10,
    });
    expect(claimed).toHaveLength(3);
    for (const target of claimed) expect(await publisher.run(target)).toMatchObject({ kind: 'published', via: 'sent' });
    // Each: the account, its rate-limit window and the attempt in one; the outcome in the other.
    expect(statements).toHaveLength(6);
    await publisher.settle();
    expect(statements).toHaveLength(7);
    expect((await xPosts(sandbox.url)).map((post) => post.text).sort()).toEqual(['Cheap one', 'Cheap three', 'Cheap two']);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'publish-target' AND data->>'targetId' = ANY($1::text[])`,
      [claimed.map((target) => target.id)],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('waits for the reset X announces when it answers 429, sends nothing meanwhile, then sends it once', async () => {
    await t.close();
    const clock = createShiftableClock();
    const env = { ...sandbox.env, PUBLIC_URL: 'http://localhost:8080' };
    t = await createTestApp({ env, clock, providers: createProviderRegistry(parseConfig(env), { timeoutMs: 1_000 }) });
    person = await signUp(t);
    harness.replaceApp({ t, person });
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
