import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, connectX, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { createPostsRepository } from '../posts/posts.repository';
import { createMetricsRepository } from './collection/metrics.repository';

describe('analytics from stored metrics', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    t = await createTestApp({ env: sandbox.env });
    person = await signUp(t);
  });
  afterEach(() => t.close());

  const get = (url: string, headers = person.headers) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers = person.headers) => t.app.inject({ method: 'POST', url, headers, payload });

  /** A published post with given latest numbers, without going through a network. */
  async function publishedPost(options: {
    text: string;
    publishedAt: Date;
    impressions: number | null;
    likes: number;
    comments?: number;
    shares?: number;
    accountId: string;
  }) {
    const posts = createPostsRepository(t.database.db);
    const postId = await posts.insertPost({
      workspaceId: person.userId,
      createdBy: person.userId,
      originalText: options.text,
      aiEnhanced: false,
      timeZone: 'UTC',
    });
    const targetId = await posts.insertTarget({
      postId,
      workspaceId: person.userId,
      accountId: options.accountId,
      network: 'x',
      linkedinOrgId: null,
      text: options.text,
      mediaIds: [],
      scheduledAt: options.publishedAt,
    });
    await t.database.db.query(
      `UPDATE post_targets SET status = 'published', published_at = $2, network_post_id = $3, network_post_url = 'https://x.com/i/web/status/1' WHERE id = $1`,
      [targetId, options.publishedAt, `9${Math.floor(Math.random() * 1e12)}`],
    );
    await createMetricsRepository(t.database.db).record([
      {
        targetId,
        capturedAt: new Date(),
        impressions: options.impressions,
        likes: options.likes,
        comments: options.comments ?? 0,
        shares: options.shares ?? 0,
        clicks: null,
      },
    ]);
    return targetId;
  }

  it('syncs what the sandbox reports for published posts, and the summary shows those numbers', async () => {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'numbers');
    const created = await post('/posts', { text: 'Measure me #analytics', platforms: ['x'] });
    const targetId = created.json().posts[0].id;
    await eventually(
      async () => (await t.database.db.query(`SELECT 1 FROM post_targets WHERE id = $1 AND status = 'published'`, [targetId])).rowCount,
    );
    await advanceClock(sandbox.url, 6 * 3_600_000);

    const sync = await post('/api/v1/analytics/sync', { platform: 'x' });
    expect(sync.statusCode, sync.body).toBe(202);
    expect(sync.json().message).toBe('X sync started successfully');
    const status = await eventually(async () => {
      const response = (await get('/api/v1/analytics/sync/status?platform=x')).json();
      return response.status === 'succeeded' ? response : undefined;
    });
    expect(status.posts_synced).toBe(1);

    // What X itself answers for that post, read with the account's own token.
    const networkPostId = (await t.database.db.query('SELECT network_post_id FROM post_targets WHERE id = $1', [targetId])).rows[0]
      ?.network_post_id;
    const onX = await t.services.vault.withAccount(accountId, async (ref) => {
      const response = await fetch(`${sandbox.url}/x/2/tweets?ids=${networkPostId}&tweet.fields=public_metrics`, {
        headers: { authorization: `Bearer ${ref.accessToken}` },
      });
      return ((await response.json()) as { data: Array<{ public_metrics: { impression_count: number; like_count: number } }> }).data[0]
        ?.public_metrics;
    });
    const summary = (await get('/api/v1/analytics/summary?platform=x')).json();
    expect(summary.summary.total_posts).toBe(1);
    expect(summary.summary.total_impressions).toBe(onX?.impression_count);
    expect(summary.summary.best_performing_post.likes).toBe(onX?.like_count);
    expect(summary.last_refreshed_at).not.toBeNull();
    expect((await get(`/api/v1/analytics/posts/${targetId}`)).json().history).toHaveLength(1);
  });

  it('stores the same reading once, and keeps every different one', async () => {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'twice');
    const targetId = await publishedPost({ text: 'Once', publishedAt: new Date(), impressions: 100, likes: 1, accountId });
    const metrics = createMetricsRepository(t.database.db);
    const reading = {
      targetId,
      capturedAt: new Date('2026-11-01T10:00:00Z'),
      impressions: 200,
      likes: 5,
      comments: 0,
      shares: 0,
      clicks: null,
    };
    expect(await metrics.record([reading])).toBe(1);
    expect(await metrics.record([reading])).toBe(0);
    expect(await metrics.record([{ ...reading, capturedAt: new Date('2026-11-01T11:00:00Z'), likes: 7 }])).toBe(1);
    expect((await metrics.history(targetId)).map((entry) => entry.likes)).toEqual([5, 7, 1]);
  });

  it('keeps the last known reach of a post for a week when later readings cannot tell it', async () => {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'reach');
    const targetId = await publishedPost({
      text: 'Seen',
      publishedAt: new Date(Date.now() - 3_600_000),
      impressions: 400,
      likes: 4,
      accountId,
    });
    const metrics = createMetricsRepository(t.database.db);
    await metrics.record([
      { targetId, capturedAt: new Date(Date.now() + 60_000), impressions: null, likes: 9, comments: 1, shares: 0, clicks: null },
    ]);
    const { summary } = (await get('/api/v1/analytics/summary')).json();
    expect(summary.total_impressions).toBe(400);
    expect(summary.total_engagements).toBe(10);
    expect((await metrics.history(targetId)).map((entry) => entry.impressions)).toEqual([400, null]);

    // A week on and still unread, the reach is unknown again rather than frozen beside new likes.
    await metrics.record([
      { targetId, capturedAt: new Date(Date.now() + 8 * 86_400_000), impressions: null, likes: 30, comments: 1, shares: 0, clicks: null },
    ]);
    const later = (await get('/api/v1/analytics/summary')).json().summary;
    expect(later.total_impressions).toBe(0);
    expect(later.total_engagements).toBe(31);
    expect(later.best_performing_post.engagement_rate).toBeNull();

    // A settled post (over a month old, no longer asked for its reach) keeps the last one read.
    const settled = await publishedPost({
      text: 'Settled',
      publishedAt: new Date(Date.now() - 40 * 86_400_000),
      impressions: 900,
      likes: 9,
      accountId,
    });
    await metrics.record([
      {
        targetId: settled,
        capturedAt: new Date(Date.now() + 8 * 86_400_000),
        impressions: null,
        likes: 10,
        comments: 0,
        shares: 0,
        clicks: null,
      },
    ]);
    const day = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/api/v1/analytics/summary?start_date=${day}&end_date=${day}`)).json().summary.total_impressions).toBe(900);
  });

  it('adds up a date range exactly, both end days included', async () => {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'sums');
    await publishedPost({
      text: 'first',
      publishedAt: new Date('2026-10-01T00:00:00Z'),
      impressions: 1000,
      likes: 30,
      comments: 10,
      accountId,
    });
    await publishedPost({
      text: 'last',
      publishedAt: new Date('2026-10-31T23:59:59Z'),
      impressions: 500,
      likes: 40,
      shares: 10,
      accountId,
    });
    await publishedPost({ text: 'unmeasured', publishedAt: new Date('2026-10-15T12:00:00Z'), impressions: null, likes: 5, accountId });
    await publishedPost({ text: 'outside', publishedAt: new Date('2026-11-01T00:00:00Z'), impressions: 9999, likes: 999, accountId });

    const { summary, engagement_trend: trend } = (
      await get('/api/v1/analytics/summary?platform=all&start_date=2026-10-01&end_date=2026-10-31')
    ).json();
    expect(summary.total_posts).toBe(3);
    expect(summary.total_impressions).toBe(1500);
    expect(summary.total_engagements).toBe(95);
    // Rate over the posts whose reach is known: (40 + 50) / 1500.
    expect(summary.avg_engagement_rate).toBeCloseTo(6, 3);
    expect(summary.best_performing_post.text).toBe('last');
    // Named by the channel it went out through (docs/product.md, Channels).
    expect(summary.best_performing_post.author).toMatchObject({ kind: 'account', channel_id: expect.any(String) });
    expect(trend).toHaveLength(31);
    expect(trend[0]).toEqual({ date: '2026-10-01', value: 40 });
    expect(trend[30]).toEqual({ date: '2026-10-31', value: 50 });
  });

  it('the summary follows every change to the published posts: new numbers, a new post, a deletion', async () => {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'changes');
    const october = '/api/v1/analytics/summary?platform=all&start_date=2026-10-01&end_date=2026-10-31';
    const totals = async () => (await get(october)).json().summary as { total_posts: number; total_engagements: number };
    const first = await publishedPost({
      text: 'first',
      publishedAt: new Date('2026-10-05T09:00:00Z'),
      impressions: 1000,
      likes: 30,
      accountId,
    });
    expect(await totals()).toMatchObject({ total_posts: 1, total_engagements: 30 });

    await createMetricsRepository(t.database.db).record([
      { targetId: first, capturedAt: new Date(), impressions: 1200, likes: 50, comments: 0, shares: 0, clicks: null },
    ]);
    expect(await totals()).toMatchObject({ total_posts: 1, total_engagements: 50 });

    const second = await publishedPost({
      text: 'second',
      publishedAt: new Date('2026-10-06T09:00:00Z'),
      impressions: 500,
      likes: 5,
      accountId,
    });
    expect(await totals()).toMatchObject({ total_posts: 2, total_engagements: 55 });

    await t.database.db.query('DELETE FROM post_targets WHERE id = $1', [second]);
    expect(await totals()).toMatchObject({ total_posts: 1, total_engagements: 50 });

    // A person leaves with their published posts: nothing stands in the way.
    await t.database.db.query('DELETE FROM users WHERE id = $1', [person.userId]);
    expect((await t.database.db.query('SELECT 1 FROM post_targets WHERE id = $1', [first])).rowCount).toBe(0);
  });

  it('the summary follows its other parts too: follower counts, account names, insights read or removed', async () => {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'audience');
    const metrics = createMetricsRepository(t.database.db);
    const summary = async () =>
      (await get('/api/v1/analytics/summary')).json() as {
        audience_breakdown: Array<{ segment: string; count: number }>;
        ai_insights: Array<{ id: string; is_read: boolean }>;
      };
    await metrics.recordFollowers(accountId, '', 120, new Date());
    expect((await summary()).audience_breakdown).toEqual([expect.objectContaining({ count: 120 })]);

    await metrics.recordFollowers(accountId, '', 150, new Date());
    expect((await summary()).audience_breakdown).toEqual([expect.objectContaining({ count: 150 })]);
    await t.database.db.query(`UPDATE social_accounts SET display_name = 'Renamed' WHERE id = $1`, [accountId]);
    expect((await summary()).audience_breakdown[0]?.segment).toBe('X · Renamed');

    const { rows } = await t.database.db.query<{ id: string }>(
      `INSERT INTO insights (workspace_id, platform, insight_type, title, description, recommendation, priority, confidence_score, fingerprint, evidence)
       VALUES ($1, 'all', 'content_strategy', 'A title', 'A description', 'A recommendation', 'medium', 0.8, 'probe', '{}') RETURNING id`,
      [person.userId],
    );
    expect((await summary()).ai_insights).toEqual([expect.objectContaining({ id: rows[0]?.id, is_read: false })]);
    expect((await post(`/api/v1/analytics/insights/${rows[0]?.id}/read`, {})).statusCode).toBe(200);
    expect((await summary()).ai_insights).toEqual([expect.objectContaining({ is_read: true })]);
    await t.database.db.query('DELETE FROM insights WHERE workspace_id = $1', [person.userId]);
    expect((await summary()).ai_insights).toEqual([]);
    await t.database.db.query('DELETE FROM social_accounts WHERE id = $1', [accountId]);
    expect((await summary()).audience_breakdown).toEqual([]);
  });

  it('refuses reversed, malformed and over-long ranges, and unknown platforms, with 400', async () => {
    for (const query of [
      'start_date=2026-10-31&end_date=2026-10-01',
      'start_date=2026-13-01',
      'start_date=yesterday',
      'start_date=2019-01-01&end_date=2026-01-01',
      'platform=myspace',
    ]) {
      const response = await get(`/api/v1/analytics/summary?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await post('/api/v1/analytics/sync', { platform: 'linkedin' })).json().error.message).toBe(
      'Connect your LinkedIn account first.',
    );
  });

  /** 120 posts over 40 days, those sent between 09:00 and 11:00 UTC liked half as much again. */
  async function plantPostingTimeEffect(username: string) {
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, username);
    const start = Date.now() - 40 * 86_400_000;
    for (let index = 0; index < 120; index += 1) {
      const publishedAt = new Date(start + index * 7 * 3_600_000 + (index % 7) * 60_000);
      const boosted = publishedAt.getUTCHours() >= 9 && publishedAt.getUTCHours() < 11;
      const likes = Math.round((boosted ? 45 : 30) * (0.9 + ((index * 37) % 20) / 100));
      await publishedPost({ text: `Post ${index}`, publishedAt, impressions: 1000, likes, accountId });
    }
  }

  it('finds a planted posting-time effect, and lets the person mark it read and applied; nobody else can', async () => {
    await plantPostingTimeEffect('planted');
    expect((await post('/api/v1/analytics/insights/generate', { platform: 'x' })).statusCode).toBe(202);
    const insight = await eventually(async () => {
      const { insights } = (await get('/api/v1/analytics/insights?type=posting_time')).json();
      return insights.find((candidate: { title: string }) => candidate.title === 'Your posts do best between 09:00 and 11:00');
    });
    expect(insight.confidence_score).toBeGreaterThan(0.5);

    const stranger = await signUp(t, 'Stranger');
    expect((await post(`/api/v1/analytics/insights/${insight.id}/read`, {}, stranger.headers)).statusCode).toBe(404);
    expect((await post(`/api/v1/analytics/insights/${insight.id}/read`, {})).json().insight.is_read).toBe(true);
    expect((await post(`/api/v1/analytics/insights/${insight.id}/applied`, {})).json().insight.is_applied).toBe(true);
    expect((await get('/api/v1/analytics/insights?unread=true')).json().insights.map((item: { id: string }) => item.id)).not.toContain(
      insight.id,
    );

    const times = (await get('/api/v1/analytics/optimal-times?platform=x')).json();
    expect(times.recommendation).toContain('09:00 and 11:00');
  });

  it('has a configured AI model word the insights, keeping the figures the statistics found', async () => {
    // A stand-in for an OpenAI-compatible service: it words each insight from its title and
    // statistics, saying a lift as the difference it makes ("1.5×" as "50% more").
    const model = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const user = (JSON.parse(raw) as { messages: Array<{ content: string }> }).messages[1]?.content ?? '';
        const insights = user.split(/\n\n(?=Insight \d+:)/u).map((block) => {
          const title = /^Title: (.*)$/mu.exec(block)?.[1] ?? '';
          const evidence = JSON.parse(/^Statistics: (.*)$/mu.exec(block)?.[1] ?? '{}') as { lift?: number };
          const effect = evidence.lift === undefined ? 'a clear difference' : `${Math.round((evidence.lift - 1) * 100)}% more engagement`;
          return { title: `In short: ${title}`, description: `Posting this way gets you ${effect}.`, recommendation: 'Plan around it.' };
        });
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ insights }) } }] }));
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    try {
      await t.close();
      const aiEnv = {
        AI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'test-model',
      };
      t = await createTestApp({ env: { ...sandbox.env, ...aiEnv } });
      person = await signUp(t);
      await plantPostingTimeEffect('worded');

      expect((await post('/api/v1/analytics/insights/generate', { platform: 'x' })).statusCode).toBe(202);
      const insight = await eventually(async () => (await get('/api/v1/analytics/insights?type=posting_time')).json().insights[0]);
      expect(insight.title).toBe('In short: Your posts do best between 09:00 and 11:00');
      expect(insight.description).toBe(`Posting this way gets you ${Math.round((insight.evidence.lift - 1) * 100)}% more engagement.`);
      expect(insight.recommendation).toBe('Plan around it.');
    } finally {
      model.closeAllConnections();
      await new Promise<void>((resolve) => model.close(() => resolve()));
    }
  });

  it('says so when a network gives no demographics, instead of inventing them', async () => {
    const response = (await get('/api/v1/analytics/audience/breakdown')).json();
    expect(response.available).toBe(false);
    expect(response.message).toContain('do not share the demographics');
  });
});
