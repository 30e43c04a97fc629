import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectLinkedIn, connectX, linkedInPosts, startSandbox, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

const inAnHour = () => new Date(Date.now() + 3_600_000);
const utcParts = (date: Date) => ({ scheduleDate: date.toISOString().slice(0, 10), scheduleTime: date.toISOString().slice(11, 16) });

describe('composing and managing posts', () => {
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

  const count = async (table: string) => (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
  const publish = (parts: Parameters<typeof multipart>[0], headers = person.headers) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/content/publish', payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const data = (value: object) => ({ name: 'data', value: JSON.stringify(value) });

  it('schedules one post with one target per chosen network, keeping the zone it was planned in', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const when = inAnHour();
    const response = await publish([
      data({
        enhancedContent: { x: 'Short for X', linkedin: 'Longer for LinkedIn.\n\n#launch' },
        platforms: ['x', 'linkedin'],
        ...utcParts(when),
        isScheduled: true,
        linkedInOrgId: '',
        timeZone: 'Europe/Berlin',
      }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.scheduled).toBe(true);
    expect(body.scheduleTime).toBe(`${utcParts(when).scheduleDate}T${utcParts(when).scheduleTime}:00.000Z`);
    expect(
      body.posts
        .map((post: { platform: string; text: string; status: string; time_zone: string }) => [
          post.platform,
          post.text,
          post.status,
          post.time_zone,
        ])
        .sort(),
    ).toEqual([
      ['linkedin', 'Longer for LinkedIn.\n\n#launch', 'scheduled', 'Europe/Berlin'],
      ['x', 'Short for X', 'scheduled', 'Europe/Berlin'],
    ]);
    expect(await count('posts')).toBe(1);
    expect(await count('post_targets')).toBe(2);
  });

  it('publishes now with an image, which is re-encoded, served back, and uploaded to the network', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada');
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff8800' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .jpeg()
      .toBuffer();
    const response = await publish([
      data({ enhancedContent: { x: 'With a picture' }, platforms: ['x'], isScheduled: false, linkedInOrgId: '' }),
      { name: 'image', value: jpeg, filename: 'photo.jpg', type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [post] = response.json().posts;
    expect(post.media_urls).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: new URL(post.media_urls[0]).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('secret camera owner'))).toBe(false);
    await eventually(async () => (await xPosts(sandbox.url)).find((sent) => sent.text === 'With a picture' && sent.media.length === 1));
  });

  describe("a post's image (issue 17, item 7)", () => {
    const scheduleWithImage = async () => {
      await connectX(t.services, sandbox.url, person.userId, 'ada');
      await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer();
      const response = await publish([
        data({
          enhancedContent: { x: 'Picture', linkedin: 'Picture' },
          platforms: ['x', 'linkedin'],
          ...utcParts(inAnHour()),
          isScheduled: true,
          linkedInOrgId: '',
        }),
        { name: 'image', value: png, filename: 'photo.png', type: 'image/png' },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const posts = response.json().posts as Array<{ id: string; media_urls: string[] }>;
      return { targetIds: posts.map((post) => post.id), path: new URL(posts[0]?.media_urls[0] as string).pathname };
    };
    const served = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

    it('answers 404 once every post showing it is deleted, and its file is gone', async () => {
      const { targetIds, path: imagePath } = await scheduleWithImage();
      const [x, linkedIn] = targetIds as [string, string];
      const file = (
        await t.database.db.query<{ key: string }>('SELECT storage_key AS key FROM media WHERE id = $1', [imagePath.split('/').pop()])
      ).rows[0]?.key as string;

      expect((await t.app.inject({ method: 'DELETE', url: `/content/${x}`, headers: person.headers })).statusCode).toBe(204);
      expect((await served(imagePath)).statusCode).toBe(200);

      expect((await t.app.inject({ method: 'DELETE', url: `/content/${linkedIn}`, headers: person.headers })).statusCode).toBe(204);
      expect((await served(imagePath)).statusCode).toBe(404);
      expect(await count('media')).toBe(0);
      expect(existsSync(path.join(t.config.dataDir, 'media', file))).toBe(false);
    });

    it('is not cached past its deletion: browsers revalidate it by its ETag', async () => {
      const { path: imagePath } = await scheduleWithImage();
      const first = await served(imagePath);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await served(imagePath, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });
  });

  it('posts to LinkedIn as an organisation the person administers, and refuses one they do not', async () => {
    const { organizations } = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Alice Admin');
    const organization = { id: String(organizations[0]?.id) };
    const ok = await publish([
      data({
        enhancedContent: { linkedin: 'From the company' },
        platforms: ['linkedin'],
        isScheduled: false,
        linkedInOrgId: organization.id,
      }),
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    const sent = await eventually(async () => (await linkedInPosts(sandbox.url)).find((post) => post.commentary === 'From the company'));
    expect(sent.author).toBe(`urn:li:organization:${organization.id}`);

    const refused = await publish([
      data({ enhancedContent: { linkedin: 'Not mine' }, platforms: ['linkedin'], isScheduled: false, linkedInOrgId: '999999' }),
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('not an administrator');
  });

  describe('refuses bad input with a clear message and stores nothing', () => {
    beforeEach(async () => {
      await connectX(t.services, sandbox.url, person.userId, 'ada');
    });

    const cases: Array<[string, () => Parameters<typeof multipart>[0], number, RegExp]> = [
      [
        'blank text',
        () => [data({ enhancedContent: { x: '   ' }, platforms: ['x'], isScheduled: false })],
        400,
        /Post content cannot be empty/,
      ],
      [
        'no platform',
        () => [data({ enhancedContent: { x: 'Hi' }, platforms: [], isScheduled: false })],
        400,
        /Please select at least one platform/,
      ],
      [
        'an X text over 280 weighted characters',
        () => [data({ enhancedContent: { x: '😀'.repeat(141) }, platforms: ['x'], isScheduled: false })],
        400,
        /X allows 280/,
      ],
      [
        'a network that is not connected',
        () => [data({ enhancedContent: { linkedin: 'Hi' }, platforms: ['linkedin'], isScheduled: false })],
        400,
        /Connect your LinkedIn account first/,
      ],
      [
        'a time in the past',
        () => [data({ enhancedContent: { x: 'Hi' }, platforms: ['x'], isScheduled: true, ...utcParts(new Date(Date.now() - 3_600_000)) })],
        400,
        /Scheduled time must be in the future/,
      ],
      [
        'a schedule without a time',
        () => [data({ enhancedContent: { x: 'Hi' }, platforms: ['x'], isScheduled: true, scheduleDate: '2030-01-01' })],
        400,
        /Please select both date and time for scheduling/,
      ],
      ['a data part that is not JSON', () => [{ name: 'data', value: '{not json' }], 400, /not valid JSON/],
      ['no data part', () => [{ name: 'other', value: 'x' }], 400, /no "data" part/],
      [
        'a text file named .png',
        () => [
          data({ enhancedContent: { x: 'Hi' }, platforms: ['x'], isScheduled: false }),
          { name: 'image', value: Buffer.from('not an image at all'), filename: 'cat.png', type: 'image/png' },
        ],
        415,
        /not an image/,
      ],
      [
        'an unsupported image type',
        () => [
          data({ enhancedContent: { x: 'Hi' }, platforms: ['x'], isScheduled: false }),
          { name: 'image', value: Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), filename: 'cat.webp', type: 'image/webp' },
        ],
        415,
        /upload a JPG, PNG or GIF/,
      ],
      [
        'an 11 MB image',
        () => [
          data({ enhancedContent: { x: 'Hi' }, platforms: ['x'], isScheduled: false }),
          { name: 'image', value: Buffer.alloc(11 * 1024 * 1024, 1), filename: 'big.png', type: 'image/png' },
        ],
        413,
        /larger than 10 MB/,
      ],
    ];
    for (const [name, parts, status, message] of cases) {
      it(name, async () => {
        const response = await publish(parts());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.message).toMatch(message);
        expect(await count('posts')).toBe(0);
        expect(await count('media')).toBe(0);
      });
    }

    it('a LinkedIn text within 3,000 characters as typed but over once LinkedIn escapes it', async () => {
      await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
      const response = await publish([
        data({ enhancedContent: { linkedin: '('.repeat(1_501) }, platforms: ['linkedin'], isScheduled: false }),
      ]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(
        'The LinkedIn version is 3002 characters and LinkedIn allows 3000 (symbols such as ( ) _ * @ count twice). Shorten it.',
      );
      expect(await count('posts')).toBe(0);
    });

    it('malformed multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/content/publish',
        headers: { ...person.headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"platforms"',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toBeDefined();
      expect(await count('posts')).toBe(0);
    });

    it('JSON instead of multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/content/publish',
        headers: person.headers,
        payload: { platforms: ['x'] },
      });
      expect(response.statusCode).toBe(415);
    });
  });

  describe('managing a scheduled post', () => {
    let postId: string;
    beforeEach(async () => {
      await connectX(t.services, sandbox.url, person.userId, 'ada');
      await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
      const response = await t.app.inject({
        method: 'POST',
        url: '/posts',
        headers: person.headers,
        payload: { text: 'Planned', platforms: ['x'], scheduledFor: inAnHour().toISOString() },
      });
      postId = response.json().posts[0].id;
    });
    const edit = (id: string, body: object, headers = person.headers) =>
      t.app.inject({ method: 'PUT', url: `/content/${id}`, headers, payload: body });

    it('edits text, network and time, and lists the change', async () => {
      const later = new Date(Date.now() + 7_200_000).toISOString();
      const response = await edit(postId, {
        text: 'Planned, better',
        platform: 'linkedin',
        scheduled_for: later,
        media_urls: [],
        linkedin_org_id: '',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().post).toMatchObject({
        text: 'Planned, better',
        platform: 'linkedin',
        scheduled_for: later,
        status: 'scheduled',
      });
      const list = await t.app.inject({ method: 'GET', url: '/posts?status=scheduled', headers: person.headers });
      expect(list.json().map((post: { id: string; text: string }) => [post.id, post.text])).toEqual([[postId, 'Planned, better']]);
    });

    it('refuses an edit that would post as a LinkedIn page the person does not administer, as composing does', async () => {
      const body = { text: 'As a page', platform: 'linkedin', scheduled_for: inAnHour().toISOString(), media_urls: [] };
      const refused = await edit(postId, { ...body, linkedin_org_id: '999999' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('You are not an administrator of that LinkedIn page, so Postflow cannot post as it.');
      const { rows } = await t.database.db.query('SELECT network, text, linkedin_org_id FROM post_targets WHERE id = $1', [postId]);
      expect(rows[0]).toEqual({ network: 'x', text: 'Planned', linkedin_org_id: null });

      const { organizations } = await t.services.accounts.linkedInOrganizations(person.userId);
      const mine = await edit(postId, { ...body, linkedin_org_id: organizations[0]?.id });
      expect(mine.statusCode, mine.body).toBe(200);
    });

    it('refuses an edit into the past, over the limit, or without text', async () => {
      const past = await edit(postId, { text: 'x', platform: 'x', scheduled_for: new Date(Date.now() - 60_000).toISOString() });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.message).toBe('Schedule time must be in the future');
      const long = await edit(postId, { text: 'a'.repeat(281), platform: 'x', scheduled_for: inAnHour().toISOString() });
      expect(long.statusCode).toBe(400);
      const blank = await edit(postId, { text: '  ', platform: 'x', scheduled_for: inAnHour().toISOString() });
      expect(blank.json().error.message).toBe('Post content cannot be empty');
      const missingTime = await edit(postId, { text: 'ok', platform: 'x', scheduled_for: '' });
      expect(missingTime.json().error.message).toBe('Schedule time is required');
    });

    it('hides another person’s post behind a 404 for every action', async () => {
      const stranger = await signUp(t, 'Stranger');
      const body = { text: 'mine now', platform: 'x', scheduled_for: inAnHour().toISOString() };
      expect((await edit(postId, body, stranger.headers)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/content/${postId}`, headers: stranger.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/content/${postId}/publish-now`, headers: stranger.headers })).statusCode).toBe(
        404,
      );
      const list = await t.app.inject({ method: 'GET', url: '/posts', headers: stranger.headers });
      expect(list.json()).toEqual([]);
    });

    it('publishes it now, then refuses to edit or re-publish it, and deleting it deletes it on X too', async () => {
      const now = await t.app.inject({ method: 'POST', url: `/content/${postId}/publish-now`, headers: person.headers });
      expect(now.statusCode, now.body).toBe(200);
      await eventually(
        async () => (await t.database.db.query(`SELECT 1 FROM post_targets WHERE id = $1 AND status = 'published'`, [postId])).rowCount,
      );
      const again = await edit(postId, { text: 'changed', platform: 'x', scheduled_for: inAnHour().toISOString() });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toContain('already published');

      const removed = await t.app.inject({ method: 'DELETE', url: `/content/${postId}`, headers: person.headers });
      expect(removed.statusCode).toBe(204);
      expect((await xPosts(sandbox.url)).find((sent) => sent.text === 'Planned')?.deleted).toBe(true);
      expect(await count('post_targets')).toBe(0);
    });

    it('refuses to touch a post while it is being published', async () => {
      await t.database.db.query(
        `UPDATE post_targets SET status = 'publishing', lease_owner = 'someone', lease_token = gen_random_uuid(), lease_until = now() + interval '1 minute' WHERE id = $1`,
        [postId],
      );
      const editing = await edit(postId, { text: 'changed', platform: 'x', scheduled_for: inAnHour().toISOString() });
      const deleting = await t.app.inject({ method: 'DELETE', url: `/content/${postId}`, headers: person.headers });
      expect(editing.statusCode).toBe(409);
      expect(deleting.statusCode).toBe(409);
      expect(deleting.json().error.message).toContain('being published right now');
      const row = await t.database.db.query('SELECT text FROM post_targets WHERE id = $1', [postId]);
      expect(row.rows[0]?.text).toBe('Planned');
    });

    it('rejects a malformed id and bad paging with 400, never 500', async () => {
      expect((await t.app.inject({ method: 'PUT', url: '/content/not-a-uuid', headers: person.headers, payload: {} })).statusCode).toBe(
        400,
      );
      for (const query of ['limit=-1', 'limit=100000', 'offset=-5', 'status=bogus', 'platform=myspace']) {
        const response = await t.app.inject({ method: 'GET', url: `/posts?${query}`, headers: person.headers });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });
});
