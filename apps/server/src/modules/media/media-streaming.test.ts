import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes, pdfBytes, pdfWithObjectStreamBytes } from '../../../test/helpers/media-bytes';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

type Part = Parameters<typeof multipart>[0][number];

const MIB = 1024 * 1024;
const video = (name: string, bytes: Buffer): Part => ({ name: 'media', value: bytes, filename: name, type: 'video/mp4' });
const pdf = (name: string, bytes: Buffer): Part => ({ name: 'media', value: bytes, filename: name, type: 'application/pdf' });

/** Every file under DATA_DIR/media, staged uploads (.incoming) included. */
function filesOnDisk(t: TestApp): Array<{ name: string; size: number }> {
  const root = path.join(t.config.dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => ({
        name: path.relative(root, path.join(entry.parentPath, entry.name)),
        size: statSync(path.join(entry.parentPath, entry.name)).size,
      }));
  } catch {
    return [];
  }
}

const mediaRows = async (t: TestApp) => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media')).rows[0]?.n;

function send(t: TestApp, person: TestSession, url: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...person.headers, ...body.headers } });
}

/** Issue 21, point 1 and 2 (docs/decisions/153-media-streaming.md): uploads stream to disk, and stored files stream back with Range. */
describe('a large upload, and reading it back', () => {
  let t: TestApp;
  let person: TestSession;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const staged = () => filesOnDisk(t).filter((entry) => entry.name.startsWith('.incoming/'));

  /** An upload of a 24 MB video that sends its first `sent` bytes and then waits. */
  function halfSent(sent: number) {
    const body = multipart([video('long.mp4', mp4Bytes({ mdatBytes: 24 * MIB, moovAtEnd: true }))]);
    const request = http.request(`${base}/api/v1/media`, {
      method: 'POST',
      headers: { ...person.headers, ...body.headers, 'content-length': String(body.payload.length) },
    });
    request.on('error', () => {});
    request.write(body.payload.subarray(0, sent));
    return request;
  }

  it('writes a video to disk as it arrives, and leaves nothing behind when the client goes away half way', async () => {
    const request = halfSent(8 * MIB);
    // The first 8 MB are on disk, in a staged file, while the rest has not been sent.
    const file = await eventually(async () => {
      const [first] = staged();
      return first && first.size > 4 * MIB ? first : undefined;
    });
    expect(file.size).toBeLessThan(24 * MIB);
    request.destroy();
    await eventually(async () => filesOnDisk(t).length === 0);
    expect(await mediaRows(t)).toBe(0);
  });

  describe('a stored 12 MB video', () => {
    let id: string;
    let bytes: Buffer;
    beforeAll(async () => {
      bytes = mp4Bytes({ durationMs: 31_000, mdatBytes: 12 * MIB, moovAtEnd: true });
      const answer = await send(t, person, '/api/v1/media', [video('clip.mp4', bytes)]);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ kind: 'video', bytes: bytes.length, durationMs: 31_000, fileName: 'clip.mp4' });
      id = answer.json().id;
    });
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/media/${id}`, headers });

    it('is kept byte for byte, with no staged copy left', async () => {
      expect(filesOnDisk(t)).toEqual([{ name: `${person.userId}/${id}.mp4`, size: bytes.length }]);
      const whole = await get();
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
    });

    it('is served whole with its type, length, cache headers and Accept-Ranges', async () => {
      const whole = await get();
      expect(whole.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(bytes.length),
        'accept-ranges': 'bytes',
        'cache-control': 'public, no-cache',
        etag: `"${id}"`,
        'content-disposition': 'inline',
      });
    });

    it('answers one range with 206 and Content-Range: a first and last byte, an open end, or the last bytes', async () => {
      const cases: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        [`bytes=${bytes.length - 1000}-`, bytes.length - 1000, bytes.length - 1],
        ['bytes=-16', bytes.length - 16, bytes.length - 1],
        [`bytes=4-${bytes.length + 5000}`, 4, bytes.length - 1],
      ];
      for (const [range, start, end] of cases) {
        const answer = await get({ range });
        expect(answer.statusCode, range).toBe(206);
        expect(answer.headers['content-range'], range).toBe(`bytes ${start}-${end}/${bytes.length}`);
        expect(answer.headers['content-length'], range).toBe(String(end - start + 1));
        expect(answer.headers['content-type']).toBe('video/mp4');
        expect(answer.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers 416 with the size for a range past the end', async () => {
      const answer = await get({ range: `bytes=${bytes.length}-` });
      expect(answer.statusCode).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(answer.rawPayload.length).toBe(0);
    });

    it('sends the whole file for several ranges or a stale If-Range, and 304 for a cached copy', async () => {
      expect((await get({ range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
      expect((await get({ range: 'bytes=0-1', 'if-range': '"another-version"' })).statusCode).toBe(200);
      expect((await get({ range: 'bytes=0-1', 'if-range': `"${id}"` })).statusCode).toBe(206);
      expect((await get({ 'if-none-match': `"${id}"` })).statusCode).toBe(304);
    });

    it('answers HEAD with the length and no body', async () => {
      const head = await t.app.inject({ method: 'HEAD', url: `/media/${id}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.rawPayload.length).toBe(0);
    });

    it('is 404 for an id that names nothing', async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/media/00000000-0000-4000-8000-000000000000',
        headers: { range: 'bytes=0-1' },
      });
      expect(answer.statusCode).toBe(404);
    });
  });

  // docs/decisions/158-uploads-at-once.md: one person's uploads in progress are bounded, so a script cannot fill DATA_DIR.
  it('takes three uploads of one person at once, refuses a fourth with 429 before writing any of it, and takes files again once one ends', async () => {
    const going = [halfSent(2 * MIB), halfSent(2 * MIB), halfSent(2 * MIB)];
    await eventually(async () => staged().length === 3);

    const fourth = await send(t, person, '/api/v1/media', [pdf('deck.pdf', pdfBytes(2))]);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBe('5');
    expect(fourth.json().error.message).toBe(
      'You are already uploading 3 files; wait for one of them to finish, then send this one again.',
    );
    expect(staged()).toHaveLength(3);
    // A request without files holds no slot: a text post is refused for its own reasons, never this one.
    const text = await send(t, person, '/content/publish', [
      { name: 'data', value: JSON.stringify({ enhancedContent: { x: 'Just words' }, platforms: ['x'] }) },
    ]);
    expect(text.statusCode).not.toBe(429);
    // Another person's uploads are theirs to count.
    const other = await signUp(t, 'Someone else');
    expect((await send(t, other, '/api/v1/media', [pdf('theirs.pdf', pdfBytes(2))])).statusCode).toBe(201);

    going[0]?.destroy();
    await eventually(async () => staged().length === 2);
    expect((await send(t, person, '/api/v1/media', [pdf('deck.pdf', pdfBytes(2))])).statusCode).toBe(201);

    for (const request of going) request.destroy();
    await eventually(async () => staged().length === 0);
  });
});

/** MEDIA_MAX_BYTES at its smallest (10 MiB), so the limits are quick to reach. */
describe('limits and refusals of a multipart upload', () => {
  let t: TestApp;
  let person: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: false, env: { MEDIA_MAX_BYTES: String(10 * MIB) } });
    person = await signUp(t);
  });
  afterAll(() => t.close());

  const later = () => {
    const when = new Date(Date.now() + 3_600_000).toISOString();
    return { isScheduled: true, scheduleDate: when.slice(0, 10), scheduleTime: when.slice(11, 16) };
  };
  const data = (value: object): Part => ({ name: 'data', value: JSON.stringify(value) });

  it('refuses a file over MEDIA_MAX_BYTES with 413 naming it, and keeps none of it', async () => {
    const answer = await send(t, person, '/api/v1/media', [video('huge.mp4', mp4Bytes({ mdatBytes: 10 * MIB }))]);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error.message).toBe('huge.mp4 is larger than 10 MB, the largest file Postflow takes.');
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('refuses files that together pass MEDIA_MAX_BYTES in one request, naming the one that did, and keeps none', async () => {
    const answer = await send(t, person, '/content/publish', [
      data({ enhancedContent: { linkedin: 'Two decks' }, platforms: ['linkedin'], ...later() }),
      pdf('first.pdf', Buffer.concat([pdfBytes(2), Buffer.alloc(6 * MIB, 0x20)])),
      pdf('second.pdf', Buffer.concat([pdfBytes(2), Buffer.alloc(6 * MIB, 0x20)])),
    ]);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error.message).toBe('second.pdf takes the files of this request past 10 MB in all; send fewer or smaller files.');
    expect(filesOnDisk(t)).toEqual([]);
    expect(await mediaRows(t)).toBe(0);
  });

  it('refuses a second "data" part with 400 naming it, instead of letting one of them win', async () => {
    const answer = await send(t, person, '/content/publish', [
      data({ enhancedContent: { x: 'The post I meant' }, platforms: ['x'], ...later() }),
      data({ enhancedContent: { x: 'A stray copy' }, platforms: ['x'], ...later() }),
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      message: 'The request has more than one "data" part; send it once.',
      fields: { data: 'Sent more than once' },
    });
    expect((await t.database.db.query('SELECT 1 FROM posts')).rowCount).toBe(0);
  });

  it('names what each route takes when a request has too many files, fields or parts, and keeps none of the files', async () => {
    const tiny = (index: number) => pdf(`deck-${index}.pdf`, pdfBytes(1));
    const oneAtATime = await send(t, person, '/api/v1/media', [tiny(1), tiny(2)]);
    expect(oneAtATime.statusCode).toBe(413);
    expect(oneAtATime.json().error.message).toBe('Send one file at a time.');

    const fields = Array.from({ length: 6 }, (_, index): Part => ({ name: `note${index}`, value: 'x' }));
    const manyFields = await send(t, person, '/content/publish', [tiny(1), ...fields]);
    expect(manyFields.statusCode).toBe(413);
    expect(manyFields.json().error.message).toBe(
      'The request has more parts than Postflow takes. Send this as multipart/form-data, with a JSON part named "data" and the files in parts named "media", in order.',
    );
    const manyParts = await send(t, person, '/api/v1/media', [tiny(1), ...fields]);
    expect(manyParts.statusCode).toBe(413);
    expect(manyParts.json().error.message).toBe(
      'The request has more parts than Postflow takes. Send the file as multipart/form-data, in one file field named "media".',
    );
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('refuses an MP4 whose movie header gives a length of 0, saying so', async () => {
    const answer = await send(t, person, '/api/v1/media', [video('screen.mp4', mp4Bytes({ durationMs: 0 }))]);
    expect(answer.statusCode).toBe(415);
    expect(answer.json().error.message).toBe(
      'screen.mp4 does not say how long it is (its movie header gives a length of 0), so the networks cannot take it. Export it again as MP4 (H.264).',
    );
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('takes a fragmented MP4 whose length is in mvex/mehd', async () => {
    const answer = await send(t, person, '/api/v1/media', [
      video('fragmented.mp4', mp4Bytes({ durationMs: 0, fragmentDurationMs: 20_000 })),
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().durationMs).toBe(20_000);
  });

  it('counts the pages of a PDF whose page tree is in a compressed object stream', async () => {
    const answer = await send(t, person, '/api/v1/media', [pdf('deck.pdf', pdfWithObjectStreamBytes(12))]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ kind: 'document', mimeType: 'application/pdf', pages: 12 });
  });
});
