import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tinyMp4 } from './helpers/media-bytes';
import { json, manualClock, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

describe('X media v2 video upload (INIT, APPEND, FINALIZE, STATUS)', () => {
  const clock = manualClock();
  let running: RunningSandbox;
  let auth: Record<string, string> = {};
  const api = (path: string) => `${running.url}/x/2${path}`;

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    running.sandbox.reset();
    const tokens = await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'video_maker' }));
    auth = { authorization: `Bearer ${tokens.access_token}` };
  });

  async function upload(bytes: Buffer, chunkBytes = bytes.length): Promise<{ id: string; finalize: Record<string, unknown> }> {
    const init = await json<{ data: { id: string } }>(
      await postJson(
        api('/media/upload/initialize'),
        { media_type: 'video/mp4', total_bytes: bytes.length, media_category: 'tweet_video' },
        auth,
      ),
    );
    const { id } = init.data;
    for (let offset = 0, segment = 0; offset < bytes.length; offset += chunkBytes, segment++) {
      const form = new FormData();
      form.append('segment_index', String(segment));
      form.append('media', new Blob([Uint8Array.from(bytes.subarray(offset, offset + chunkBytes))]), 'chunk');
      const append = await fetch(api(`/media/upload/${id}/append`), { method: 'POST', headers: auth, body: form });
      expect(append.status).toBe(200);
    }
    const finalize = await fetch(api(`/media/upload/${id}/finalize`), { method: 'POST', headers: auth });
    expect(finalize.status).toBe(200);
    return { id, finalize: (await json<{ data: Record<string, unknown> }>(finalize)).data };
  }

  const status = async (id: string) =>
    (
      await json<{ data: { processing_info: Record<string, unknown> } }>(
        await fetch(api(`/media/upload?command=STATUS&media_id=${id}`), { headers: auth }),
      )
    ).data.processing_info;

  const tweet = (id: string, text: string) => postJson(api('/tweets'), { text, media: { media_ids: [id] } }, auth);

  it('processes a video over sandbox time and only then lets a post use it', async () => {
    const { id, finalize } = await upload(tinyMp4(300), 100);
    expect(finalize).toMatchObject({ id, size: 300, processing_info: { state: 'pending', check_after_secs: 1 } });
    expect((await tweet(id, 'Too early')).status).toBe(400);

    clock.advance(1_000);
    expect(await status(id)).toMatchObject({ state: 'in_progress', check_after_secs: 1 });
    clock.advance(1_000);
    expect(await status(id)).toMatchObject({ state: 'succeeded', progress_percent: 100 });

    const created = await tweet(id, 'My video');
    expect(created.status).toBe(201);
    const { posts } = await json<{ posts: { text: string; media: unknown[] }[] }>(await fetch(`${running.url}/_sandbox/x/posts`));
    expect(posts).toEqual([
      expect.objectContaining({
        text: 'My video',
        media: [expect.objectContaining({ id, kind: 'video', mediaType: 'video/mp4', category: 'tweet_video', bytes: 300 })],
      }),
    ]);
  });

  it('fails processing, with X’s error, when a fault says so or the bytes are not an MP4', async () => {
    await postJson(`${running.url}/_sandbox/faults`, {
      rules: [{ network: 'x', endpoint: 'x.media.finalize', kind: 'processing_failed', times: 1 }],
    });
    const faulted = await upload(tinyMp4());
    const notMp4 = await upload(Buffer.from('definitely not a video, just some words'));
    clock.advance(1_000);
    for (const { id } of [faulted, notMp4]) {
      expect(await status(id)).toMatchObject({
        state: 'failed',
        error: { name: 'InvalidMedia', message: expect.stringContaining('Unsupported') },
      });
      clock.advance(5_000);
      const refused = await tweet(id, `Broken ${id}`);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Your media IDs are invalid.');
    }
  });

  it('a fault can skip the first requests: only the 2nd APPEND fails', async () => {
    await postJson(`${running.url}/_sandbox/faults`, {
      rules: [{ network: 'x', endpoint: 'x.media.append', kind: 'server_error', after: 1, times: 1, status: 503 }],
    });
    const init = await json<{ data: { id: string } }>(
      await postJson(api('/media/upload/initialize'), { media_type: 'video/mp4', total_bytes: 30, media_category: 'tweet_video' }, auth),
    );
    const statuses: number[] = [];
    for (const segment of [0, 1, 1, 2]) {
      const form = new FormData();
      form.append('segment_index', String(segment));
      form.append('media', new Blob([Uint8Array.from(tinyMp4(30).subarray(segment * 10, segment * 10 + 10))]), 'chunk');
      statuses.push((await fetch(api(`/media/upload/${init.data.id}/append`), { method: 'POST', headers: auth, body: form })).status);
    }
    expect(statuses).toEqual([200, 503, 200, 200]);
    const finalize = await fetch(api(`/media/upload/${init.data.id}/finalize`), { method: 'POST', headers: auth });
    expect(finalize.status).toBe(200);
  });
});
