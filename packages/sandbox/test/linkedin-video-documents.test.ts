import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKEDIN_VERSION } from './helpers/linkedin';
import { tinyMp4, tinyPdf } from './helpers/media-bytes';
import { json, manualClock, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

interface Instructions {
  value: { video: string; uploadToken: string; uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[] };
}

describe('LinkedIn Videos and Documents APIs', () => {
  const clock = manualClock();
  let running: RunningSandbox;
  let headers: Record<string, string> = {};
  let author = '';
  const rest = (path: string) => `${running.url}/linkedin/rest${path}`;

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now, linkedin: { videoPartBytes: 100 } });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    running.sandbox.reset();
    const tokens = await json<{ access_token: string; member: { personUrn: string } }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Vera Video' }),
    );
    headers = {
      authorization: `Bearer ${tokens.access_token}`,
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
    };
    author = tokens.member.personUrn;
  });

  async function initializeVideo(size: number): Promise<Instructions['value']> {
    const response = await postJson(
      rest('/videos?action=initializeUpload'),
      { initializeUploadRequest: { owner: author, fileSizeBytes: size } },
      headers,
    );
    expect(response.status).toBe(200);
    return (await json<Instructions>(response)).value;
  }

  async function putParts(init: Instructions['value'], bytes: Buffer): Promise<string[]> {
    const etags: string[] = [];
    for (const part of init.uploadInstructions) {
      const put = await fetch(part.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: Uint8Array.from(bytes.subarray(part.firstByte, part.lastByte + 1)),
      });
      expect(put.status).toBe(200);
      etags.push(put.headers.get('etag') ?? '');
    }
    return etags;
  }

  const finalize = (init: Instructions['value'], uploadedPartIds: string[]) =>
    postJson(
      rest('/videos?action=finalizeUpload'),
      { finalizeUploadRequest: { video: init.video, uploadToken: init.uploadToken, uploadedPartIds } },
      headers,
    );

  const videoStatus = async (urn: string) =>
    json<{ status: string; processingFailureReason?: string }>(await fetch(rest(`/videos/${encodeURIComponent(urn)}`), { headers }));

  const post = (content: unknown, commentary: string) =>
    postJson(
      rest('/posts'),
      { author, commentary, visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED', content },
      headers,
    );

  it('uploads a video in byte-range parts, checks the ETags at finalize, and posts it once AVAILABLE', async () => {
    const bytes = tinyMp4(250);
    const init = await initializeVideo(bytes.length);
    expect(init.uploadInstructions.map(({ firstByte, lastByte }) => [firstByte, lastByte])).toEqual([
      [0, 99],
      [100, 199],
      [200, 249],
    ]);
    expect(init.uploadToken).not.toBe('');
    const etags = await putParts(init, bytes);
    expect(new Set(etags).size).toBe(3);

    const wrong = await finalize(init, [etags[1]!, etags[0]!, etags[2]!]);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('uploadedPartIds');
    expect((await finalize(init, etags)).status).toBe(200);

    expect(await videoStatus(init.video)).toMatchObject({ status: 'PROCESSING' });
    const early = await post({ media: { id: init.video, title: 'Launch' } }, 'Too early');
    expect(early.status).toBe(422);
    expect(await early.text()).toContain('PROCESSING, not AVAILABLE');

    clock.advance(3_000);
    expect(await videoStatus(init.video)).toMatchObject({ status: 'AVAILABLE' });
    expect((await post({ media: { id: init.video, title: 'Launch' } }, 'Our launch video')).status).toBe(201);
    const { posts } = await json<{ posts: { commentary: string; media: unknown[] }[] }>(
      await fetch(`${running.url}/_sandbox/linkedin/posts`),
    );
    expect(posts).toEqual([
      expect.objectContaining({
        commentary: 'Our launch video',
        media: [{ kind: 'video', urn: init.video, title: 'Launch', altText: null, bytes: 250 }],
      }),
    ]);
  });

  it('refuses a finalize before every part is in, and a part of the wrong size', async () => {
    const bytes = tinyMp4(150);
    const init = await initializeVideo(bytes.length);
    const short = await fetch(init.uploadInstructions[0]!.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes.subarray(0, 50)) });
    expect(short.status).toBe(400);
    const first = await fetch(init.uploadInstructions[0]!.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes.subarray(0, 100)) });
    const missing = await finalize(init, [first.headers.get('etag') ?? '']);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Part 1');
  });

  it('fails processing by fault or for bytes that are not an MP4, and a post cannot use the video', async () => {
    await postJson(`${running.url}/_sandbox/faults`, {
      rules: [{ network: 'linkedin', endpoint: 'linkedin.videos.finalizeUpload', kind: 'processing_failed', times: 1 }],
    });
    const faulted = await initializeVideo(64);
    expect((await finalize(faulted, await putParts(faulted, tinyMp4(64)))).status).toBe(200);
    const text = Buffer.from('not a video at all');
    const notMp4 = await initializeVideo(text.length);
    expect((await finalize(notMp4, await putParts(notMp4, text))).status).toBe(200);
    clock.advance(3_000);
    for (const init of [faulted, notMp4]) {
      expect(await videoStatus(init.video)).toMatchObject({ status: 'PROCESSING_FAILED', processingFailureReason: expect.any(String) });
      expect((await post({ media: { id: init.video, title: 'x' } }, `Broken ${init.video}`)).status).toBe(422);
    }
  });

  it('uploads a document with the bearer token and posts it with a title once AVAILABLE', async () => {
    const init = await json<{ value: { uploadUrl: string; document: string } }>(
      await postJson(rest('/documents?action=initializeUpload'), { initializeUploadRequest: { owner: author } }, headers),
    );
    const { uploadUrl, document } = init.value;
    expect(document).toMatch(/^urn:li:document:/);
    const anonymous = await fetch(uploadUrl, { method: 'PUT', body: Uint8Array.from(tinyPdf()) });
    expect(anonymous.status).toBe(401);
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { authorization: headers.authorization!, 'content-type': 'application/pdf' },
      body: Uint8Array.from(tinyPdf()),
    });
    expect(put.status).toBe(201);
    const status = async () =>
      (await json<{ status: string }>(await fetch(rest(`/documents/${encodeURIComponent(document)}`), { headers }))).status;
    expect(await status()).toBe('PROCESSING');
    clock.advance(2_000);
    expect(await status()).toBe('AVAILABLE');

    const untitled = await post({ media: { id: document } }, 'No title');
    expect(untitled.status).toBe(422);
    expect((await post({ media: { id: document, title: 'Q3 report' } }, 'Our Q3 report')).status).toBe(201);
    const { posts } = await json<{ posts: { media: unknown[] }[] }>(await fetch(`${running.url}/_sandbox/linkedin/posts`));
    expect(posts.at(-1)?.media).toEqual([{ kind: 'document', urn: document, title: 'Q3 report', altText: null, bytes: tinyPdf().length }]);
  });

  it('a document that is not a PDF or Office file fails processing', async () => {
    const init = await json<{ value: { uploadUrl: string; document: string } }>(
      await postJson(rest('/documents?action=initializeUpload'), { initializeUploadRequest: { owner: author } }, headers),
    );
    await fetch(init.value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: headers.authorization! },
      body: Uint8Array.from(Buffer.from('hello')),
    });
    clock.advance(2_000);
    const read = await json<{ status: string; processingFailureReason: string }>(
      await fetch(rest(`/documents/${encodeURIComponent(init.value.document)}`), { headers }),
    );
    expect(read).toMatchObject({ status: 'PROCESSING_FAILED', processingFailureReason: expect.stringContaining('PDF') });
  });

  it('lists a multi-image post’s images with their alt texts, in order, and refuses alt text over the limit', async () => {
    const images: string[] = [];
    for (let i = 0; i < 3; i++) {
      const init = await json<{ value: { uploadUrl: string; image: string } }>(
        await postJson(rest('/images?action=initializeUpload'), { initializeUploadRequest: { owner: author } }, headers),
      );
      await fetch(init.value.uploadUrl, {
        method: 'PUT',
        headers: { authorization: headers.authorization! },
        body: Uint8Array.from(Buffer.from('png')),
      });
      images.push(init.value.image);
    }
    const tooLong = await post({ multiImage: { images: images.map((id) => ({ id, altText: 'a'.repeat(4087) })) } }, 'Too long alt');
    expect(tooLong.status).toBe(400);
    const created = await post(
      { multiImage: { images: images.map((id, index) => ({ id, altText: `Picture ${index + 1}` })) } },
      'Three pictures',
    );
    expect(created.status).toBe(201);
    const { posts } = await json<{ posts: { media: unknown[] }[] }>(await fetch(`${running.url}/_sandbox/linkedin/posts`));
    expect(posts.at(-1)?.media).toEqual(
      images.map((urn, index) => ({ kind: 'image', urn, altText: `Picture ${index + 1}`, title: null, bytes: 3 })),
    );
  });
});
