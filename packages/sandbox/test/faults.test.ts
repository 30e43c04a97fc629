import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';
import { LINKEDIN_VERSION } from './helpers/linkedin';

interface AdminXPost {
  text: string;
  receivedAt: string;
  createdAt: string;
}

describe('fault injection', () => {
  let running: RunningSandbox;
  let xToken = '';
  let liToken = '';
  let personUrn = '';

  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(async () => {
    await running.close();
  });
  beforeEach(async () => {
    await fetch(`${running.url}/_sandbox/reset`, { method: 'POST' });
    xToken = (await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'fault_tester' })))
      .access_token;
    const li = await json<{ access_token: string; member: { personUrn: string } }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Fault Tester' }),
    );
    liToken = li.access_token;
    personUrn = li.member.personUrn;
  });

  const faults = (rules: unknown[], seed?: string) => postJson(`${running.url}/_sandbox/faults`, { rules, ...(seed ? { seed } : {}) });
  const tweet = (text: string, init: RequestInit = {}) =>
    fetch(`${running.url}/x/2/tweets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${xToken}` },
      body: JSON.stringify({ text }),
      ...init,
    });
  const xPosts = async () => (await json<{ posts: AdminXPost[] }>(await fetch(`${running.url}/_sandbox/x/posts`))).posts;
  const linkedInPost = (commentary: string) =>
    postJson(
      `${running.url}/linkedin/rest/posts`,
      { author: personUrn, commentary, visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED' },
      { authorization: `Bearer ${liToken}`, 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' },
    );

  it('adds latency; receivedAt is the arrival instant, before the delay', async () => {
    await faults([{ network: 'x', endpoint: 'x.tweets.create', kind: 'latency', latencyMs: [250, 250] }]);
    const sent = Date.now();
    const response = await tweet('slow post');
    const elapsed = Date.now() - sent;
    expect(response.status).toBe(201);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    const [post] = await xPosts();
    const received = Date.parse(post?.receivedAt ?? '');
    expect(received - sent).toBeLessThan(150);
    expect(Date.parse(post?.createdAt ?? '') - received).toBeGreaterThanOrEqual(240);
    expect(post?.receivedAt).toMatch(/\.\d{3}Z$/);
  });

  it('answers 429 with each network’s body and creates nothing', async () => {
    await faults([
      { network: 'x', endpoint: 'x.tweets.create', kind: 'rate_limit', times: 1 },
      { network: 'linkedin', endpoint: 'linkedin.posts.create', kind: 'rate_limit', times: 1 },
    ]);
    const x = await tweet('throttled');
    expect(x.status).toBe(429);
    expect(await json(x)).toEqual({ title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 });
    expect(x.headers.get('x-rate-limit-remaining')).toBe('0');
    const li = await linkedInPost('throttled');
    expect(li.status).toBe(429);
    expect(await json(li)).toMatchObject({ serviceErrorCode: 101, status: 429 });
    expect(await xPosts()).toHaveLength(0);
    expect((await tweet('throttled')).status).toBe(201);
  });

  it('answers 5xx with the network’s body and creates nothing', async () => {
    await faults([
      { network: 'x', endpoint: 'x.tweets.create', kind: 'server_error', status: 503, times: 1 },
      { network: 'linkedin', endpoint: '*', kind: 'server_error', times: 1 },
    ]);
    const x = await tweet('unavailable');
    expect(x.status).toBe(503);
    expect(await json(x)).toEqual({ title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 });
    const li = await linkedInPost('broken');
    expect(li.status).toBe(500);
    expect(await json(li)).toEqual({ message: 'Internal Server Error', status: 500 });
    expect(await xPosts()).toHaveLength(0);
    const linkedin = await json<{ posts: unknown[] }>(await fetch(`${running.url}/_sandbox/linkedin/posts`));
    expect(linkedin.posts).toHaveLength(0);
  });

  it('resets the connection without an answer and creates nothing', async () => {
    await faults([{ network: 'x', endpoint: 'x.tweets.create', kind: 'connection_reset', times: 1 }]);
    await expect(tweet('reset')).rejects.toThrow();
    expect(await xPosts()).toHaveLength(0);
  });

  it('times out after creating the post: the client sees no answer, the post exists', async () => {
    await faults([{ network: 'x', endpoint: 'x.tweets.create', kind: 'timeout_after_create', holdMs: 5000, times: 1 }]);
    await expect(tweet('created but lost', { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    const posts = await xPosts();
    expect(posts.map((post) => post.text)).toEqual(['created but lost']);
    // The retry is the classic reconcile case: X now calls it a duplicate.
    expect((await tweet('created but lost')).status).toBe(403);
  });

  it('drops a held connection after holdMs', async () => {
    await faults([{ network: 'linkedin', endpoint: 'linkedin.posts.create', kind: 'timeout_after_create', holdMs: 100 }]);
    const started = Date.now();
    await expect(linkedInPost('held then dropped')).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    const linkedin = await json<{ posts: Array<{ commentary: string }> }>(await fetch(`${running.url}/_sandbox/linkedin/posts`));
    expect(linkedin.posts.map((post) => post.commentary)).toEqual(['held then dropped']);
  });

  it('is deterministic for a given seed and honours rate and times', async () => {
    const pattern = async (seed: string) => {
      await fetch(`${running.url}/_sandbox/faults`, { method: 'DELETE' });
      await faults([{ network: 'x', endpoint: 'x.users.*', kind: 'server_error', rate: 0.5 }], seed);
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) {
        statuses.push((await fetch(`${running.url}/x/2/users/me`, { headers: { authorization: `Bearer ${xToken}` } })).status);
      }
      return statuses;
    };
    const first = await pattern('alpha');
    expect(await pattern('alpha')).toEqual(first);
    expect(first.filter((status) => status === 500).length).toBeGreaterThan(3);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(3);

    await faults([{ network: 'x', endpoint: '*', kind: 'server_error', times: 2 }]);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(`${running.url}/x/2/users/me`, { headers: { authorization: `Bearer ${xToken}` } })).status);
    expect(statuses).toEqual([500, 500, 200, 200]);
    const listed = await json<{ rules: Array<{ fired: number }> }>(await fetch(`${running.url}/_sandbox/faults`));
    expect(listed.rules[0]?.fired).toBe(2);
  });

  it('counts requests per endpoint, faulted ones included', async () => {
    await fetch(`${running.url}/_sandbox/stats`, { method: 'DELETE' });
    await faults([{ network: 'x', endpoint: 'x.tweets.create', kind: 'server_error', times: 1 }]);
    await tweet('counted');
    await tweet('counted');
    const stats = await json<{
      endpoints: Record<string, { requests: number; byStatus: Record<string, number>; faults: Record<string, number> }>;
    }>(await fetch(`${running.url}/_sandbox/stats`));
    expect(stats.endpoints['x.tweets.create']).toEqual({ requests: 2, byStatus: { '201': 1, '500': 1 }, faults: { server_error: 1 } });
  });

  it('targets one part of a chain: the k-th part is the (k − 1)-th reply', async () => {
    await faults([{ network: 'x', endpoint: 'x.tweets.create', kind: 'server_error', inReplyTo: true, after: 1, times: 1 }]);
    const part = async (text: string, parent?: string) => {
      const response = await tweet(text, {
        body: JSON.stringify({ text, ...(parent ? { reply: { in_reply_to_tweet_id: parent } } : {}) }),
      });
      return { status: response.status, id: response.ok ? (await json<{ data: { id: string } }>(response)).data.id : undefined };
    };
    const first = await part('1/3 root');
    const second = await part('2/3 middle', first.id);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await part('3/3 end', second.id)).status).toBe(500);
    expect((await part('3/3 end', second.id)).status).toBe(201);
    expect((await xPosts()).map((post) => post.text)).toEqual(['1/3 root', '2/3 middle', '3/3 end']);
  });

  it('targets replies to one parent, posts that answer nothing, or a text pattern', async () => {
    const root = (await json<{ data: { id: string } }>(await tweet('a root'))).data.id;
    const other = (await json<{ data: { id: string } }>(await tweet('another root'))).data.id;
    const reply = (text: string, parent: string) =>
      tweet(text, { body: JSON.stringify({ text, reply: { in_reply_to_tweet_id: parent } }) });
    await faults([
      { network: 'x', endpoint: 'x.tweets.create', kind: 'rate_limit', inReplyTo: root },
      { network: 'x', endpoint: 'x.tweets.create', kind: 'server_error', inReplyTo: false, textMatches: '^Launch' },
    ]);
    expect((await reply('answers the other', other)).status).toBe(201);
    expect((await reply('answers the root', root)).status).toBe(429);
    expect((await tweet('Launch day')).status).toBe(500);
    expect((await tweet('Not a launch')).status).toBe(201);
    expect((await reply('Launch reply', other)).status).toBe(201);
    // Requests that create nothing carry no subject, so such rules never touch them.
    expect((await fetch(`${running.url}/x/2/users/me`, { headers: { authorization: `Bearer ${xToken}` } })).status).toBe(200);
  });

  it('targets comment creation, and a comment on a given post', async () => {
    const postUrn = (await linkedInPost('a post to comment on')).headers.get('x-restli-id') ?? '';
    const comment = (text: string) =>
      postJson(
        `${running.url}/linkedin/rest/socialActions/${encodeURIComponent(postUrn)}/comments`,
        { actor: personUrn, object: postUrn, message: { text } },
        { authorization: `Bearer ${liToken}`, 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' },
      );
    await faults([{ network: 'linkedin', endpoint: 'linkedin.comments.create', kind: 'server_error', inReplyTo: postUrn, times: 1 }]);
    const failed = await comment('First comment');
    expect(failed.status).toBe(500);
    expect(await json(failed)).toEqual({ message: 'Internal Server Error', status: 500 });
    expect((await comment('First comment')).status).toBe(201);
    const listed = await json<{ comments: { text: string }[] }>(await fetch(`${running.url}/_sandbox/linkedin/comments`));
    expect(listed.comments.map((entry) => entry.text)).toEqual(['First comment']);
  });

  it('rejects malformed fault rules', async () => {
    const response = await faults([{ network: 'x', kind: 'latency' }]);
    expect(response.status).toBe(400);
    expect((await json<{ error: string }>(response)).error).toContain('latencyMs');
    const pattern = await faults([{ network: 'x', kind: 'server_error', textMatches: '(' }]);
    expect(pattern.status).toBe(400);
    expect((await json<{ error: string }>(pattern)).error).toContain('textMatches');
  });
});
