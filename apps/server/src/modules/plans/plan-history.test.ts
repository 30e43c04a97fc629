import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { insertTarget } from '../../../test/helpers/targets';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const DAY = 86_400_000;

/** A plan's historyDays (docs/product.md, Plans): older posts and figures are not shown. */
describe('plan history', () => {
  let t: TestApp;
  let person: TestSession;
  let oldPost: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: person.headers });
  const texts = (posts: Array<{ text?: string; content?: string }>) => posts.map((post) => post.text ?? post.content);
  const setPlan = (plan: string) => t.database.db.query('UPDATE workspaces SET plan = $2 WHERE id = $1', [person.userId, plan]);
  const today = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ env: { PLAN_LIMITS: 'on' }, worker: false });
    person = await signUp(t);
    const accountId = await createSocialAccount(t.services, person.userId, { network: 'x' });
    oldPost = await insertTarget(t.services, {
      userId: person.userId,
      accountId,
      network: 'x',
      at: new Date(Date.now() - 60 * DAY),
      text: 'Two months old',
      likes: 7,
    });
    await insertTarget(t.services, {
      userId: person.userId,
      accountId,
      network: 'x',
      at: new Date(Date.now() - 2 * DAY),
      text: 'Two days old',
      likes: 3,
    });
  });
  afterAll(() => t.close());

  it('hides posts and figures older than 30 days on Starter, and shows them on Agency', async () => {
    await setPlan('free');
    expect(texts((await get('/api/v1/social/feed')).json().posts)).toEqual(['Two days old']);
    expect(texts((await get(`/api/v1/social/users/${person.userId}/feed`)).json().posts)).toEqual(['Two days old']);
    expect(texts((await get('/posts')).json())).toEqual(['Two days old']);
    const summary = (await get(`/api/v1/analytics/summary?platform=all&start_date=${daysAgo(90)}&end_date=${today()}`)).json();
    expect(summary.summary).toMatchObject({ total_posts: 1, total_engagements: 3 });
    expect(summary.post_analytics).toHaveLength(1);
    const trend = (await get(`/api/v1/analytics/engagement/trend?platform=all&start_date=${daysAgo(90)}&end_date=${today()}`)).json();
    expect(trend.points.reduce((sum: number, point: { value: number }) => sum + point.value, 0)).toBe(3);
    expect((await get('/api/v1/dashboard/stats?range=90d')).json()).toMatchObject({ totalPosts: 1, totalEngagement: 3 });
    expect((await get('/users/profile?range=90d')).json().stats.posts).toBe(1);
    expect((await get(`/api/v1/analytics/posts/${oldPost}`)).statusCode).toBe(404);
    const recentRange = `start=${new Date(Date.now() - 10 * DAY).toISOString()}&end=${new Date().toISOString()}`;
    expect(texts((await get(`/api/v1/calendar?${recentRange}`)).json().items)).toEqual(['Two days old']);
    const olderRange = `start=${new Date(Date.now() - 70 * DAY).toISOString()}&end=${new Date(Date.now() - 30 * DAY).toISOString()}`;
    expect((await get(`/api/v1/calendar?${olderRange}`)).json()).toMatchObject({ items: [], historyStart: expect.any(String) });

    await setPlan('enterprise');
    expect(texts((await get('/api/v1/social/feed')).json().posts)).toEqual(['Two days old', 'Two months old']);
    expect(texts((await get('/posts')).json())).toEqual(['Two days old', 'Two months old']);
    expect(texts((await get(`/api/v1/calendar?${olderRange}`)).json().items)).toEqual(['Two months old']);
    const all = (await get(`/api/v1/analytics/summary?platform=all&start_date=${daysAgo(90)}&end_date=${today()}`)).json();
    expect(all.summary).toMatchObject({ total_posts: 2, total_engagements: 10 });
    expect((await get('/api/v1/dashboard/stats?range=90d')).json()).toMatchObject({ totalPosts: 2, totalEngagement: 10 });
    expect((await get('/users/profile?range=90d')).json().stats.posts).toBe(2);
    expect((await get(`/api/v1/analytics/posts/${oldPost}`)).statusCode).toBe(200);
  });

  it('shows everything when PLAN_LIMITS is off, whatever the plan', async () => {
    const open = await createTestApp({ worker: false });
    try {
      const someone = await signUp(open);
      const accountId = await createSocialAccount(open.services, someone.userId, { network: 'x' });
      await insertTarget(open.services, {
        userId: someone.userId,
        accountId,
        network: 'x',
        at: new Date(Date.now() - 60 * DAY),
      });
      const feed = await open.app.inject({ method: 'GET', url: '/api/v1/social/feed', headers: someone.headers });
      expect(feed.json().posts).toHaveLength(1);
    } finally {
      await open.close();
    }
  });
});
