import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mp4Bytes, pdfBytes } from '../../../test/helpers/media-bytes';
import { connectLinkedIn, connectX, linkedInPosts, startSandbox, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

type Part = Parameters<typeof multipart>[0][number];

const inAnHour = () => new Date(Date.now() + 3_600_000);
const png = (color: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();
const image = async (name: string, color = '#3366ff'): Promise<Part> => ({
  name: 'media',
  value: await png(color),
  filename: name,
  type: 'image/png',
});
const file = (name: string, value: Buffer, type: string): Part => ({ name: 'media', value, filename: name, type });

/** Issue 21, points 2–4 (docs/product.md, Composer · Media): several images with alt texts, a video, a document. */
describe('a post with media', () => {
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
    await connectX(t.services, sandbox.url, person.userId, 'ada');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
  });
  afterEach(() => t.close());

  const count = async (table: string) => (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
  const storedFiles = () => {
    const root = path.join(t.services.config.dataDir, 'media');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    } catch {
      return 0;
    }
  };
  const publish = (parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/content/publish',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
  };
  const upload = (part: Part) => {
    const body = multipart([part]);
    return t.app.inject({ method: 'POST', url: '/api/v1/media', payload: body.payload, headers: { ...person.headers, ...body.headers } });
  };
  const data = (value: object): Part => ({ name: 'data', value: JSON.stringify(value) });
  const later = () => {
    const when = inAnHour();
    return { isScheduled: true, scheduleDate: when.toISOString().slice(0, 10), scheduleTime: when.toISOString().slice(11, 16) };
  };

  it('sends four images to X in the chosen order, each with its alt text', async () => {
    const alts = ['A red square', 'A green square', '', 'A blue square'];
    const response = await publish([
      data({ enhancedContent: { x: 'Four squares' }, platforms: ['x'], media: alts.map((alt) => ({ alt })) }),
      await image('red.png', '#ff0000'),
      await image('green.png', '#00ff00'),
      await image('grey.png', '#888888'),
      await image('blue.png', '#0000ff'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().posts[0].media_urls).toHaveLength(4);
    const sent = await eventually(async () =>
      (await xPosts(sandbox.url)).find((post) => post.text === 'Four squares' && post.media.length === 4),
    );
    expect((sent.media as Array<{ altText?: string }>).map((media) => media.altText ?? '')).toEqual(alts);
  });

  it('publishes files uploaded before by id, with alt texts aligned to them', async () => {
    const first = await upload(await image('one.png', '#112233'));
    const second = await upload(await image('two.png', '#445566'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'image', mimeType: 'image/png', fileName: 'one.png', width: 24, height: 16 });
    const response = await publish([
      data({
        enhancedContent: { x: 'Uploaded first' },
        platforms: ['x'],
        mediaIds: [second.json().id, first.json().id],
        media: [{ alt: 'Second' }, { alt: 'First' }],
      }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const sent = await eventually(async () =>
      (await xPosts(sandbox.url)).find((post) => post.text === 'Uploaded first' && post.media.length === 2),
    );
    expect((sent.media as Array<{ altText?: string }>).map((media) => media.altText)).toEqual(['Second', 'First']);
  });

  it('takes uploaded files by id in the JSON call too (POST /posts)', async () => {
    const uploaded = await upload(await image('api.png', '#abcdef'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: { text: 'From a script', platforms: ['x'], mediaIds: [uploaded.json().id], media: [{ alt: 'A square' }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = await eventually(async () =>
      (await xPosts(sandbox.url)).find((post) => post.text === 'From a script' && post.media.length === 1),
    );
    expect((sent.media as Array<{ altText?: string }>)[0]?.altText).toBe('A square');
  });

  it('uploads a video and a document, answering what their bytes say', async () => {
    const video = await upload(file('clip.mp4', mp4Bytes({ durationMs: 15_000, width: 1280, height: 720 }), 'video/mp4'));
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ kind: 'video', mimeType: 'video/mp4', durationMs: 15_000, width: 1280, height: 720 });
    const pdf = await upload(file('deck.pdf', pdfBytes(5), 'application/pdf'));
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ kind: 'document', mimeType: 'application/pdf', pages: 5, fileName: 'deck.pdf' });
  });

  it('schedules a LinkedIn document post with its title, and keeps the title on the target', async () => {
    const response = await publish([
      data({ enhancedContent: { linkedin: 'Our deck' }, platforms: ['linkedin'], ...later(), document: { title: 'Launch deck' } }),
      file('deck.pdf', pdfBytes(3), 'application/pdf'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { rows } = await t.database.db.query<{ title: string }>('SELECT media_title AS title FROM post_targets');
    expect(rows).toEqual([{ title: 'Launch deck' }]);
    // Lists say what the file is, so the post shows as a document rather than a broken picture.
    const listed = await t.app.inject({ method: 'GET', url: '/posts', headers: person.headers });
    expect(listed.json()).toMatchObject([{ media_kinds: ['document'], document_title: 'Launch deck' }]);
  });

  it('publishes a short MP4 to X and LinkedIn: each network holds one post carrying the video', async () => {
    const response = await publish([
      data({ enhancedContent: { x: 'Our launch clip', linkedin: 'Our launch clip, on LinkedIn' }, platforms: ['x', 'linkedin'] }),
      file('clip.mp4', mp4Bytes({ durationMs: 4_000, width: 640, height: 360 }), 'video/mp4'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const onX = await eventually(async () => {
      const posts = (await xPosts(sandbox.url)).filter((post) => post.text === 'Our launch clip');
      return posts.length ? posts : undefined;
    }, 20_000);
    expect(onX).toHaveLength(1);
    expect(onX[0]?.media).toMatchObject([{ kind: 'video', category: 'tweet_video' }]);
    const onLinkedIn = await eventually(async () => {
      const posts = (await linkedInPosts(sandbox.url)).filter((post) => post.commentary === 'Our launch clip, on LinkedIn');
      return posts.length ? posts : undefined;
    }, 20_000);
    expect(onLinkedIn).toHaveLength(1);
    expect((onLinkedIn[0] as unknown as { media: unknown[] }).media).toMatchObject([{ kind: 'video' }]);
  });

  it('publishes a PDF to LinkedIn as a document post with its title', async () => {
    const response = await publish([
      data({ enhancedContent: { linkedin: 'The deck, page by page' }, platforms: ['linkedin'], document: { title: 'Launch deck' } }),
      file('deck.pdf', pdfBytes(3), 'application/pdf'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const posts = await eventually(async () => {
      const found = (await linkedInPosts(sandbox.url)).filter((post) => post.commentary === 'The deck, page by page');
      return found.length ? found : undefined;
    }, 20_000);
    expect(posts).toHaveLength(1);
    expect((posts[0] as unknown as { media: unknown[] }).media).toMatchObject([{ kind: 'document', title: 'Launch deck' }]);
  });

  it('takes twenty LinkedIn images with long alt texts in one data part', async () => {
    const alts = Array.from({ length: 20 }, (_, index) => `${index} ${'described at length '.repeat(200)}`.slice(0, 4_000));
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) ids.push((await upload(await image(`${index}.png`))).json().id);
    const response = await publish([
      data({
        enhancedContent: { linkedin: 'Twenty' },
        platforms: ['linkedin'],
        ...later(),
        mediaIds: ids,
        media: alts.map((alt) => ({ alt })),
      }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses an empty file part, so the alt texts never shift onto the wrong file', async () => {
    const response = await publish([
      data({ enhancedContent: { x: 'Shifted' }, platforms: ['x'], media: [{ alt: 'For the empty one' }] }),
      file('empty.png', Buffer.alloc(0), 'image/png'),
      await image('real.png'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('empty.png is empty; choose the file again.');
    expect(await count('posts')).toBe(0);
  });

  it('refuses the same file attached twice', async () => {
    const id = (await upload(await image('once.png'))).json().id;
    const response = await publish([data({ enhancedContent: { x: 'Twice' }, platforms: ['x'], mediaIds: [id, id] })]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ mediaIds: 'Each file can be attached once' });
  });

  it('checks an edit’s files as composing does: no document on X, no address that names no file', async () => {
    const created = await publish([data({ enhancedContent: { x: 'To edit' }, platforms: ['x'], ...later() })]);
    const postId = created.json().posts[0].id as string;
    const pdf = (await upload(file('deck.pdf', pdfBytes(2), 'application/pdf'))).json();
    const edit = (mediaUrls: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/content/${postId}`,
        headers: person.headers,
        payload: { text: 'Edited', platform: 'x', scheduled_for: inAnHour().toISOString(), media_urls: mediaUrls },
      });
    const document = await edit([pdf.url]);
    expect(document.statusCode).toBe(400);
    expect(document.json().error.message).toMatch(/document/i);
    const nonsense = await edit(['http://x/media/not-a-uuid']);
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().error.fields).toEqual({ media_urls: 'Not an uploaded file' });
  });

  it('refuses a file of another workspace by id', async () => {
    const other = await signUp(t, 'Someone Else');
    const body = multipart([await image('theirs.png')]);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      payload: body.payload,
      headers: { ...other.headers, ...body.headers },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const response = await publish([data({ enhancedContent: { x: 'Not mine' }, platforms: ['x'], mediaIds: [theirs.json().id] })]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'mediaIds.0': 'Unknown file' });
    expect(await count('posts')).toBe(0);
  });

  describe('refuses what a network would refuse, naming the file or field, and stores nothing', () => {
    const cases: Array<[string, () => Promise<Part[]>, number, RegExp]> = [
      [
        'a fifth image on X',
        async () => [
          data({ enhancedContent: { x: 'Five' }, platforms: ['x'] }),
          ...(await Promise.all(['1.png', '2.png', '3.png', '4.png', '5.png'].map((name) => image(name)))),
        ],
        400,
        /X takes up to 4 images in a post; 5\.png is number 5/,
      ],
      [
        'a 21st image on LinkedIn',
        async () => [
          data({ enhancedContent: { linkedin: 'Many' }, platforms: ['linkedin'] }),
          ...(await Promise.all(Array.from({ length: 21 }, (_, index) => image(`p${index + 1}.png`)))),
        ],
        400,
        /up to 20 files; p21\.png is one too many/,
      ],
      [
        'alt text over X’s 1,000 characters',
        async () => [
          data({ enhancedContent: { x: 'Long alt' }, platforms: ['x'], media: [{ alt: 'a'.repeat(1001) }] }),
          await image('long.png'),
        ],
        400,
        /The alt text of long\.png is 1001 characters; X takes up to 1000/,
      ],
      [
        'a document to X',
        async () => [
          data({ enhancedContent: { x: 'Deck' }, platforms: ['x'], document: { title: 'Deck' } }),
          file('deck.pdf', pdfBytes(2), 'application/pdf'),
        ],
        400,
        /X does not take documents; post deck\.pdf to LinkedIn only/,
      ],
      [
        'a document without a title',
        async () => [
          data({ enhancedContent: { linkedin: 'Deck' }, platforms: ['linkedin'] }),
          file('deck.pdf', pdfBytes(2), 'application/pdf'),
        ],
        400,
        /Give deck\.pdf a title/,
      ],
      [
        'a video too long for X',
        async () => [
          data({ enhancedContent: { x: 'Long clip' }, platforms: ['x'] }),
          file('clip.mp4', mp4Bytes({ durationMs: 190_000 }), 'video/mp4'),
        ],
        400,
        /clip\.mp4 is 3 min 10 s; X takes videos up to 2 min 20 s/,
      ],
      [
        'an HEVC video for X',
        async () => [
          data({ enhancedContent: { x: 'HEVC' }, platforms: ['x'] }),
          file('phone.mp4', mp4Bytes({ videoCodec: 'hvc1' }), 'video/mp4'),
        ],
        400,
        /phone\.mp4 is encoded as hvc1; X takes H\.264 video/,
      ],
      [
        'an MP4 with no video stream',
        async () => [
          data({ enhancedContent: { x: 'Sound' }, platforms: ['x'] }),
          file('song.mp4', mp4Bytes({ videoCodec: null }), 'video/mp4'),
        ],
        415,
        /song\.mp4 has no video track/,
      ],
      [
        'a QuickTime movie named .mp4',
        async () => [
          data({ enhancedContent: { x: 'Movie' }, platforms: ['x'] }),
          file('movie.mp4', mp4Bytes({ brand: 'qt  ', compatibleBrands: 'qt  ' }), 'video/mp4'),
        ],
        415,
        /movie\.mp4 is a QuickTime movie, not MP4/,
      ],
      [
        'a PDF that is not one',
        async () => [
          data({ enhancedContent: { linkedin: 'Notes' }, platforms: ['linkedin'], document: { title: 'Notes' } }),
          file('notes.pdf', Buffer.from('These are just notes in a text file.'), 'application/pdf'),
        ],
        415,
        /notes\.pdf is not a PDF/,
      ],
      [
        'a video with images',
        async () => [
          data({ enhancedContent: { linkedin: 'Mixed' }, platforms: ['linkedin'] }),
          await image('still.png'),
          file('clip.mp4', mp4Bytes(), 'video/mp4'),
        ],
        400,
        /Attach images, or one video, or one document/,
      ],
    ];
    for (const [name, parts, status, message] of cases) {
      it(name, async () => {
        const response = await publish(await parts());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.message).toMatch(message);
        expect(await count('posts')).toBe(0);
        expect(await count('media')).toBe(0);
        expect(storedFiles()).toBe(0);
      });
    }
  });

  it('refuses an upload that is no file a post can carry, naming it', async () => {
    const response = await upload(file('clip.mov', mp4Bytes({ brand: 'qt  ', compatibleBrands: 'qt  ' }), 'video/quicktime'));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/clip\.mov is a QuickTime movie/);
    const empty = multipart([{ name: 'other', value: 'x' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      payload: empty.payload,
      headers: { ...person.headers, ...empty.headers },
    });
    expect(none.statusCode).toBe(400);
    expect(await count('media')).toBe(0);
  });
});
