import type { TwitterApi } from 'twitter-api-v2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';
import { twitterClient } from './helpers/twitter';

/** Replies, threads and expansions as docs/networks.md (X · Threads, X · Fields and expansions) describes them. */

// A tiny valid PNG (1×1).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Tweets {
  data?: Record<string, unknown>[];
  includes?: { users?: { id: string; username: string }[]; media?: { media_key: string }[]; tweets?: Record<string, unknown>[] };
  errors?: Record<string, unknown>[];
}

describe('X threads and expansions', () => {
  let running: RunningSandbox;
  let token = '';
  let userId = '';
  let client: TwitterApi;

  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(async () => {
    await running.close();
  });
  beforeEach(async () => {
    await fetch(`${running.url}/_sandbox/reset`, { method: 'POST' });
    const tokens = await json<{ access_token: string; user: { id: string } }>(
      await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'thread_writer' }),
    );
    token = tokens.access_token;
    userId = tokens.user.id;
    client = twitterClient(running.url, token);
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  async function tweet(text: string, inReplyTo?: string): Promise<string> {
    const response = await postJson(
      `${running.url}/x/2/tweets`,
      { text, ...(inReplyTo ? { reply: { in_reply_to_tweet_id: inReplyTo } } : {}) },
      auth(),
    );
    expect(response.status).toBe(201);
    return (await json<{ data: { id: string } }>(response)).data.id;
  }
  const get = async (path: string) => json<Tweets>(await fetch(`${running.url}/x/2${path}`, { headers: auth() }));

  async function chain(): Promise<[string, string, string]> {
    const root = await tweet('1/3 A thread starts here.');
    const second = await tweet('2/3 It goes on.', root);
    const third = await tweet('3/3 And ends.', second);
    return [root, second, third];
  }

  it('answers each part of a chain with its conversation, its parent and the parent’s author', async () => {
    const [root, second, third] = await chain();
    const { data } = await get(`/tweets?ids=${root},${second},${third}&tweet.fields=conversation_id,in_reply_to_user_id,referenced_tweets`);
    expect(data).toEqual([
      { id: root, text: '1/3 A thread starts here.', edit_history_tweet_ids: [root], conversation_id: root },
      {
        id: second,
        text: '2/3 It goes on.',
        edit_history_tweet_ids: [second],
        conversation_id: root,
        in_reply_to_user_id: userId,
        referenced_tweets: [{ type: 'replied_to', id: root }],
      },
      {
        id: third,
        text: '3/3 And ends.',
        edit_history_tweet_ids: [third],
        conversation_id: root,
        in_reply_to_user_id: userId,
        referenced_tweets: [{ type: 'replied_to', id: second }],
      },
    ]);
  });

  it('puts the linking field in data for expansions=author_id, with no tweet.fields', async () => {
    const id = await tweet('Who wrote this?');
    const answer = await get(`/tweets/${id}?expansions=author_id`);
    expect(answer).toEqual({
      data: { id, text: 'Who wrote this?', edit_history_tweet_ids: [id], author_id: userId },
      includes: { users: [{ id: userId, name: expect.any(String), username: 'thread_writer' }] },
    });
  });

  it('puts attachments.media_keys in data for that expansion, with the media in includes', async () => {
    const mediaId = await client.v2.uploadMedia(PNG, { media_type: 'image/png' });
    const posted = await client.v2.tweet({ text: 'A picture', media: { media_ids: [mediaId] } });
    const answer = await get(`/tweets/${posted.data.id}?expansions=attachments.media_keys`);
    const keys = (answer.data as unknown as { attachments: { media_keys: string[] } }).attachments.media_keys;
    expect(keys).toHaveLength(1);
    expect(answer.includes?.media).toEqual([{ media_key: keys[0], type: 'photo' }]);
  });

  it('expands referenced_tweets.id (and their authors) on a timeline, and reports a parent that is gone', async () => {
    const [root, second, third] = await chain();
    const timeline = await get(`/users/${userId}/tweets?max_results=5&expansions=referenced_tweets.id,referenced_tweets.id.author_id`);
    expect(timeline.data?.map((post) => [post.id, post.referenced_tweets ?? null])).toEqual([
      [third, [{ type: 'replied_to', id: second }]],
      [second, [{ type: 'replied_to', id: root }]],
      [root, null],
    ]);
    expect(timeline.includes?.tweets?.map((post) => [post.id, post.author_id])).toEqual([
      [second, userId],
      [root, userId],
    ]);
    expect(timeline.includes?.users?.map((user) => user.id)).toEqual([userId]);

    expect((await fetch(`${running.url}/x/2/tweets/${second}`, { method: 'DELETE', headers: auth() })).status).toBe(200);
    const orphan = await get(`/tweets/${third}?expansions=referenced_tweets.id`);
    expect(orphan.data).toMatchObject({ id: third, referenced_tweets: [{ type: 'replied_to', id: second }] });
    expect(orphan.includes).toBeUndefined();
    expect(orphan.errors).toEqual([
      expect.objectContaining({
        resource_id: second,
        parameter: 'referenced_tweets.id',
        section: 'includes',
        type: 'https://api.twitter.com/2/problems/resource-not-found',
      }),
    ]);
  });

  it('expands in_reply_to_user_id into the user answered', async () => {
    const [root, second] = await chain();
    const answer = await get(`/tweets?ids=${root},${second}&expansions=in_reply_to_user_id`);
    expect(answer.data?.map((post) => post.in_reply_to_user_id ?? null)).toEqual([null, userId]);
    expect(answer.includes?.users?.map((user) => user.id)).toEqual([userId]);
  });

  it('shows on a part’s public page the post it replies to', async () => {
    const [root, second] = await chain();
    const page = await (await fetch(`${running.url}/x/thread_writer/status/${second}`)).text();
    expect(page).toContain(`Replying to <a href="${running.url}/x/thread_writer/status/${root}">@thread_writer</a>`);
    expect(await (await fetch(`${running.url}/x/thread_writer/status/${root}`)).text()).not.toContain('Replying to');
  });

  it('refuses a reply to a deleted post with X’s message, and creates nothing', async () => {
    const root = await tweet('Soon gone');
    await fetch(`${running.url}/x/2/tweets/${root}`, { method: 'DELETE', headers: auth() });
    const response = await postJson(`${running.url}/x/2/tweets`, { text: 'Too late', reply: { in_reply_to_tweet_id: root } }, auth());
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      errors: [
        {
          parameters: { 'reply.in_reply_to_tweet_id': [root] },
          message: 'The Post you are replying to has been deleted or is not visible to you.',
        },
      ],
    });
    const { posts } = await json<{ posts: { text: string }[] }>(await fetch(`${running.url}/_sandbox/x/posts`));
    expect(posts.map((post) => post.text)).toEqual(['Soon gone']);
  });
});
