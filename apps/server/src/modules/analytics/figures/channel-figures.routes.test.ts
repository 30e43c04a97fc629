import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '@postflow/contract';
import { createSocialAccount } from '../../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../../test/helpers/session';
import { createTestApp, createTestClock, type TestApp } from '../../../../test/helpers/test-app';
import { insertTarget } from '../../../../test/helpers/targets';

/**
 * docs/decisions/151-channels-in-every-view.md: the analytics screen and the profile count one channel's posts when
 * asked, with the one definition of each figure; another workspace's channel counts nothing.
 */
describe("one channel's figures", () => {
  const clock = createTestClock(new Date('2026-11-20T12:00:00Z'));
  let t: TestApp;
  let ada: TestSession;
  let adaX: string;
  let graceX: string;
  let theirs: string;

  const channelsOf = async (who: TestSession) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/channels', headers: who.headers })).json().channels as Channel[];

  beforeAll(async () => {
    t = await createTestApp({ worker: false, clock });
    ada = await signUp(t, 'Ada');
    const first = await createSocialAccount(t.services, ada.userId, { network: 'x', username: 'ada' });
    const second = await createSocialAccount(t.services, ada.userId, { network: 'x', username: 'grace' });
    const read = new Date('2026-11-19T00:00:00Z');
    const post = (accountId: string, at: string, text: string, likes: number, impressions: number) =>
      insertTarget(t.services, {
        userId: ada.userId,
        accountId,
        network: 'x',
        at: new Date(at),
        text,
        likes,
        impressions,
        metricsUpdatedAt: read,
      });
    await post(first, '2026-11-10T09:00:00Z', 'ada one', 10, 100);
    await post(first, '2026-11-12T15:00:00Z', 'ada two', 4, 200);
    await post(second, '2026-11-11T09:00:00Z', 'grace one', 30, 300);
    await insertTarget(t.services, {
      userId: ada.userId,
      accountId: second,
      network: 'x',
      at: new Date('2026-11-25T09:00:00Z'),
      status: 'scheduled',
    });
    const channels = await channelsOf(ada);
    adaX = (channels.find((channel) => channel.accountId === first) as Channel).id;
    graceX = (channels.find((channel) => channel.accountId === second) as Channel).id;

    const other = await signUp(t, 'Someone else');
    await createSocialAccount(t.services, other.userId, { network: 'x', username: 'mallory' });
    theirs = ((await channelsOf(other))[0] as Channel).id;
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: ada.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const days = 'start_date=2026-11-01&end_date=2026-11-20';

  interface Summary {
    summary: { total_posts: number; total_engagements: number; avg_engagement_rate: number };
    post_analytics: Array<{ text: string }>;
    engagement_trend: Array<{ value: number }>;
  }
  const summary = (channel: string, tz: string) => get<Summary>(`/api/v1/analytics/summary?${days}&tz=${tz}${channel}`);
  const figures = (answer: Summary) => ({
    posts: answer.summary.total_posts,
    engagements: answer.summary.total_engagements,
    rate: answer.summary.avg_engagement_rate,
    top: answer.post_analytics.map((item) => item.text),
    trend: answer.engagement_trend.reduce((sum, point) => sum + point.value, 0),
  });

  it('adds up, ranks and draws only the chosen channel, in UTC and in any other zone', async () => {
    for (const tz of ['UTC', 'America/Los_Angeles']) {
      expect(figures(await summary('', tz))).toMatchObject({ posts: 3, engagements: 44, trend: 44 });
      expect(figures(await summary(`&channelId=${adaX}`, tz))).toEqual({
        posts: 2,
        engagements: 14,
        // 14 engagements over 300 impressions, rounded to two decimals as everywhere.
        rate: 4.67,
        top: ['ada one', 'ada two'],
        trend: 14,
      });
      expect(figures(await summary(`&channelId=${graceX}`, tz))).toEqual({
        posts: 1,
        engagements: 30,
        rate: 10,
        top: ['grace one'],
        trend: 30,
      });
    }
    const trend = await get<{ points: Array<{ value: number }> }>(`/api/v1/analytics/engagement/trend?${days}&channelId=${graceX}`);
    expect(trend.points.reduce((sum, point) => sum + point.value, 0)).toBe(30);
    const metrics = await get<{ platforms: Array<{ platform: string; posts: number; likes: number }> }>(
      `/api/v1/analytics/metrics?${days}&channelId=${adaX}`,
    );
    expect(metrics.platforms).toMatchObject([{ platform: 'x', posts: 2, likes: 14 }]);
    expect((await get<{ sample_size: number }>(`/api/v1/analytics/optimal-times?channelId=${graceX}`)).sample_size).toBe(1);
    expect((await get<{ sample_size: number }>('/api/v1/analytics/optimal-times')).sample_size).toBe(3);
  });

  it("counts one channel's posts on the profile: published, waiting and engagement", async () => {
    const profile = (query: string) =>
      get<{ stats: { posts: number; scheduled: number; engagement: string } }>(`/users/profile?range=30d&tz=UTC${query}`);
    expect((await profile('')).stats).toMatchObject({ posts: 3, scheduled: 1 });
    expect((await profile(`&channelId=${graceX}`)).stats).toMatchObject({ posts: 1, scheduled: 1, engagement: '10.00%' });
    expect((await profile(`&channelId=${adaX}`)).stats).toMatchObject({ posts: 2, scheduled: 0 });
  });

  it("matches nothing for another workspace's channel, as the feed does, and names a malformed one", async () => {
    expect(figures(await summary(`&channelId=${theirs}`, 'UTC'))).toEqual({ posts: 0, engagements: 0, rate: 0, top: [], trend: 0 });
    expect((await get<{ stats: { posts: number; scheduled: number } }>(`/users/profile?channelId=${theirs}`)).stats).toMatchObject({
      posts: 0,
      scheduled: 0,
    });
    expect((await get<{ sample_size: number }>(`/api/v1/analytics/optimal-times?channelId=${theirs}`)).sample_size).toBe(0);
    const feed = await get<{ total_count: number }>(`/api/v1/social/feed?channelId=${theirs}`);
    expect(feed.total_count).toBe(0);

    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/summary?channelId=ada', headers: ada.headers });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields)).toEqual(['channelId']);
  });
});
