import type { Post } from '@postflow/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProviderRegistry } from '../../providers/social/registry';
import { parseConfig } from '../../config/env';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import {
  connectLinkedIn,
  connectX,
  injectFault,
  linkedInComments,
  linkedInPosts,
  xPosts,
  type RunningSandbox,
} from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

/** X threads and LinkedIn first comments, published exactly once through the sandbox (docs/decisions/155-threads.md). */
describe('threads and first comments', () => {
  const harness = usePublishingHarness();
  const { compose } = harness;
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;
  beforeEach(() => ({ sandbox, t, person } = harness.current()));

  const story = (count: number, tag: string) =>
    Array.from({ length: count }, (_, i) => `${i + 1}/${count} ${tag}: part ${i + 1} of the story.`);

  /** The head and its parts, in order, as stored. */
  async function chain(headId: string) {
    const { rows } = await t.database.db.query<{
      id: string;
      kind: string;
      position: number;
      status: string;
      network_post_id: string | null;
      failure_reason: string | null;
      partially_published: boolean;
    }>(
      `SELECT id, kind, position, status, network_post_id, failure_reason, partially_published FROM post_targets
       WHERE id = $1 OR head_target_id = $1 ORDER BY kind = 'post' DESC, kind = 'comment', position`,
      [headId],
    );
    return rows;
  }

  const settled = (headId: string, done: (rows: Awaited<ReturnType<typeof chain>>) => boolean, timeoutMs = 20_000) =>
    eventually(async () => {
      const rows = await chain(headId);
      return done(rows) ? rows : undefined;
    }, timeoutMs);

  const listed = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/posts', headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Post[]>();
  };

  /** Each X post's parent, in the order the parts were written: the chain as the network shows it. */
  async function chainOnX(texts: string[]) {
    const posts = (await xPosts(sandbox.url)).filter((post) => !post.deleted);
    return texts.map((text) => posts.filter((post) => post.text === text));
  }

  it('publishes a 5-part thread as a chain, each part once and answering the one before, and lists it as one post', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    const parts = story(5, 'Chain');
    const { posts } = await compose({ text: parts[0], platforms: ['x'], thread: { x: parts } });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.thread?.map((part) => [part.position, part.text])).toEqual(parts.map((text, i) => [i + 1, text]));

    const rows = await settled(posts[0]?.id as string, (all) => all.every((row) => row.status === 'published'));
    const onX = await chainOnX(parts);
    expect(onX.map((found) => found.length)).toEqual([1, 1, 1, 1, 1]);
    onX.forEach((found, index) => {
      expect(found[0]?.id).toBe(rows[index]?.network_post_id);
      expect(found[0]?.replyToId).toBe(index === 0 ? null : onX[index - 1]?.[0]?.id);
    });

    const list = await listed();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'published', text: parts[0] });
    expect(
      list[0]?.thread?.map((part) => [
        part.position,
        part.status,
        part.platform_url?.endsWith(`/status/${rows[part.position - 1]?.network_post_id}`),
      ]),
    ).toEqual(parts.map((_, i) => [i + 1, 'published', true]));
    const feed = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed', headers: person.headers });
    expect(feed.json<{ posts: unknown[]; total_count: number }>()).toMatchObject({
      total_count: 1,
      posts: [{ thread: expect.any(Array) }],
    });
  });

  /**
   * A thread of `length` parts on an app whose parts give up after two tries (the default is eight,
   * minutes apart), part 3 carrying an image X refuses on both: part 3 fails for good. Answers its head and parts.
   */
  async function threadWhosePart3FailsForGood(length: number, tag: string): Promise<{ headId: string; parts: string[] }> {
    await t.close();
    const env = { ...sandbox.env, PUBLIC_URL: 'http://localhost:8080' };
    t = await createTestApp({
      env,
      providers: createProviderRegistry(parseConfig(env), { timeoutMs: 1_000 }),
      engine: { publisher: { callBudgetMs: 10_000, maxAttempts: 2 }, dispatcher: { leaseMs: 3_000 } },
    });
    person = await signUp(t);
    harness.replaceApp({ t, person });
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    const chart = await uploadSquare(t, person, '#336699');
    await injectFault(sandbox.url, { network: 'x', endpoint: 'x.media.*', kind: 'server_error', times: 2 });
    const parts = story(length, tag);
    const thread = parts.map((text, i) => (i === 2 ? { text, mediaIds: [chart], media: [{ alt: 'A chart' }] } : text));
    const { posts } = await compose({ text: parts[0], platforms: ['x'], thread: { x: thread } });
    return { headId: posts[0]?.id as string, parts };
  }

  it('stops at a part that fails for good: earlier parts stay out, later ones unsent with the reason; retry from it completes the thread once', async () => {
    // Part 3 carries an image, whose upload X refuses twice: X is "unavailable" for it, for good.
    const { headId, parts } = await threadWhosePart3FailsForGood(5, 'Broken');

    const stopped = await settled(headId, (rows) => rows[2]?.status === 'failed' && rows[4]?.status === 'unsent');
    expect(stopped.map((row) => row.status)).toEqual(['published', 'published', 'failed', 'unsent', 'unsent']);
    expect(stopped[0]?.partially_published).toBe(true);
    for (const row of stopped.slice(3)) expect(row.failure_reason).toMatch(/^Not sent: part 3 failed: X kept failing/);
    expect((await chainOnX(parts)).map((found) => found.length)).toEqual([1, 1, 0, 0, 0]);

    const [item] = await listed();
    expect(item?.status).toBe('partially_published');
    expect(item?.thread?.map((part) => part.status)).toEqual(['published', 'published', 'failed', 'unsent', 'unsent']);
    expect(item?.thread?.[3]?.failure_reason).toMatch(/^Not sent: part 3 failed/);
    expect(item?.thread?.[0]?.platform_url).toMatch(/\/status\/\d+$/);

    // Retry from part 2 would touch a part already out: refused, naming the part to retry from.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${headId}/retry`,
      headers: person.headers,
      payload: { fromPart: 2 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: { message: string } }>().error.message).toBe('Part 2 is already on X; retry from part 3.');

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${headId}/retry`,
      headers: person.headers,
      payload: { fromPart: 3 },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const done = await settled(headId, (rows) => rows.every((row) => row.status === 'published'));
    expect(done[0]?.partially_published).toBe(false);
    const onX = await chainOnX(parts);
    expect(onX.map((found) => found.length)).toEqual([1, 1, 1, 1, 1]);
    onX.forEach((found, index) => expect(found[0]?.replyToId).toBe(index === 0 ? null : onX[index - 1]?.[0]?.id));
    expect((await listed())[0]?.status).toBe('published');
  });

  it('finds part 2 after X created it but the answer was lost, and ends with exactly one part 2 in the chain', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    const parts = story(4, 'Lossy');
    // Only part 2: the first reply.
    await injectFault(sandbox.url, {
      network: 'x',
      endpoint: 'x.tweets.create',
      kind: 'timeout_after_create',
      inReplyTo: true,
      times: 1,
      holdMs: 2_000,
    });
    const { posts } = await compose({ text: parts[0], platforms: ['x'], thread: { x: parts } });
    const rows = await settled(posts[0]?.id as string, (all) => all.every((row) => row.status === 'published'), 30_000);
    const onX = await chainOnX(parts);
    expect(onX.map((found) => found.length)).toEqual([1, 1, 1, 1]);
    onX.forEach((found, index) => {
      expect(found[0]?.id).toBe(rows[index]?.network_post_id);
      expect(found[0]?.replyToId).toBe(index === 0 ? null : onX[index - 1]?.[0]?.id);
    });
    const { rows: attempts } = await t.database.db.query<{ outcome: string }>(
      'SELECT outcome FROM publish_attempts WHERE target_id = $1 ORDER BY attempt_no',
      [rows[1]?.id],
    );
    // The one call that reached X; the look that found the part sent nothing.
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['outcome_unknown']);
  });

  it('publishes a LinkedIn post with its first comment under it, and lists the comment with the post', async () => {
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const comment = 'The full write-up: https://example.com/launch';
    const { posts } = await compose({ text: 'We launched today.', platforms: ['linkedin'], firstComment: { linkedin: comment } });
    const rows = await settled(posts[0]?.id as string, (all) => all.length === 2 && all.every((row) => row.status === 'published'));
    const [post] = (await linkedInPosts(sandbox.url)).filter((candidate) => !candidate.deleted);
    const comments = await linkedInComments(sandbox.url);
    expect(comments.map((entry) => [entry.object, entry.text, entry.deleted])).toEqual([[post?.urn, comment, false]]);
    expect(rows[1]).toMatchObject({ kind: 'comment', network_post_id: comments[0]?.urn });
    const [item] = await listed();
    expect(item?.first_comment).toMatchObject({ text: comment, status: 'published', platform_url: item?.platform_url });
    expect(item?.thread).toBeUndefined();
  });

  it('finds a first comment whose answer was lost by listing the post’s comments, and never sends one it cannot look for', async () => {
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    await injectFault(sandbox.url, {
      network: 'linkedin',
      endpoint: 'linkedin.comments.create',
      kind: 'timeout_after_create',
      holdMs: 2_000,
    });
    const { posts } = await compose({ text: 'Lost comment answer', platforms: ['linkedin'], firstComment: { linkedin: 'Found again' } });
    await settled(posts[0]?.id as string, (rows) => rows.length === 2 && rows.every((row) => row.status === 'published'), 30_000);
    expect((await linkedInComments(sandbox.url)).map((entry) => entry.text)).toEqual(['Found again']);

    // A member connection that may comment but not read comments: the comment may exist, so it is not sent again.
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    await t.database.db.query('DELETE FROM social_accounts');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Self Serve', ['openid', 'profile', 'w_member_social']);
    await injectFault(sandbox.url, {
      network: 'linkedin',
      endpoint: 'linkedin.comments.create',
      kind: 'timeout_after_create',
      holdMs: 2_000,
    });
    const second = await compose({ text: 'Unreadable comments', platforms: ['linkedin'], firstComment: { linkedin: 'Only once' } });
    const rows = await settled(second.posts[0]?.id as string, (all) => all[1]?.status === 'failed', 30_000);
    expect(rows[1]?.failure_reason).toMatch(/^LinkedIn may have added the first comment, but this connection cannot read comments/);
    expect((await linkedInComments(sandbox.url)).map((entry) => entry.text)).toEqual(['Only once']);
    expect((await listed()).find((post) => post.id === second.posts[0]?.id)?.status).toBe('partially_published');
  });

  it('deletes a partially published thread: every part that went out is taken down on X, and nothing is left', async () => {
    // Part 3's image is refused on both tries: part 3 fails for good after parts 1 and 2 went out.
    const { headId, parts } = await threadWhosePart3FailsForGood(4, 'Half');
    await settled(headId, (rows) => rows[2]?.status === 'failed' && rows[3]?.status === 'unsent');

    const response = await t.app.inject({ method: 'DELETE', url: `/content/${headId}`, headers: person.headers });
    expect(response.statusCode, response.body).toBe(204);
    const onX = (await xPosts(sandbox.url)).filter((post) => parts.includes(post.text));
    expect(onX.map((post) => [post.text, post.deleted])).toEqual([
      [parts[0], true],
      [parts[1], true],
    ]);
    expect((await t.database.db.query('SELECT id FROM post_targets')).rows).toEqual([]);
  });

  it('deletes every part of a thread on the network, the last first, and a post’s first comment with it', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const parts = story(3, 'Gone');
    const { posts } = await compose({
      text: parts[0],
      platforms: ['x', 'linkedin'],
      thread: { x: parts },
      perPlatformText: { linkedin: 'The same story, in one post.' },
      firstComment: { linkedin: 'More in the comments' },
    });
    for (const post of posts) await settled(post.id, (rows) => rows.every((row) => row.status === 'published'));
    for (const post of posts) {
      const response = await t.app.inject({ method: 'DELETE', url: `/content/${post.id}`, headers: person.headers });
      expect(response.statusCode, response.body).toBe(204);
    }
    const onX = await xPosts(sandbox.url);
    expect(onX.filter((post) => parts.includes(post.text)).map((post) => post.deleted)).toEqual([true, true, true]);
    expect((await linkedInComments(sandbox.url)).map((entry) => entry.deleted)).toEqual([true]);
    expect((await linkedInPosts(sandbox.url)).map((post) => post.deleted)).toEqual([true]);
    const { rows } = await t.database.db.query('SELECT id FROM post_targets');
    expect(rows).toEqual([]);
  });
});
