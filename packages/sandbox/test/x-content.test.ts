import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponseError } from 'twitter-api-v2';
import { json, manualClock, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';
import { tinyMp4 } from './helpers/media-bytes';
import { twitterClient } from './helpers/twitter';

describe('X content rules, media and rate limits', () => {
  const clock = manualClock();
  let running: RunningSandbox;
  let token = '';
  let other = '';

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now, rateLimits: { x: { 'x.tweets.create': { perUser: 1000 } } } });
    token = (await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'content_rules' })))
      .access_token;
    other = (await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'other_person' })))
      .access_token;
  });
  afterAll(async () => {
    await running.close();
  });

  const tweet = (text: string, extra: Record<string, unknown> = {}, bearer = token) =>
    postJson(`${running.url}/x/2/tweets`, { text, ...extra }, { authorization: `Bearer ${bearer}` });

  it('counts 280 weighted characters: ASCII 1, CJK 2, an emoji sequence 2, a URL 23', async () => {
    expect((await tweet('a'.repeat(280))).status).toBe(201);
    const tooLong = await tweet('b'.repeat(281));
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toMatchObject({ title: 'Invalid Request', errors: [{ message: 'Your Tweet text is too long.' }] });

    expect((await tweet('漢'.repeat(140))).status).toBe(201);
    expect((await tweet('字'.repeat(141))).status).toBe(400);

    expect((await tweet('👩‍👩‍👧'.repeat(140))).status).toBe(201);
    expect((await tweet('🎉'.repeat(141))).status).toBe(400);

    const url = `https://example.com/${'p'.repeat(80)}`;
    expect((await tweet(`${'c'.repeat(256)} ${url}`)).status).toBe(201);
    expect((await tweet(`${'d'.repeat(257)} ${url}`)).status).toBe(400);
  });

  it('validates media_ids as the spec does', async () => {
    const numeric = await postJson(
      `${running.url}/x/2/tweets`,
      { text: 'numbers', media: { media_ids: [1690290965297180672] } },
      { authorization: `Bearer ${token}` },
    );
    expect(numeric.status).toBe(400);
    expect(await json(numeric)).toMatchObject({ errors: [{ message: '$.media.media_ids[0]: integer found, string expected' }] });
    const unknown = await tweet('unknown media', { media: { media_ids: ['123'] } });
    expect(await json(unknown)).toMatchObject({ errors: [{ message: 'Your media IDs are invalid.' }] });
    const extra = await tweet('extra field', { poll_options: ['a'] });
    expect(extra.status).toBe(400);
  });

  it('uploads video in chunks; it can be posted once processing has succeeded', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const init = await json<{ data: { id: string; media_key: string } }>(
      await postJson(
        `${running.url}/x/2/media/upload/initialize`,
        { media_type: 'video/mp4', total_bytes: 24, media_category: 'tweet_video' },
        auth,
      ),
    );
    expect(init.data.media_key).toBe(`7_${init.data.id}`);
    // The sandbox checks the MP4 signature (an `ftyp` box) at FINALIZE, so the bytes must start like an MP4.
    const video = tinyMp4(24);
    for (const [index, chunk] of [video.subarray(0, 12), video.subarray(12)].entries()) {
      const form = new FormData();
      form.append('segment_index', String(index));
      form.append('media', new Blob([Uint8Array.from(chunk)]), 'chunk');
      const append = await fetch(`${running.url}/x/2/media/upload/${init.data.id}/append`, { method: 'POST', headers: auth, body: form });
      expect(append.status).toBe(200);
    }
    const finalize = await json<{ data: { processing_info?: { state: string } } }>(
      await fetch(`${running.url}/x/2/media/upload/${init.data.id}/finalize`, { method: 'POST', headers: auth }),
    );
    expect(finalize.data.processing_info?.state).toBe('pending');
    expect((await tweet('video too early', { media: { media_ids: [init.data.id] } })).status).toBe(400);

    const status = async () =>
      (
        await json<{ data: { processing_info: { state: string } } }>(
          await fetch(`${running.url}/x/2/media/upload?command=STATUS&media_id=${init.data.id}`, { headers: auth }),
        )
      ).data.processing_info.state;
    clock.advance(1500);
    expect(await status()).toBe('in_progress');
    clock.advance(1000);
    expect(await status()).toBe('succeeded');
    expect((await tweet('video ready', { media: { media_ids: [init.data.id] } })).status).toBe(201);
  });

  it('refuses a FINALIZE whose bytes do not add up', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const init = await json<{ data: { id: string } }>(
      await postJson(`${running.url}/x/2/media/upload/initialize`, { media_type: 'image/png', total_bytes: 100 }, auth),
    );
    const response = await fetch(`${running.url}/x/2/media/upload/${init.data.id}/finalize`, { method: 'POST', headers: auth });
    expect(response.status).toBe(400);
  });

  it('accepts the legacy command=INIT/APPEND/FINALIZE form and requires media_category on one-shot', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const form = (fields: Record<string, string | Blob>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return fetch(`${running.url}/x/2/media/upload`, { method: 'POST', headers: auth, body });
    };
    const init = await json<{ data: { id: string } }>(
      await form({ command: 'INIT', media_type: 'image/jpeg', total_bytes: '3', media_category: 'tweet_image' }),
    );
    expect(
      (await form({ command: 'APPEND', media_id: init.data.id, segment_index: '0', media: new Blob([Buffer.from('abc')]) })).status,
    ).toBe(200);
    const finalize = await json<{ data: { id: string; size: number } }>(await form({ command: 'FINALIZE', media_id: init.data.id }));
    expect(finalize.data.size).toBe(3);
    const oneShot = await form({ media: new Blob([Buffer.from('png')], { type: 'image/png' }) });
    expect(oneShot.status).toBe(400);
    expect(await json(oneShot)).toMatchObject({ detail: 'One or more parameters to your request was invalid.' });
    const ok = await form({ media: new Blob([Buffer.from('png')], { type: 'image/png' }), media_category: 'tweet_image' });
    expect(ok.status).toBe(200);
  });

  it('allows self-threads but refuses replies to someone who did not mention the replier', async () => {
    const root = await json<{ data: { id: string } }>(await tweet('Thread start'));
    expect((await tweet('Thread continues', { reply: { in_reply_to_tweet_id: root.data.id } })).status).toBe(201);
    const refused = await tweet('Unsolicited reply', { reply: { in_reply_to_tweet_id: root.data.id } }, other);
    expect(refused.status).toBe(403);
    const summon = await json<{ data: { id: string } }>(await tweet('Hey @other_person what do you think?'));
    expect((await tweet('Happy to help', { reply: { in_reply_to_tweet_id: summon.data.id } }, other)).status).toBe(201);
  });

  it('allows the same text again after the duplicate window or after deleting the first post', async () => {
    const first = await json<{ data: { id: string } }>(await tweet('Say it twice'));
    expect((await tweet('Say it twice')).status).toBe(403);
    await fetch(`${running.url}/x/2/tweets/${first.data.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect((await tweet('Say it twice')).status).toBe(201);
    expect((await tweet('Say it thrice')).status).toBe(201);
    clock.advance(24 * 3_600_000 + 1);
    const fresh = (await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'content_rules' })))
      .access_token;
    expect((await tweet('Say it thrice', {}, fresh)).status).toBe(201);
  });

  it('enforces per-user windows with x-rate-limit-* headers and 24-hour counters on POST /2/tweets', async () => {
    const limited = await startSandbox({ now: clock.now, rateLimits: { x: { 'x.tweets.create': { perUser: 2 } } } });
    try {
      const bearer = (await json<{ access_token: string }>(await postJson(`${limited.url}/_sandbox/x/tokens`, { username: 'limited' })))
        .access_token;
      const client = twitterClient(limited.url, bearer);
      await client.v2.tweet('one');
      await client.v2.tweet('two');
      const error = (await client.v2.tweet('three').catch((e: unknown) => e)) as ApiResponseError;
      expect(error.code).toBe(429);
      expect(error.rateLimitError).toBe(true);
      expect(error.data).toEqual({ title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 });
      expect(error.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
      expect(error.rateLimit?.reset).toBe(Math.ceil((clock.now() + 15 * 60_000) / 1000));
      expect(error.rateLimit?.day?.limit).toBe(10_000);
      expect(error.rateLimit?.userDay?.remaining).toBe(2_400 - 2);
      const posts = await json<{ posts: unknown[] }>(await fetch(`${limited.url}/_sandbox/x/posts`));
      expect(posts.posts).toHaveLength(2);
      clock.advance(15 * 60_000);
      expect((await client.v2.tweet('three')).data.text).toBe('three');
    } finally {
      await limited.close();
    }
  });
});
