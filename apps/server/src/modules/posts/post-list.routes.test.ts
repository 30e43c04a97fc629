import type { FeedPost, Post } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { insertTarget } from '../../../test/helpers/targets';

const HOUR = 3_600_000;

/** GET /posts as the profile's grids read it (docs/product.md, Profile · Post lists and Calls). */
describe('GET /posts for the profile', () => {
  let t: TestApp;
  let ada: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ada = await signUp(t, 'Ada');
    const x = await createSocialAccount(t.services, ada.userId, { network: 'x' });
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
    for (let index = 0; index < 30; index += 1) {
      await insertTarget(t.services, {
        userId: ada.userId,
        accountId: x,
        network: 'x',
        at: at(index + 1),
        text: `Published ${index + 1}`,
        likes: index + 10,
        comments: index,
        shares: 1,
        metricsUpdatedAt: at(0.5),
      });
    }
    await insertTarget(t.services, {
      userId: ada.userId,
      accountId: x,
      network: 'x',
      at: new Date(Date.now() + HOUR),
      status: 'scheduled',
    });
    await insertTarget(t.services, { userId: ada.userId, accountId: x, network: 'x', at: at(2), status: 'failed', failureReason: 'No' });
    await insertTarget(t.services, { userId: ada.userId, accountId: x, network: 'x', at: at(3), status: 'missed' });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: ada.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('carries the likes, comments and shares the feed shows for the same posts', async () => {
    const posts = await get<Post[]>('/posts?status=published&limit=24');
    const feed = await get<{ posts: FeedPost[] }>('/api/v1/social/feed?status=published&limit=24');
    expect(posts).toHaveLength(24);
    const counts = (post: {
      id: string;
      likes_count: number;
      comments_count: number;
      shares_count: number;
      metrics_updated_at: string | null;
    }) => [post.id, post.likes_count, post.comments_count, post.shares_count, post.metrics_updated_at];
    expect(posts.map(counts)).toEqual(feed.posts.map(counts));
    expect(posts[0]).toMatchObject({ text: 'Published 1', likes_count: 10, comments_count: 0, shares_count: 1 });
  });

  it('pages by offset', async () => {
    const second = await get<Post[]>('/posts?status=published&limit=24&offset=24');
    expect(second.map((post) => post.text)).toEqual(['25', '26', '27', '28', '29', '30'].map((n) => `Published ${n}`));
  });

  it('reads several statuses in one call', async () => {
    const upcoming = await get<Post[]>('/posts?status=scheduled,pending,failed,missed,needs_reconnect&limit=100');
    expect(upcoming.map((post) => post.status).sort()).toEqual(['failed', 'missed', 'scheduled']);
  });

  it('lists partially published threads with the upcoming posts, and no other published post', async () => {
    const [partial] = (await get<Post[]>('/posts?status=published&limit=1')).map((post) => post.id);
    await t.services.db.query('UPDATE post_targets SET partially_published = true WHERE id = $1', [partial]);
    try {
      const upcoming = await get<Post[]>('/posts?status=scheduled,failed,missed,partially_published&limit=100');
      expect(upcoming.map((post) => post.status).sort()).toEqual(['failed', 'missed', 'partially_published', 'scheduled']);
      const alone = await get<Post[]>('/posts?status=partially_published&limit=100');
      expect(alone.map((post) => post.id)).toEqual([partial]);
    } finally {
      await t.services.db.query('UPDATE post_targets SET partially_published = false WHERE id = $1', [partial]);
    }
  });

  it('refuses an unknown status among several with a message naming the choices', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/posts?status=scheduled,bogus', headers: ada.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^status must be 'all', 'scheduled', .* or several separated by commas$/);
  });
});
