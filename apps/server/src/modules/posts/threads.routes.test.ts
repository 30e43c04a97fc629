import type { Post } from '@postflow/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLinkedIn, connectX, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const parts = (count: number) => Array.from({ length: count }, (_, i) => `Part ${i + 1} of the story.`);

/** Threads and first comments through the API, with no worker: what is refused, and what waits (docs/decisions/155-threads.md). */
describe('threads and first comments through the API', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    t = await createTestApp({ env: sandbox.env, worker: false });
    person = await signUp(t);
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
  });
  afterEach(() => t.close());

  const create = (body: object, headers = person.headers) => t.app.inject({ method: 'POST', url: '/posts', headers, payload: body });
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    ...(response.json() as { error: { message: string; fields?: Record<string, string> } }).error,
  });
  const count = async () => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_targets')).rows[0]?.n;

  async function scheduledThread(count = 4) {
    const response = await create({
      text: 'Part 1 of the story.',
      platforms: ['x'],
      thread: { x: parts(count) },
      scheduledFor: inAnHour(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ posts: Post[] }>().posts[0] as Post;
  }

  it('stores a thread as one post with its parts waiting for the part before them, and a first comment under its post', async () => {
    const response = await create({
      text: 'One story',
      platforms: ['x', 'linkedin'],
      thread: { x: parts(3) },
      firstComment: { linkedin: 'The link: https://example.com' },
      scheduledFor: inAnHour(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const posts = response.json<{ posts: Post[] }>().posts;
    const x = posts.find((post) => post.platform === 'x');
    const linkedIn = posts.find((post) => post.platform === 'linkedin');
    expect(x?.text).toBe('Part 1 of the story.');
    expect(x?.thread?.map((part) => [part.position, part.text, part.status])).toEqual([
      [1, 'Part 1 of the story.', 'scheduled'],
      [2, 'Part 2 of the story.', 'scheduled'],
      [3, 'Part 3 of the story.', 'scheduled'],
    ]);
    expect(linkedIn).toMatchObject({ text: 'One story', first_comment: { text: 'The link: https://example.com', status: 'scheduled' } });
    const { rows } = await t.database.db.query<{ kind: string; due_at: unknown }>(
      `SELECT kind, due_at FROM post_targets WHERE kind <> 'post' ORDER BY kind, position`,
    );
    // Not claimable before the part it answers is out.
    expect(rows).toEqual([
      { kind: 'comment', due_at: Number.POSITIVE_INFINITY },
      { kind: 'part', due_at: Number.POSITIVE_INFINITY },
      { kind: 'part', due_at: Number.POSITIVE_INFINITY },
    ]);
    // The lists page through posts: a thread is one, whatever its parts.
    const list = await t.app.inject({ method: 'GET', url: '/posts', headers: person.headers });
    expect(
      list
        .json<Post[]>()
        .map((post) => post.platform)
        .sort(),
    ).toEqual(['linkedin', 'x']);
  });

  it('refuses, naming the part, a thread of 26 parts, an empty part and a part over 280 weighted characters, storing nothing', async () => {
    const cases: Array<[unknown[], string, string]> = [
      [parts(26), 'thread.x', 'The X thread has 26 parts; a thread can have up to 25'],
      [['One', ' ', 'Three'], 'thread.x.1', 'Part 2 of the X thread is empty: write it or remove the part'],
      // Only zero-width characters: X would get a post that shows nothing.
      [['One', '\u200B\u200D\uFEFF'], 'thread.x.1', 'Part 2 of the X thread is empty: write it or remove the part'],
      [
        ['One', 'Two', `${'🙂'.repeat(141)}`],
        'thread.x.2',
        'Part 3 of the X thread is 282 characters; X allows 280 (links count 23, emoji and CJK 2)',
      ],
    ];
    for (const [thread, field, message] of cases) {
      const response = await create({ text: 'Story', platforms: ['x'], thread: { x: thread } });
      expect(refusal(response)).toMatchObject({ status: 400, message, fields: { [field]: message } });
    }
    // The same through the wizard's multipart call.
    const body = multipart([
      { name: 'data', value: JSON.stringify({ enhancedContent: {}, platforms: ['x'], thread: { x: ['One', ''] } }) },
    ]);
    const wizard = await t.app.inject({
      method: 'POST',
      url: '/content/publish',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
    expect(refusal(wizard)).toMatchObject({ status: 400, message: 'Part 2 of the X thread is empty: write it or remove the part' });
    expect(await count()).toBe(0);
  });

  it('refuses a first comment on X, one over LinkedIn’s 1,250 characters, and a thread for a LinkedIn channel', async () => {
    const onX = await create({ text: 'Hi', platforms: ['x'], firstComment: { x: 'A link' } });
    expect(refusal(onX)).toMatchObject({
      status: 400,
      message: 'X has no first comment: make it part 2 of an X thread instead; first comments are for LinkedIn',
    });
    const invisible = await create({ text: 'Hi', platforms: ['linkedin'], firstComment: { linkedin: '\u200B\u2060' } });
    expect(refusal(invisible)).toMatchObject({
      status: 400,
      fields: { 'firstComment.linkedin': 'The LinkedIn first comment is empty: write it or leave it out' },
    });
    const long = await create({ text: 'Hi', platforms: ['linkedin'], firstComment: { linkedin: 'a'.repeat(1251) } });
    expect(refusal(long)).toMatchObject({
      status: 400,
      message: 'The LinkedIn first comment is 1,251 characters; LinkedIn allows 1,250 in a comment',
      fields: { 'firstComment.linkedin': expect.any(String) },
    });

    const channels = await t.app.inject({ method: 'GET', url: '/api/v1/channels', headers: person.headers });
    const channelList = channels.json<{ channels: Array<{ id: string; network: string; kind: string }> }>().channels;
    const member = channelList.find((channel) => channel.network === 'linkedin' && channel.kind === 'person')?.id as string;
    const xChannel = channelList.find((channel) => channel.network === 'x')?.id as string;
    const threadOnLinkedIn = await create({ text: 'Hi', channels: [member], perChannelThread: { [member]: ['One', 'Two'] } });
    expect(refusal(threadOnLinkedIn)).toMatchObject({
      status: 400,
      message: `Channel ${member} is on LinkedIn, which has no threads: send it one text, with a first comment if you like.`,
      fields: { [`perChannelThread.${member}`]: 'Not an X channel' },
    });
    // The network's thread or comment with no channel of that network chosen would go nowhere.
    const threadWithoutX = await create({ text: 'Hi', channels: [member], thread: { x: ['One', 'Two'] } });
    expect(refusal(threadWithoutX)).toMatchObject({
      status: 400,
      message: 'This thread is for X, but none of the chosen channels is on X: choose an X channel or leave the thread out.',
      fields: { 'thread.x': 'No X channel chosen' },
    });
    const commentWithoutLinkedIn = await create({ text: 'Hi', channels: [xChannel], firstComment: { linkedin: 'A link' } });
    expect(refusal(commentWithoutLinkedIn)).toMatchObject({
      status: 400,
      fields: { 'firstComment.linkedin': 'No LinkedIn channel chosen' },
    });
    const commentOnX = await create({ text: 'Hi', channels: [xChannel], perChannelFirstComment: { [xChannel]: 'A link' } });
    expect(refusal(commentOnX)).toMatchObject({
      status: 400,
      fields: { [`perChannelFirstComment.${xChannel}`]: 'Not a LinkedIn channel' },
    });
    expect(await count()).toBe(0);
  });

  it('refuses, naming the part, an image of another workspace in a part, and stores nothing', async () => {
    const stranger = await signUp(t, 'Someone else');
    const theirs = await uploadSquare(t, stranger, '#112233');
    const response = await create({ text: 'Hi', platforms: ['x'], thread: { x: ['One', { text: 'Two', mediaIds: [theirs] }] } });
    expect(refusal(response)).toMatchObject({
      status: 400,
      message: 'Part 2 of the X thread: One of the attached files is not in this workspace or no longer exists. Attach it again.',
      fields: { 'thread.x.1.mediaIds.0': 'Unknown file' },
    });
    expect(await count()).toBe(0);
  });

  it('refuses an edit, a move, a delete and a retry while a part is being published (409), naming the part', async () => {
    const thread = await scheduledThread();
    // Part 1 went out; part 2 is being sent right now.
    await t.database.db.query(
      `UPDATE post_targets SET status = 'published', published_at = now(), network_post_id = '1', network_post_url = 'https://x.test/1' WHERE id = $1`,
      [thread.id],
    );
    await t.database.db.query(
      `UPDATE post_targets SET status = 'publishing', lease_owner = 'w', lease_token = gen_random_uuid(), lease_until = now() + interval '1 minute'
       WHERE head_target_id = $1 AND position = 2`,
      [thread.id],
    );
    const headers = person.headers;
    const answers = [
      await t.app.inject({
        method: 'PUT',
        url: `/content/${thread.id}`,
        headers,
        payload: { text: 'Changed', platform: 'x', scheduled_for: inAnHour() },
      }),
      await t.app.inject({ method: 'PATCH', url: `/api/v1/posts/${thread.id}`, headers, payload: { scheduledAt: inAnHour() } }),
      await t.app.inject({ method: 'DELETE', url: `/content/${thread.id}`, headers }),
      await t.app.inject({ method: 'POST', url: `/api/v1/posts/${thread.id}/retry`, headers, payload: {} }),
    ];
    for (const [answer, action] of answers.map((answer, i) => [answer, ['edited', 'moved', 'deleted', 'retried'][i]] as const))
      expect(refusal(answer)).toMatchObject({
        status: 409,
        message: `Part 2 of this thread is being published right now, so it cannot be ${action}. Try again once it is out.`,
      });
  });

  it('refuses a delete that the thread’s first part outran, leaving every later part to follow it', async () => {
    for (const outran of ['publishing', 'published'] as const) {
      const thread = await scheduledThread(3);
      // The dispatcher takes part 1 (and, the second time, X takes it) between the delete's look at
      // the thread and its removal.
      const transaction = t.database.db.transaction.bind(t.database.db);
      let calls = 0;
      const spy = vi.spyOn(t.database.db, 'transaction').mockImplementation(async (work) => {
        calls += 1;
        if (calls === 2)
          await t.database.db.query(
            outran === 'publishing'
              ? `UPDATE post_targets SET status = 'publishing', lease_owner = 'w', lease_token = gen_random_uuid(), lease_until = now() + interval '1 minute' WHERE id = $1`
              : `UPDATE post_targets SET status = 'published', published_at = now(), network_post_id = '7', network_post_url = 'https://x.test/7' WHERE id = $1`,
            [thread.id],
          );
        return transaction(work);
      });
      const response = await t.app.inject({ method: 'DELETE', url: `/content/${thread.id}`, headers: person.headers });
      spy.mockRestore();
      expect(refusal(response)).toMatchObject({
        status: 409,
        message: 'This post is being published right now; delete it once it is out.',
      });
      const { rows } = await t.database.db.query<{ status: string; failure_reason: string | null }>(
        `SELECT status, failure_reason FROM post_targets WHERE id = $1 OR head_target_id = $1 ORDER BY position`,
        [thread.id],
      );
      expect(rows).toEqual([
        { status: outran, failure_reason: null },
        { status: 'scheduled', failure_reason: null },
        { status: 'scheduled', failure_reason: null },
      ]);
    }
  });

  it('retries only a failed part: 409 when nothing failed, 404 for another workspace’s thread, 403 for a viewer', async () => {
    const thread = await scheduledThread();
    const retry = (headers = person.headers, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/v1/posts/${thread.id}/retry`, headers, payload });
    expect(refusal(await retry())).toMatchObject({ status: 409, message: 'Part 1 has not failed: it is still waiting to go out.' });

    const stranger = await signUp(t, 'Someone else');
    expect(refusal(await retry(stranger.headers))).toMatchObject({ status: 404 });

    const workspace = await t.services.workspaces.create(person.userId, { name: 'Team' });
    await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      workspace.id,
      stranger.userId,
    ]);
    const asViewer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${thread.id}/retry`,
      headers: { ...stranger.headers, 'x-workspace-id': workspace.id },
      payload: {},
    });
    expect(asViewer.statusCode).toBe(403);
    // The thread is not that workspace's either: an editor there finds no such post.
    await t.database.db.query(`UPDATE workspace_members SET role = 'editor' WHERE workspace_id = $1 AND user_id = $2`, [
      workspace.id,
      stranger.userId,
    ]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${thread.id}/retry`,
      headers: { ...stranger.headers, 'x-workspace-id': workspace.id },
      payload: {},
    });
    expect(refusal(elsewhere)).toMatchObject({ status: 404, message: 'No such post.' });
    // A part's own id is no post of its own.
    const { rows } = await t.database.db.query<{ id: string }>(`SELECT id FROM post_targets WHERE head_target_id = $1 LIMIT 1`, [
      thread.id,
    ]);
    const byPart = await t.app.inject({ method: 'POST', url: `/api/v1/posts/${rows[0]?.id}/retry`, headers: person.headers, payload: {} });
    expect(byPart.statusCode).toBe(404);
  });

  it('retries a stopped thread once however many retries arrive together, and refuses a fromPart out of range by name', async () => {
    const thread = await scheduledThread();
    // Parts 1 and 2 went out, part 3 failed for good, part 4 waits for it.
    await t.database.db.query(
      `UPDATE post_targets SET status = 'published', published_at = now(), network_post_id = '1', partially_published = true WHERE id = $1`,
      [thread.id],
    );
    await t.database.db.query(
      `UPDATE post_targets SET status = CASE position WHEN 2 THEN 'published' WHEN 3 THEN 'failed' ELSE 'unsent' END,
         network_post_id = CASE position WHEN 2 THEN '2' END, published_at = CASE position WHEN 2 THEN now() END, attempt_count = CASE position WHEN 3 THEN 2 ELSE 0 END
       WHERE head_target_id = $1`,
      [thread.id],
    );
    const retry = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/posts/${thread.id}/retry`, headers: person.headers, payload });
    for (const [fromPart, message] of [
      [0, 'fromPart must be a part number, like 3'],
      [-2, 'fromPart must be a part number, like 3'],
      [26, 'A thread has at most 25 parts'],
    ] as const)
      expect(refusal(await retry({ fromPart }))).toMatchObject({ status: 400, fields: { fromPart: message } });
    expect(refusal(await retry({ fromPart: 4 }))).toMatchObject({
      status: 409,
      message: 'Part 3 has not gone out yet; retry from part 3.',
    });

    const answers = await Promise.all([retry({ fromPart: 3 }), retry({ fromPart: 3 }), retry({})]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const { rows } = await t.database.db.query<{ position: number; status: string; looked_for: boolean; waits: boolean }>(
      `SELECT position, status, needs_reconcile AS looked_for, (status <> 'published' AND due_at = 'infinity') AS waits FROM post_targets
       WHERE head_target_id = $1 ORDER BY position`,
      [thread.id],
    );
    // Part 3 is due once, looked for on X first since it was tried; part 4 waits for it; part 2 is untouched.
    expect(rows).toEqual([
      { position: 2, status: 'published', looked_for: false, waits: false },
      { position: 3, status: 'scheduled', looked_for: true, waits: false },
      { position: 4, status: 'scheduled', looked_for: false, waits: true },
    ]);
  });

  it('edits a thread that has not gone out: part 1 changes, and a thread cannot move to LinkedIn', async () => {
    const thread = await scheduledThread(3);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/content/${thread.id}`,
      headers: person.headers,
      payload: { text: 'Changed', platform: 'linkedin', scheduled_for: inAnHour() },
    });
    expect(refusal(moved)).toMatchObject({
      status: 400,
      message: 'This post has a thread, which goes to X only; it cannot move to another network.',
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/content/${thread.id}`,
      headers: person.headers,
      payload: { text: 'A new first part', platform: 'x', scheduled_for: inAnHour() },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ post: Post }>().post.thread?.map((part) => part.text)).toEqual([
      'A new first part',
      'Part 2 of the story.',
      'Part 3 of the story.',
    ]);
  });
});
