import type { DashboardStats } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, createTestClock, type TestApp } from '../../../test/helpers/test-app';
import { insertTarget } from '../../../test/helpers/targets';
import { personWithAccounts } from '../../../test/helpers/person-with-accounts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GET /api/v1/dashboard/stats', () => {
  // Noon UTC today: the ranges are whole days (UTC here), so the test's posts never sit on a day's edge.
  const clock = createTestClock(new Date(Math.floor(Date.now() / DAY) * DAY + 12 * HOUR));
  const now = clock.now().getTime();
  const ago = (ms: number) => new Date(now - ms);
  let t: TestApp;
  let ada: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, clock });
    const person = await personWithAccounts(t, 'Ada');
    ada = person.session;
    const { post } = person;

    // The last 30 days.
    await post({
      network: 'x',
      at: ago(DAY),
      text: 'yesterday',
      likes: 10,
      comments: 5,
      shares: 5,
      impressions: 1000,
      metricsUpdatedAt: ago(2 * HOUR),
    });
    await post({ network: 'x', at: ago(10 * DAY), text: 'ten days ago', likes: 30, impressions: null, metricsUpdatedAt: ago(5 * HOUR) });
    await post({
      network: 'linkedin',
      at: ago(29 * DAY),
      text: 'best of the month',
      likes: 40,
      comments: 5,
      shares: 5,
      impressions: 1500,
      metricsUpdatedAt: ago(3 * HOUR),
    });
    await post({ network: 'x', at: ago(2 * DAY), status: 'failed', text: 'failed', failureReason: 'Refused' });
    // The 30 days before: both planned ahead.
    await post({ network: 'x', at: ago(31 * DAY), scheduledAt: ago(31 * DAY), createdAt: ago(32 * DAY), likes: 20, shares: 5 });
    await post({ network: 'linkedin', at: ago(59 * DAY), scheduledAt: ago(59 * DAY), createdAt: ago(59 * DAY + HOUR), comments: 25 });
    // Older still.
    await post({ network: 'x', at: ago(61 * DAY), likes: 1000 });
    // Waiting to go out: one planned ahead now, one being sent.
    await post({ network: 'linkedin', at: new Date(now + DAY), status: 'scheduled' });
    await post({ network: 'x', at: ago(60_000), createdAt: ago(30_000), status: 'publishing' });

    // Someone else's numbers never count.
    const grace = await signUp(t, 'Grace');
    const graceX = await createSocialAccount(t.services, grace.userId, { network: 'x' });
    await insertTarget(t.services, { userId: grace.userId, accountId: graceX, network: 'x', at: ago(DAY), likes: 999, impressions: 10 });
    await insertTarget(t.services, { userId: grace.userId, accountId: graceX, network: 'x', at: new Date(now + DAY), status: 'scheduled' });
  });
  afterAll(() => t.close());

  const stats = async (session: TestSession, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/stats${query}`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DashboardStats;
  };

  it('adds up the last 30 days by default and compares them with the 30 days before', async () => {
    expect(await stats(ada)).toEqual({
      totalPosts: 3,
      // 3 against 2.
      postsTrend: 50,
      scheduledPosts: 2,
      // Planned ahead: 1 in this period (created now), 2 in the one before.
      scheduledTrend: -50,
      // 20 + 30 + 50, against 25 + 25.
      totalEngagement: 100,
      engagementTrend: 100,
      // Only posts with known impressions: (20 + 50) / (1000 + 1500).
      engagementRate: 2.8,
      connectedAccounts: 2,
      platformStats: [
        { platform: 'x', posts: 2, engagement: 50, impressions: 1000 },
        { platform: 'linkedin', posts: 1, engagement: 50, impressions: 1500 },
      ],
      bestPost: {
        id: expect.any(String),
        platform: 'linkedin',
        text: 'best of the month',
        published_at: ago(29 * DAY).toISOString(),
        platform_url: expect.stringMatching(/^https:\/\/example\.com\/posts\//),
        engagement: 50,
        likes_count: 40,
        comments_count: 5,
        shares_count: 5,
        impressions_count: 1500,
      },
      range: '30d',
      startDate: ago(29 * DAY)
        .toISOString()
        .slice(0, 10),
      endDate: ago(0).toISOString().slice(0, 10),
      computedAt: new Date(now).toISOString(),
      metricsUpdatedAt: ago(2 * HOUR).toISOString(),
    });
  });

  it('a shorter range: the last 7 days against the 7 before', async () => {
    const week = await stats(ada, '?range=7d');
    expect(week).toMatchObject({
      range: '7d',
      totalPosts: 1,
      postsTrend: 0,
      totalEngagement: 20,
      // 20 against 30.
      engagementTrend: -33.3,
      engagementRate: 2,
      bestPost: { text: 'yesterday', engagement: 20 },
      scheduledPosts: 2,
    });
  });

  it('has no trend when the period before had nothing to compare with', async () => {
    const quarter = await stats(ada, '?range=90d');
    expect(quarter).toMatchObject({ totalPosts: 6, postsTrend: null, totalEngagement: 1150, engagementTrend: null });
    expect((await stats(ada, '?range=1y')).totalPosts).toBe(6);
  });

  it('answers zeros for a newcomer: no rate without impressions, no best post, and no comparison with a time before the account', async () => {
    const newcomer = await signUp(t, 'New');
    expect(await stats(newcomer)).toEqual({
      totalPosts: 0,
      postsTrend: null,
      scheduledPosts: 0,
      scheduledTrend: null,
      totalEngagement: 0,
      engagementRate: null,
      engagementTrend: null,
      connectedAccounts: 0,
      platformStats: [
        { platform: 'x', posts: 0, engagement: 0, impressions: 0 },
        { platform: 'linkedin', posts: 0, engagement: 0, impressions: 0 },
      ],
      bestPost: null,
      range: '30d',
      startDate: ago(29 * DAY)
        .toISOString()
        .slice(0, 10),
      endDate: ago(0).toISOString().slice(0, 10),
      computedAt: new Date(now).toISOString(),
      metricsUpdatedAt: null,
    });
  });

  it('moves with the clock: a post leaves the range when its day is past', async () => {
    const later = await createTestApp({ worker: false, clock: createTestClock(new Date(now + 25 * DAY)) });
    try {
      const session = await signUp(later, 'Later');
      const account = await createSocialAccount(later.services, session.userId, { network: 'x' });
      await insertTarget(later.services, { userId: session.userId, accountId: account, network: 'x', at: ago(DAY), likes: 5 });
      const response = await later.app.inject({ method: 'GET', url: '/api/v1/dashboard/stats?range=7d', headers: session.headers });
      expect(response.json()).toMatchObject({ totalPosts: 0, totalEngagement: 0 });
      const month = await later.app.inject({ method: 'GET', url: '/api/v1/dashboard/stats?range=30d', headers: session.headers });
      expect(month.json()).toMatchObject({ totalPosts: 1, totalEngagement: 5 });
    } finally {
      await later.close();
    }
  });

  it('shows a new post and new numbers on the next read, though the figures are kept between reads', async () => {
    const session = await signUp(t, 'Reloader');
    const account = await createSocialAccount(t.services, session.userId, { network: 'x' });
    const first = await insertTarget(t.services, {
      userId: session.userId,
      accountId: account,
      network: 'x',
      at: ago(HOUR),
      likes: 3,
      impressions: 100,
    });
    expect(await stats(session, '?range=1y')).toMatchObject({ totalPosts: 1, totalEngagement: 3 });
    expect(await stats(session, '?range=1y')).toMatchObject({ totalPosts: 1, totalEngagement: 3 });

    // Published just now: inside the range at once.
    await insertTarget(t.services, {
      userId: session.userId,
      accountId: account,
      network: 'x',
      at: new Date(now - 1),
      likes: 2,
      impressions: 50,
    });
    expect(await stats(session, '?range=1y')).toMatchObject({ totalPosts: 2, totalEngagement: 5 });

    // A metrics sync moves the numbers of a post already counted.
    await t.services.db.query('UPDATE post_targets SET likes_count = 40, metrics_updated_at = $2 WHERE id = $1', [first, ago(60_000)]);
    expect(await stats(session, '?range=1y')).toMatchObject({ totalPosts: 2, totalEngagement: 42, bestPost: { likes_count: 40 } });
  });

  it.each(['range=2w', 'range=', 'range=30D'])('refuses %s with 400', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/stats?${query}`, headers: ada.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: "range must be '7d', '30d', '90d' or '1y'",
        fields: { range: "range must be '7d', '30d', '90d' or '1y'" },
      },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/stats' })).statusCode).toBe(401);
  });
});
