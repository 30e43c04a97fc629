import type { PostStatusChange } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { insertTarget } from '../../../test/helpers/targets';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

interface StreamEvent {
  event: string;
  data: string;
}

/** Reads a server-sent event stream as the web app does: a fetch with the bearer header. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
  const events: StreamEvent[] = [];
  let opened = false;
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith(': open')) opened = true;
            const event = /^event: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // Aborted by the test.
      }
    })();
  }
  const until = async (check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 50);
      });
    }
    return true;
  };
  return {
    response,
    events,
    changes: () => events.filter((event) => event.event === 'change').map((event) => JSON.parse(event.data) as PostStatusChange),
    opened: () => until(() => opened),
    until,
    close: () => controller.abort(),
  };
}

describe('GET /posts/status-changes', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  async function scheduledPost(session: TestSession, text: string) {
    const accountId = await createSocialAccount(t.services, session.userId, { network: 'x' });
    return insertTarget(t.services, {
      userId: session.userId,
      accountId,
      network: 'x',
      status: 'scheduled',
      at: new Date(Date.now() + 60_000),
      text,
    });
  }
  /** What the publisher does when a post has gone out, from a connection that is not the API's. */
  const publish = (targetId: string) =>
    t.services.db.query(
      `UPDATE post_targets SET status = 'published', published_at = now(), network_post_url = 'https://x.com/i/status/1' WHERE id = $1`,
      [targetId],
    );

  it('refuses a caller without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/posts/status-changes' });
    expect(response.statusCode).toBe(401);
    const withBadToken = await t.app.inject({
      method: 'GET',
      url: '/posts/status-changes',
      headers: { authorization: 'Bearer at_not-a-token' },
    });
    expect(withBadToken.statusCode).toBe(401);
    expect(withBadToken.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('tells the owner that a post went out, and never tells anyone else of it', async () => {
    const ada = await signUp(t, 'Ada');
    const grace = await signUp(t, 'Grace');
    const adaPost = await scheduledPost(ada, 'Ada goes out');
    const gracePost = await scheduledPost(grace, 'Grace goes out');
    const adaStream = await openStream(`${base}/posts/status-changes`, ada.headers);
    const graceStream = await openStream(`${base}/posts/status-changes`, grace.headers);
    expect(adaStream.response.status).toBe(200);
    expect(adaStream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(adaStream.response.headers.get('cache-control')).toBe('no-store');
    expect(await adaStream.opened()).toBe(true);
    expect(await graceStream.opened()).toBe(true);

    await publish(adaPost);
    expect(await adaStream.until(() => adaStream.changes().length === 1)).toBe(true);
    expect(adaStream.changes()[0]).toMatchObject({ id: adaPost, status: 'published' });

    // Grace's stream hears her own post, and only that: Ada's came first and never reached her.
    await publish(gracePost);
    expect(await graceStream.until(() => graceStream.changes().length === 1)).toBe(true);
    expect(graceStream.changes().map((change) => change.id)).toEqual([gracePost]);
    expect(adaStream.changes().map((change) => change.id)).toEqual([adaPost]);
    adaStream.close();
    graceStream.close();
  });

  it('stays silent while a post is only claimed for sending, and speaks when it fails', async () => {
    const ada = await signUp(t, 'Ada');
    const post = await scheduledPost(ada, 'Claimed then failed');
    const stream = await openStream(`${base}/posts/status-changes`, ada.headers);
    await stream.opened();
    await t.services.db.query(
      `UPDATE post_targets SET status = 'publishing', lease_owner = 'w', lease_token = gen_random_uuid(), lease_until = now() + interval '1 minute' WHERE id = $1`,
      [post],
    );
    await t.services.db.query(`UPDATE post_targets SET status = 'failed', failure_reason = 'Refused' WHERE id = $1`, [post]);
    expect(await stream.until(() => stream.changes().length === 1)).toBe(true);
    expect(stream.changes()).toEqual([{ id: post, post_id: expect.any(String), status: 'failed' }]);
    stream.close();
  });

  it('reports a thread part’s progress as its thread’s, with the part’s number and status, and a thread turning partially published', async () => {
    const ada = await signUp(t, 'Ada');
    await createSocialAccount(t.services, ada.userId, { network: 'x' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: ada.headers,
      payload: {
        text: 'One',
        platforms: ['x'],
        thread: { x: ['One', 'Two', 'Three'] },
        scheduledFor: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const head = created.json<{ posts: Array<{ id: string }> }>().posts[0]?.id as string;
    const { rows } = await t.services.db.query<{ id: string; position: number }>(
      'SELECT id, position FROM post_targets WHERE head_target_id = $1 ORDER BY position',
      [head],
    );
    const stream = await openStream(`${base}/posts/status-changes`, ada.headers);
    await stream.opened();
    await publish(head);
    await publish(rows[0]?.id as string);
    // Part 3 fails for good: the thread is partially published, as the publisher records it.
    await t.services.db.query('UPDATE post_targets SET partially_published = true WHERE id = $1', [head]);
    await t.services.db.query(`UPDATE post_targets SET status = 'failed', failure_reason = 'Refused' WHERE id = $1`, [rows[1]?.id]);
    expect(await stream.until(() => stream.changes().length === 4)).toBe(true);
    expect(stream.changes()).toEqual([
      { id: head, post_id: expect.any(String), status: 'published' },
      {
        id: head,
        post_id: expect.any(String),
        status: 'published',
        part: { id: rows[0]?.id, kind: 'part', position: 2, status: 'published' },
      },
      { id: head, post_id: expect.any(String), status: 'partially_published' },
      {
        id: head,
        post_id: expect.any(String),
        status: 'partially_published',
        part: { id: rows[1]?.id, kind: 'part', position: 3, status: 'failed' },
      },
    ]);
    stream.close();
  });

  it('asks to read everything again after its listening connection was lost, and still delivers afterwards', async () => {
    const ada = await signUp(t, 'Ada');
    const post = await scheduledPost(ada, 'After the outage');
    const stream = await openStream(`${base}/posts/status-changes`, ada.headers);
    await stream.opened();
    await t.services.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'postflow-status-changes'`);
    expect(await stream.until(() => stream.events.some((event) => event.event === 'resync'))).toBe(true);
    await publish(post);
    expect(await stream.until(() => stream.changes().length === 1)).toBe(true);
    stream.close();
  });
});
