import { randomUUID } from 'node:crypto';
import { FEED_COUNT_HORIZON, type FeedPost, type FeedResponse } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSession } from '../../../test/helpers/session';
import { personWithAccounts } from '../../../test/helpers/person-with-accounts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const HOUR = 3_600_000;

describe('GET /api/v1/social/feed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(() => t.close());

  const person = (name = 'Ada Lovelace') => personWithAccounts(t, name, { x: 'ada_x', linkedin: 'ada-li' });

  const feed = async (session: TestSession, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/social/feed${query}`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FeedResponse;
  };
  const texts = (answer: FeedResponse) => answer.posts.map((post) => post.text);
  /** `count` copies of a target, each a minute earlier than the last, named 'post 1', 'post 2', … */
  const copies = (targetId: string, count: number) =>
    t.services.db.query(
      `INSERT INTO post_targets (post_id, workspace_id, account_id, network, text, media_ids, status, scheduled_at, due_at, published_at)
       SELECT post_id, workspace_id, account_id, network, 'post ' || k, media_ids, status, scheduled_at - k * interval '1 minute',
         due_at - k * interval '1 minute', published_at - k * interval '1 minute'
       FROM post_targets, generate_series(1, $2) k WHERE id = $1`,
      [targetId, count],
    );

  it('answers every field of a feed post, for the signed-in person only, newest first', async () => {
    const ada = await person('Ada Lovelace');
    const grace = await person('Grace Hopper');
    const now = Date.now();
    const mediaId = randomUUID();
    const metricsAt = new Date(now - HOUR);
    await ada.post({
      network: 'x',
      at: new Date(now - 2 * HOUR),
      text: 'Older on X',
      likes: 1500,
      comments: 3,
      shares: 2,
      metricsUpdatedAt: metricsAt,
      mediaIds: [mediaId],
    });
    await ada.post({ network: 'linkedin', at: new Date(now + 5 * HOUR), status: 'scheduled', text: 'Planned for LinkedIn' });
    await ada.post({ network: 'linkedin', at: new Date(now - HOUR), text: 'Newer on LinkedIn' });
    await grace.post({ network: 'x', at: new Date(now), text: 'Grace only' });

    const answer = await feed(ada.session, '?type=personal');

    expect(answer.total_count).toBe(3);
    expect(texts(answer)).toEqual(['Planned for LinkedIn', 'Newer on LinkedIn', 'Older on X']);
    const older = answer.posts[2] as FeedPost;
    expect(older).toEqual({
      id: expect.any(String),
      user_profile_image: null,
      username: 'ada_x',
      user_first_name: 'Ada Lovelace',
      user_last_name: null,
      platform: 'x',
      status: 'published',
      published_at: new Date(now - 2 * HOUR).toISOString(),
      scheduled_for: new Date(now - 2 * HOUR).toISOString(),
      text: 'Older on X',
      media_urls: [`http://localhost:8080/media/${mediaId}`],
      media_alts: [''],
      media_kinds: ['image'],
      document_title: null,
      link_card: null,
      platform_url: `https://example.com/posts/${older.id}`,
      likes_count: 1500,
      comments_count: 3,
      shares_count: 2,
      metrics_updated_at: metricsAt.toISOString(),
      failure_reason: null,
      author: { kind: 'account', name: 'x person', handle: 'ada_x', avatar_url: null, channel_id: expect.any(String) },
    });
    const planned = answer.posts[0] as FeedPost;
    expect([planned.status, planned.published_at, planned.platform_url, planned.username]).toEqual(['scheduled', null, null, 'ada-li']);

    expect(texts(await feed(grace.session))).toEqual(['Grace only']);
  });

  it('uses the first and last name the person gave, and the account picture before their own', async () => {
    const ada = await person();
    await t.database.db.query(
      "UPDATE users SET first_name = 'Ada', last_name = 'King', avatar_url = 'https://img.example.com/me.png' WHERE id = $1",
      [ada.session.userId],
    );
    await ada.post({ network: 'x', at: new Date(Date.now() - HOUR) });
    const [post] = (await feed(ada.session)).posts;
    expect([post?.user_first_name, post?.user_last_name, post?.user_profile_image]).toEqual([
      'Ada',
      'King',
      'https://img.example.com/me.png',
    ]);

    await t.database.db.query("UPDATE social_accounts SET avatar_url = 'https://pbs.example.com/x.png' WHERE workspace_id = $1", [
      ada.session.userId,
    ]);
    expect((await feed(ada.session)).posts[0]?.user_profile_image).toBe('https://pbs.example.com/x.png');
  });

  describe('paging', () => {
    let ada: Awaited<ReturnType<typeof person>>;
    const base = Date.now() - 100 * HOUR;

    beforeAll(async () => {
      ada = await person();
      for (let index = 1; index <= 12; index += 1)
        await ada.post({ network: 'x', at: new Date(base + index * HOUR), text: `post ${index}` });
    });

    it('defaults to 20 a page from the newest', async () => {
      const answer = await feed(ada.session);
      expect(answer.posts).toHaveLength(12);
      expect(answer.total_count).toBe(12);
    });

    it('pages of 10: the first page, the last page, and past the end', async () => {
      const first = await feed(ada.session, '?type=personal&limit=10&offset=0');
      expect(texts(first)).toEqual(['post 12', 'post 11', 'post 10', 'post 9', 'post 8', 'post 7', 'post 6', 'post 5', 'post 4', 'post 3']);
      const last = await feed(ada.session, '?type=personal&limit=10&offset=10');
      expect(texts(last)).toEqual(['post 2', 'post 1']);
      expect(last.total_count).toBe(12);
      const beyond = await feed(ada.session, '?limit=10&offset=12');
      expect(beyond).toEqual({ posts: [], total_count: 12, total_count_exact: true });
      expect(await feed(ada.session, '?limit=100&offset=1000000')).toEqual({ posts: [], total_count: 12, total_count_exact: true });
    });

    it('counts every post exactly, however many, and every filter without dates too', async () => {
      const prolific = await person();
      const first = await prolific.post({ network: 'x', at: new Date(base), text: 'post 0' });
      await prolific.post({ network: 'linkedin', at: new Date(base + HOUR), status: 'scheduled', text: 'planned' });
      // Copies of the X post, each a minute earlier: 10,005 published X posts in all.
      await copies(first, FEED_COUNT_HORIZON + 4);
      expect(await feed(prolific.session, '?type=personal&limit=10&offset=0')).toMatchObject({
        total_count: FEED_COUNT_HORIZON + 6,
        total_count_exact: true,
      });
      expect(await feed(prolific.session, '?status=published')).toMatchObject({
        total_count: FEED_COUNT_HORIZON + 5,
        total_count_exact: true,
      });
      expect(await feed(prolific.session, '?status=scheduled')).toMatchObject({ total_count: 1, total_count_exact: true });
      expect(await feed(prolific.session, '?platform=linkedin')).toMatchObject({ total_count: 1, total_count_exact: true });

      // Publishing, failing, deleting and a person's posts going away all move the totals.
      await t.services.db.query(
        `UPDATE post_targets SET status = 'published', published_at = now() WHERE workspace_id = $1 AND network = 'linkedin'`,
        [prolific.session.userId],
      );
      expect(await feed(prolific.session, '?status=published')).toMatchObject({ total_count: FEED_COUNT_HORIZON + 6 });
      expect(await feed(prolific.session, '?status=scheduled')).toMatchObject({ total_count: 0 });
      await t.services.db.query(`DELETE FROM post_targets WHERE workspace_id = $1 AND text IN ('post 1', 'post 2')`, [
        prolific.session.userId,
      ]);
      expect(await feed(prolific.session, '')).toMatchObject({ total_count: FEED_COUNT_HORIZON + 4, total_count_exact: true });
    });

    it(`with dates, counts up to ${FEED_COUNT_HORIZON.toLocaleString('en-US')} posts past the page, and says when there are more`, async () => {
      const prolific = await person();
      const first = await prolific.post({ network: 'x', at: new Date(base), text: 'post 0' });
      await copies(first, FEED_COUNT_HORIZON + 4);
      const since = `?type=personal&start_date=${new Date(base - 30 * 24 * HOUR).toISOString().slice(0, 10)}`;
      const top = await feed(prolific.session, `${since}&limit=10&offset=0`);
      expect(texts(top)[0]).toBe('post 0');
      expect(top).toMatchObject({ total_count: FEED_COUNT_HORIZON, total_count_exact: false });
      // Further in, the horizon moves with the page: the whole count is in reach again.
      const deep = await feed(prolific.session, `${since}&limit=10&offset=9990`);
      expect(texts(deep)[0]).toBe('post 9990');
      expect(deep).toMatchObject({ total_count: FEED_COUNT_HORIZON + 5, total_count_exact: true });
    });

    it('keeps a stable order among posts with the same time (by id)', async () => {
      const twins = await person();
      const at = new Date(base);
      const ids = [];
      for (let index = 0; index < 5; index += 1) ids.push(await twins.post({ network: 'x', at, text: `twin ${index}` }));
      const pages = [
        ...(await feed(twins.session, '?limit=2&offset=0')).posts,
        ...(await feed(twins.session, '?limit=2&offset=2')).posts,
        ...(await feed(twins.session, '?limit=2&offset=4')).posts,
      ];
      expect(pages.map((post) => post.id)).toEqual([...ids].sort().reverse());
    });
  });

  describe('filters', () => {
    let ada: Awaited<ReturnType<typeof person>>;
    const now = Date.now();

    beforeAll(async () => {
      ada = await person();
      await ada.post({ network: 'x', at: new Date(now - 3 * HOUR), text: 'x published' });
      await ada.post({ network: 'linkedin', at: new Date(now - 2 * HOUR), text: 'linkedin published' });
      await ada.post({ network: 'x', at: new Date(now + 3 * HOUR), status: 'scheduled', text: 'x scheduled' });
      await ada.post({ network: 'linkedin', at: new Date(now - 60_000), status: 'publishing', text: 'linkedin sending' });
      await ada.post({
        network: 'x',
        at: new Date(now - 4 * HOUR),
        status: 'failed',
        text: 'x failed',
        failureReason: 'X refused the post: duplicate content.',
      });
      await ada.post({
        network: 'linkedin',
        at: new Date(now - 5 * HOUR),
        status: 'missed',
        text: 'linkedin missed',
        failureReason: 'The server was down at the planned time.',
      });
    });

    it.each([
      ['x', ['x scheduled', 'x published', 'x failed']],
      ['twitter', ['x scheduled', 'x published', 'x failed']],
      ['linkedin', ['linkedin sending', 'linkedin published', 'linkedin missed']],
      ['all', ['x scheduled', 'linkedin sending', 'linkedin published', 'x published', 'x failed', 'linkedin missed']],
    ])('platform=%s', async (platform, expected) => {
      const answer = await feed(ada.session, `?type=personal&platform=${platform}`);
      expect(texts(answer)).toEqual(expected);
      expect(answer.total_count).toBe(expected.length);
    });

    it("status=published shows what went out; status=scheduled what has not, including a post being sent ('pending')", async () => {
      expect(texts(await feed(ada.session, '?status=published'))).toEqual(['linkedin published', 'x published']);
      const scheduled = await feed(ada.session, '?status=scheduled');
      expect(scheduled.posts.map((post) => [post.text, post.status])).toEqual([
        ['x scheduled', 'scheduled'],
        ['linkedin sending', 'pending'],
      ]);
      expect(scheduled.total_count).toBe(2);
    });

    it('status=all also shows failed and missed posts with the reason', async () => {
      const posts = (await feed(ada.session, '?status=all')).posts;
      expect(posts.filter((post) => post.failure_reason).map((post) => [post.status, post.failure_reason])).toEqual([
        ['failed', 'X refused the post: duplicate content.'],
        ['missed', 'The server was down at the planned time.'],
      ]);
    });

    it('combines platform, status and paging', async () => {
      const answer = await feed(ada.session, '?platform=linkedin&status=published&limit=1&offset=0');
      expect(texts(answer)).toEqual(['linkedin published']);
      expect(answer.total_count).toBe(1);
    });
  });

  describe('time bounds', () => {
    it('a date-only start_date begins at midnight in tz (start of today in the browser zone)', async () => {
      const ada = await person();
      // Midnight of 10 March 2026 in Tokyo (UTC+9) is 15:00 UTC on the 9th.
      await ada.post({ network: 'x', at: new Date('2026-03-09T14:59:59.999Z'), text: 'before midnight in Tokyo' });
      await ada.post({ network: 'x', at: new Date('2026-03-09T15:00:00.000Z'), text: 'at midnight in Tokyo' });
      await ada.post({ network: 'x', at: new Date('2026-03-10T03:00:00.000Z'), text: 'noon in Tokyo' });

      expect(texts(await feed(ada.session, '?start_date=2026-03-10&tz=Asia/Tokyo'))).toEqual(['noon in Tokyo', 'at midnight in Tokyo']);
      // Without tz a date is a UTC day.
      expect(texts(await feed(ada.session, '?start_date=2026-03-10'))).toEqual(['noon in Tokyo']);
    });

    it('the 1st of the month in tz, across a daylight saving change', async () => {
      const ada = await person();
      // 1 April 2026 in Berlin is summer time (UTC+2): midnight is 22:00 UTC on 31 March.
      await ada.post({ network: 'linkedin', at: new Date('2026-03-31T21:59:59.000Z'), text: 'March in Berlin' });
      await ada.post({ network: 'linkedin', at: new Date('2026-03-31T22:00:00.000Z'), text: 'April in Berlin' });

      expect(texts(await feed(ada.session, '?start_date=2026-04-01&tz=Europe/Berlin'))).toEqual(['April in Berlin']);
    });

    it('a date-only end_date includes its whole day; a date-time end_date includes that instant', async () => {
      const ada = await person();
      await ada.post({ network: 'x', at: new Date('2026-03-10T12:00:00.000Z'), text: 'on the 10th' });
      await ada.post({ network: 'x', at: new Date('2026-03-10T23:59:59.999Z'), text: 'last moment of the 10th' });
      await ada.post({ network: 'x', at: new Date('2026-03-11T00:00:00.000Z'), text: 'the 11th' });

      expect(texts(await feed(ada.session, '?start_date=2026-03-10&end_date=2026-03-10'))).toEqual([
        'last moment of the 10th',
        'on the 10th',
      ]);
      expect(texts(await feed(ada.session, '?end_date=2026-03-10T12:00:00Z'))).toEqual(['on the 10th']);
      expect(texts(await feed(ada.session, '?start_date=2026-03-10T12:00:00.001Z&end_date=2026-03-11T01:00:00%2B01:00'))).toEqual([
        'the 11th',
        'last moment of the 10th',
      ]);
    });

    it('a rolling window given as a date-time (the last 7 days)', async () => {
      const ada = await person();
      const now = Date.now();
      await ada.post({ network: 'x', at: new Date(now - 8 * 24 * HOUR), text: 'eight days ago' });
      await ada.post({ network: 'x', at: new Date(now - 6 * 24 * HOUR), text: 'six days ago' });
      const since = new Date(now - 7 * 24 * HOUR).toISOString();
      const answer = await feed(ada.session, `?start_date=${since}`);
      expect(texts(answer)).toEqual(['six days ago']);
      expect(answer.total_count).toBe(1);
    });
  });

  describe('refuses bad input with 400 and a clear message', () => {
    let ada: TestSession;
    beforeAll(async () => {
      ada = (await person()).session;
    });

    it.each([
      ['limit=-1', 'limit', 'limit must be at least 1'],
      ['limit=0', 'limit', 'limit must be at least 1'],
      ['limit=101', 'limit', 'limit must be at most 100'],
      ['limit=99999999999999999999', 'limit', 'limit must be at most 100'],
      ['limit=ten', 'limit', 'limit must be a number'],
      ['limit=2.5', 'limit', 'limit must be a whole number'],
      ['offset=-1', 'offset', 'offset cannot be negative'],
      ['offset=1000001', 'offset', 'offset must be at most 1000000'],
      ['offset=1e300', 'offset', 'offset must be at most 1000000'],
      ['platform=facebook', 'platform', "platform must be 'x', 'twitter' or 'linkedin'"],
      ['status=draft', 'status', "status must be 'all', 'published', 'scheduled' or 'pending_approval'"],
      ['type=global', 'type', "type must be 'personal' or 'personalized'"],
      ['start_date=yesterday', 'start_date', 'start_date must be a date like 2026-05-01 or a date-time like 2026-05-01T09:00:00Z'],
      ['start_date=2026-02-30', 'start_date', 'start_date must be a date like 2026-05-01 or a date-time like 2026-05-01T09:00:00Z'],
      ['end_date=2026-13-01', 'end_date', 'end_date must be a date like 2026-05-01 or a date-time like 2026-05-01T09:00:00Z'],
      ['end_date=2026-03-10T25:00:00Z', 'end_date', 'end_date must be a date like 2026-05-01 or a date-time like 2026-05-01T09:00:00Z'],
      ['start_date=2026-03-10&end_date=2026-03-09', 'end_date', 'end_date cannot be before start_date'],
      ['start_date=2026-03-10T10:00:00Z&end_date=2026-03-10T09:59:59Z', 'end_date', 'end_date cannot be before start_date'],
      ['start_date=2026-03-11T00:00:00Z&end_date=2026-03-10', 'end_date', 'end_date cannot be before start_date'],
      ['tz=Mars/Olympus_Mons', 'tz', 'Unknown time zone'],
    ])('%s', async (query, field, message) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/social/feed?${query}`, headers: ada.headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'validation_failed', message, fields: expect.objectContaining({ [field]: message }) },
      });
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  describe('GET /api/v1/social/users/:id/feed', () => {
    it("answers the signed-in person's own feed, paged", async () => {
      const ada = await person();
      for (let index = 1; index <= 3; index += 1)
        await ada.post({ network: 'x', at: new Date(Date.now() - index * HOUR), text: `mine ${index}` });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/social/users/${ada.session.userId}/feed?limit=2&offset=1`,
        headers: ada.session.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ posts: [{ text: 'mine 2' }, { text: 'mine 3' }], total_count: 3 });
    });

    it("never shows another person's posts: their id answers 404, like an unknown one", async () => {
      const ada = await person();
      const grace = await person('Grace Hopper');
      await grace.post({ network: 'x', at: new Date(), text: 'Grace only' });
      for (const id of [grace.session.userId, randomUUID()]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/social/users/${id}/feed`, headers: ada.session.headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No feed to show for that user.' } });
      }
    });

    it('refuses an id that is not one, and bad paging, with 400', async () => {
      const ada = await person();
      for (const url of [
        `/api/v1/social/users/not-an-id/feed`,
        `/api/v1/social/users/${ada.session.userId}/feed?limit=500`,
        `/api/v1/social/users/${ada.session.userId}/feed?offset=-5`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: ada.session.headers });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
    });
  });

  it('lists posts created through POST /posts', async () => {
    const ada = await person();
    const scheduledFor = new Date(Date.now() + 24 * HOUR).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: ada.session.headers,
      payload: { text: 'Through the API', platforms: ['x', 'linkedin'], scheduledFor },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = await feed(ada.session, '?status=scheduled');
    expect(answer.posts.map((post) => [post.platform, post.text, post.status, post.scheduled_for]).sort()).toEqual([
      ['linkedin', 'Through the API', 'scheduled', scheduledFor],
      ['x', 'Through the API', 'scheduled', scheduledFor],
    ]);
  });
});
