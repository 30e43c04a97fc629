import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../../test/helpers/session';
import { createTestApp, createTestClock, type TestApp } from '../../../../test/helpers/test-app';
import { insertTarget, type TargetSpec } from '../../../../test/helpers/targets';

/**
 * docs/product.md, Shared rules · Figures: the dashboard, the analytics screen and the profile give the same
 * posts, engagements and engagement rate for the same days in the same zone.
 */
describe('the same figures on every screen', () => {
  // 06:00 UTC on 20 November is 22:00 on 19 November in Los Angeles: the person's today is the 19th.
  const clock = createTestClock(new Date('2026-11-20T06:00:00Z'));
  const LA = 'America/Los_Angeles';
  let t: TestApp;
  let ada: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, clock });
    ada = await signUp(t, 'Ada');
    const x = await createSocialAccount(t.services, ada.userId, { network: 'x' });
    const linkedin = await createSocialAccount(t.services, ada.userId, { network: 'linkedin' });
    const post = (spec: Omit<TargetSpec, 'userId' | 'accountId' | 'at'> & { at: string }) =>
      insertTarget(t.services, { userId: ada.userId, accountId: spec.network === 'x' ? x : linkedin, ...spec, at: new Date(spec.at) });

    // 20 October, 23:30 in Los Angeles: the day before its 30 days, though inside the 30 UTC days before 20 November.
    await post({ network: 'x', at: '2026-10-21T06:30:00Z', text: 'the evening before', likes: 100, impressions: 1000 });
    // The first hour of the 30 days in Los Angeles (21 October, 00:30).
    await post({ network: 'x', at: '2026-10-21T07:30:00Z', text: 'first day', likes: 10, comments: 2, impressions: 500 });
    await post({ network: 'linkedin', at: '2026-11-10T12:00:00Z', text: 'a page post', likes: 19, impressions: 1008 });
    // Impressions unknown, and impressions 0: their engagements count, but not in the rate.
    await post({ network: 'x', at: '2026-11-01T12:00:00Z', text: 'reach unknown', likes: 30, impressions: null });
    await post({ network: 'linkedin', at: '2026-11-05T12:00:00Z', text: 'no reach', shares: 3, impressions: 0 });
    // 19 November, 21:30 in Los Angeles, already 20 November in UTC.
    await post({ network: 'x', at: '2026-11-20T05:30:00Z', text: 'tonight', likes: 4, impressions: 200 });
    // Posts that did not go out never count.
    await post({ network: 'x', at: '2026-11-02T12:00:00Z', status: 'failed', failureReason: 'Refused', likes: 50 });
    await post({ network: 'x', at: '2026-11-21T12:00:00Z', status: 'scheduled' });
    // The 30 days before, in Los Angeles.
    await post({ network: 'linkedin', at: '2026-10-01T12:00:00Z', text: 'last month', likes: 5, impressions: 100 });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: ada.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  interface Figures {
    posts: number;
    engagements: number;
    rate: number | null;
  }

  async function everyScreen(range: string, tz: string) {
    const dashboard = await get<{
      totalPosts: number;
      totalEngagement: number;
      engagementRate: number | null;
      startDate: string;
      endDate: string;
    }>(`/api/v1/dashboard/stats?range=${range}&tz=${tz}`);
    const days = `start_date=${dashboard.startDate}&end_date=${dashboard.endDate}&tz=${tz}`;
    const analytics = await get<{
      summary: { total_posts: number; total_engagements: number; avg_engagement_rate: number };
      engagement_trend: Array<{ value: number }>;
      post_analytics: Array<{ text: string }>;
    }>(`/api/v1/analytics/summary?${days}`);
    const perNetwork = await get<{ platforms: Array<{ posts: number; likes: number; comments: number; shares: number }> }>(
      `/api/v1/analytics/metrics?${days}`,
    );
    const profile = await get<{ stats: { posts: number; engagement_rate: number | null; engagement: string } }>(
      `/users/profile?range=${range}&tz=${tz}`,
    );
    return {
      days: [dashboard.startDate, dashboard.endDate],
      dashboard: { posts: dashboard.totalPosts, engagements: dashboard.totalEngagement, rate: dashboard.engagementRate } satisfies Figures,
      analytics: {
        posts: analytics.summary.total_posts,
        engagements: analytics.summary.total_engagements,
        rate: analytics.summary.avg_engagement_rate,
      } satisfies Figures,
      analyticsPerNetwork: {
        posts: perNetwork.platforms.reduce((sum, row) => sum + row.posts, 0),
        engagements: perNetwork.platforms.reduce((sum, row) => sum + row.likes + row.comments + row.shares, 0),
      },
      trendTotal: analytics.engagement_trend.reduce((sum, point) => sum + point.value, 0),
      topPosts: analytics.post_analytics.map((item) => item.text),
      profile: { posts: profile.stats.posts, rate: profile.stats.engagement_rate, text: profile.stats.engagement },
    };
  }

  it("agrees on the last 30 days of the person's zone, edges included", async () => {
    const screens = await everyScreen('30d', LA);
    expect(screens.days).toEqual(['2026-10-21', '2026-11-19']);
    // 5 posts; 12 + 19 + 30 + 3 + 4 engagements; (12 + 19 + 4) / (500 + 1008 + 200) = 2.049…%.
    const expected = { posts: 5, engagements: 68, rate: 2.05 };
    expect(screens.dashboard).toEqual(expected);
    expect(screens.analytics).toEqual(expected);
    expect(screens.analyticsPerNetwork).toEqual({ posts: 5, engagements: 68 });
    expect(screens.profile).toEqual({ posts: 5, rate: 2.05, text: '2.05%' });
    // The trend's days are the same days.
    expect(screens.trendTotal).toBe(68);
    expect(screens.topPosts).not.toContain('the evening before');
    expect(screens.topPosts).toContain('tonight');
  });

  it('agrees in another zone, on its own days', async () => {
    const screens = await everyScreen('30d', 'UTC');
    expect(screens.days).toEqual(['2026-10-22', '2026-11-20']);
    const expected = { posts: 4, engagements: 56, rate: 1.9 };
    expect(screens.dashboard).toEqual(expected);
    expect(screens.analytics).toEqual(expected);
    expect(screens.profile).toEqual({ posts: 4, rate: 1.9, text: '1.90%' });
    expect(screens.trendTotal).toBe(56);
  });

  it('opens the analytics screen on the same 30 days as the dashboard', async () => {
    const summary = await get<{ start_date: string; end_date: string; summary: { total_posts: number } }>(
      `/api/v1/analytics/summary?tz=${LA}`,
    );
    expect(summary).toMatchObject({ start_date: '2026-10-21', end_date: '2026-11-19', summary: { total_posts: 5 } });
  });

  it('compares with the 30 days before in the same zone', async () => {
    const stats = await get<{ postsTrend: number | null }>(`/api/v1/dashboard/stats?range=30d&tz=${LA}`);
    // 5 against 2 (the evening before and last month).
    expect(stats.postsTrend).toBe(150);
  });

  it('refuses an unknown zone with a message a person can act on', async () => {
    for (const url of [
      '/api/v1/dashboard/stats?tz=Mars/Olympus',
      '/api/v1/analytics/summary?tz=Mars/Olympus',
      '/users/profile?tz=Mars/Olympus',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: ada.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields).toEqual({ tz: 'Unknown time zone' });
    }
  });
});
