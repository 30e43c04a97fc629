import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import { connectX, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { eventually, type TestApp } from '../../../test/helpers/test-app';
import { mailTime } from '../mail/messages/mail-time';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PostAnswer {
  id: string;
  post_id: string;
  platform: string;
  status: string;
  failure_reason: string | null;
}

/**
 * Approvals (issue 19, point 3; docs/decisions/130-approvals.md) with the real worker and the X
 * sandbox: an editor's post waits in a workspace that requires approval, and only an owner's or
 * admin's approval sends it, once.
 */
describe('approvals', () => {
  const harness = usePublishingHarness();
  let sandbox: RunningSandbox;
  let t: TestApp;
  let owner: TestSession;
  let editor: TestSession;
  let viewer: TestSession;
  let team: string;

  const call = (who: TestSession, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...who.headers, 'x-workspace-id': team }, ...(payload ? { payload } : {}) });
  const join = (who: TestSession, role: string) =>
    t.database.db.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [team, who.userId, role]);
  const row = async (id: string) =>
    (
      await t.database.db.query<{ status: string; failure_reason: string | null; scheduled_at: Date; published_at: Date | null }>(
        'SELECT status, failure_reason, scheduled_at, published_at FROM post_targets WHERE id = $1',
        [id],
      )
    ).rows[0];
  const backstops = async (id: string) =>
    (
      await t.database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'publish-target' AND data->>'targetId' = $1`,
        [id],
      )
    ).rows[0]?.n;
  const mailsTo = async (who: TestSession) =>
    (
      await t.database.db.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM emails WHERE user_id = $1 ORDER BY created_at',
        [who.userId],
      )
    ).rows;
  async function schedule(who: TestSession, text: string, scheduledFor?: Date): Promise<PostAnswer> {
    const response = await call(who, 'POST', '/posts', {
      text,
      platforms: ['x'],
      ...(scheduledFor ? { scheduledFor: scheduledFor.toISOString() } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { posts: PostAnswer[] }).posts[0] as PostAnswer;
  }
  /** Moves a waiting post's time into the past, as if it had waited that long for a decision. */
  const waitedFor = (id: string, ms: number) =>
    t.database.db.query(`UPDATE post_targets SET scheduled_at = now() - make_interval(secs => $2 / 1000.0), due_at = now() WHERE id = $1`, [
      id,
      ms,
    ]);

  beforeEach(async () => {
    ({ sandbox, t, person: owner } = harness.current());
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: owner.headers, payload: { name: 'Agency' } });
    team = created.json().id as string;
    editor = await signUp(t, 'Eddie Editor');
    viewer = await signUp(t, 'Vera Viewer');
    await join(editor, 'editor');
    await join(viewer, 'viewer');
    await connectX(t.services, sandbox.url, team, 'agency_x');
    const on = await call(owner, 'PATCH', `/api/v1/workspaces/${team}`, { requireApproval: true });
    expect(on.statusCode, on.body).toBe(200);
  });

  it("keeps an editor's post waiting, unsent and with no publish job, even once its time has passed", async () => {
    const post = await schedule(editor, 'Waiting for the boss', new Date(Date.now() + 1_000));
    expect(post.status).toBe('pending_approval');
    // Its time passes, and the backstop's delay with it: the worker sends nothing.
    await sleep(3_500);
    expect((await row(post.id))?.status).toBe('pending_approval');
    expect(await backstops(post.id)).toBe(0);
    expect(await xPosts(sandbox.url)).toHaveLength(0);

    // Publish Now by the editor asks for it to go now, once approved; it still does not go.
    const now = await call(editor, 'POST', `/content/${post.id}/publish-now`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().post.status).toBe('pending_approval');
    await sleep(2_500);
    expect(await xPosts(sandbox.url)).toHaveLength(0);
  });

  it("waits with every part of an editor's thread, and sends the whole chain once approved (docs/decisions/155-threads.md)", async () => {
    const parts = ['1/3 Waiting thread', '2/3 Waiting thread', '3/3 Waiting thread'];
    const response = await call(editor, 'POST', '/posts', { text: parts[0], platforms: ['x'], thread: { x: parts } });
    expect(response.statusCode, response.body).toBe(201);
    const post = (response.json() as { posts: Array<PostAnswer & { thread: Array<{ status: string }> }> }).posts[0];
    expect(post?.thread.map((part) => part.status)).toEqual(['pending_approval', 'pending_approval', 'pending_approval']);
    await sleep(2_500);
    expect(await xPosts(sandbox.url)).toHaveLength(0);

    const approved = await call(owner, 'POST', `/api/v1/posts/${post?.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await eventually(async () => (await xPosts(sandbox.url)).length === 3);
    const sent = await xPosts(sandbox.url);
    expect(sent.map((tweet) => tweet.text)).toEqual(parts);
    expect(sent.map((tweet) => tweet.replyToId)).toEqual([null, sent[0]?.id, sent[1]?.id]);
  });

  it('puts every part of a thread an editor rewrote back to waiting for approval (docs/decisions/155-threads.md, Editing)', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call(owner, 'POST', '/posts', {
      text: 'One',
      platforms: ['x'],
      thread: { x: ['One', 'Two'] },
      scheduledFor: inAnHour,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { posts: PostAnswer[] }).posts[0]?.id;
    const edited = await call(editor, 'PUT', `/content/${id}`, {
      platform: 'x',
      scheduled_for: inAnHour,
      thread: ['One', 'Two, better', 'Three'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const post = (edited.json() as { post: { thread: Array<{ text: string; status: string }> } }).post;
    expect(post.thread.map((part) => [part.text, part.status])).toEqual([
      ['One', 'pending_approval'],
      ['Two, better', 'pending_approval'],
      ['Three', 'pending_approval'],
    ]);
  });

  it("sends an owner's or admin's own post as before: theirs never wait", async () => {
    const admin = await signUp(t, 'Ada Admin');
    await join(admin, 'admin');
    const mine = await schedule(owner, 'Owner speaking');
    const theirs = await schedule(admin, 'Admin speaking');
    expect([mine.status, theirs.status]).not.toContain('pending_approval');
    await harness.published(mine.id);
    await harness.published(theirs.id);
  });

  it('sends an approved post once, at its time, and mails the author (the time in their zone)', async () => {
    await call(editor, 'PUT', '/auth/profile/time-zone', { timeZone: 'Asia/Tokyo' });
    const instant = new Date(Date.now() + 3_000);
    const post = await schedule(editor, 'Approved and on time', instant);
    const approved = await call(owner, 'POST', `/api/v1/posts/${post.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as { posts: PostAnswer[] }).posts.map((copy) => copy.status)).toEqual(['scheduled']);
    expect((await row(post.id))?.published_at).toBeNull();

    const sent = await harness.published(post.id);
    expect(new Date(sent.published_at).getTime()).toBeGreaterThanOrEqual(instant.getTime());
    await sleep(1_500);
    expect((await xPosts(sandbox.url)).map((sentPost) => sentPost.text)).toEqual(['Approved and on time']);

    const log = await call(owner, 'GET', `/api/v1/workspaces/${team}/activity`);
    expect(log.json().items.map((item: { action: string }) => item.action)).toContain('post.approved');

    const mails = await mailsTo(editor);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your post was approved']);
    expect(mails[0]?.text_body).toContain('Eddie Editor');
    expect(mails[0]?.text_body).toContain(`scheduled for ${mailTime(instant, 'Asia/Tokyo')}.`);
    expect(mails[0]?.text_body).toMatch(/scheduled for \d{4}-\d{2}-\d{2} \d{2}:\d{2} Asia\/Tokyo\./);

    // A second approval finds nothing to approve and changes nothing.
    const again = await call(owner, 'POST', `/api/v1/posts/${post.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This post is not waiting for approval (it is already published), so it cannot be approved.');
    expect(await xPosts(sandbox.url)).toHaveLength(1);
    expect(await mailsTo(editor)).toHaveLength(1);
  });

  it('publishes at once an approval that comes after the time, within PUBLISH_MISSED_AFTER', async () => {
    const post = await schedule(editor, 'Approved a little late', new Date(Date.now() + 60_000));
    await waitedFor(post.id, 30 * 60_000);
    const approved = await call(owner, 'POST', `/api/v1/posts/${post.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await harness.reaches(post.id, 'published', 5_000);
    expect((await xPosts(sandbox.url)).map((sentPost) => sentPost.text)).toEqual(['Approved a little late']);
    expect((await mailsTo(editor))[0]?.text_body).toContain('it is being published now');
  });

  it('marks missed an approval that comes more than PUBLISH_MISSED_AFTER after the time, and sends nothing', async () => {
    const post = await schedule(editor, 'Approved far too late', new Date(Date.now() + 60_000));
    await waitedFor(post.id, 3 * 3_600_000);
    const approved = await call(owner, 'POST', `/api/v1/posts/${post.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [copy] = (approved.json() as { posts: PostAnswer[] }).posts;
    expect(copy?.status).toBe('missed');
    expect(copy?.failure_reason).toMatch(/approved 180 minutes after its time, more than the 120 minutes/);
    await sleep(2_500);
    expect((await row(post.id))?.status).toBe('missed');
    expect(await backstops(post.id)).toBe(0);
    expect(await xPosts(sandbox.url)).toHaveLength(0);
  });

  it('rejects with a reason the author is mailed and sees on the post, and nothing is sent', async () => {
    const post = await schedule(editor, 'Not on brand', new Date(Date.now() + 60_000));
    const rejected = await call(owner, 'POST', `/api/v1/posts/${post.id}/reject`, { reason: '  Use our new logo  ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((rejected.json() as { posts: PostAnswer[] }).posts[0]).toMatchObject({ status: 'rejected', failure_reason: 'Use our new logo' });

    const mails = await mailsTo(editor);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your post was not approved']);
    expect(mails[0]?.text_body).toContain('Reason: Use our new logo');

    // The workspace's log says who decided, about which post, and why (decision 131).
    const log = await call(owner, 'GET', `/api/v1/workspaces/${team}/activity`);
    expect(log.json().items[0]).toMatchObject({
      action: 'post.rejected',
      actor: { id: owner.userId },
      subject: { type: 'post', label: 'Not on brand' },
      details: { reason: 'Use our new logo' },
    });

    const feed = await call(editor, 'GET', '/api/v1/social/feed');
    expect(feed.json().posts[0]).toMatchObject({ status: 'rejected', failure_reason: 'Use our new logo' });

    // The author edits it: it waits for approval again, the reason gone.
    const edited = await call(editor, 'PUT', `/content/${post.id}`, {
      text: 'On brand now',
      platform: 'x',
      scheduled_for: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post).toMatchObject({ status: 'pending_approval', failure_reason: null });
  });

  it('sends an approved post back for approval when an editor edits it, and keeps it unsent', async () => {
    // Beyond the dispatcher's 3 s look-ahead, so the edit finds it scheduled rather than already claimed.
    const post = await schedule(editor, 'Approved once', new Date(Date.now() + 4_500));
    expect((await call(owner, 'POST', `/api/v1/posts/${post.id}/approve`)).statusCode).toBe(200);
    const edited = await call(editor, 'PUT', `/content/${post.id}`, {
      text: 'Changed after approval',
      platform: 'x',
      scheduled_for: new Date(Date.now() + 1_500).toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post.status).toBe('pending_approval');
    // Neither its first instant nor its new one sends it.
    await sleep(6_500);
    expect((await row(post.id))?.status).toBe('pending_approval');
    expect(await xPosts(sandbox.url)).toHaveLength(0);

    // An owner's edit does not approve it either: only an approval does.
    const byOwner = await call(owner, 'PUT', `/content/${post.id}`, {
      text: 'Polished by the owner',
      platform: 'x',
      scheduled_for: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(byOwner.json().post.status).toBe('pending_approval');
    const ownerNow = await call(owner, 'POST', `/content/${post.id}/publish-now`);
    expect(ownerNow.statusCode).toBe(409);
    expect(ownerNow.json().error.message).toBe('This post is waiting for approval; approve it to send it.');
  });

  it('keeps pending posts pending when approval is turned off; new posts then go out', async () => {
    const waiting = await schedule(editor, 'Submitted while approval was on', new Date(Date.now() + 1_000));
    expect((await call(owner, 'PATCH', `/api/v1/workspaces/${team}`, { requireApproval: false })).statusCode).toBe(200);
    const fresh = await schedule(editor, 'Written after approval was off');
    expect(fresh.status).not.toBe('pending_approval');
    await harness.published(fresh.id);
    await sleep(2_000);
    expect((await row(waiting.id))?.status).toBe('pending_approval');
    expect((await xPosts(sandbox.url)).map((sentPost) => sentPost.text)).toEqual(['Written after approval was off']);
  });

  it('refuses editors, viewers, non-members and posts not waiting with a clear 4xx, changing nothing', async () => {
    const post = await schedule(editor, 'Judge me', new Date(Date.now() + 60_000));
    const before = await row(post.id);

    for (const [who, role] of [
      [editor, 'an editor'],
      [viewer, 'a viewer'],
    ] as const) {
      for (const action of ['approve', 'reject']) {
        const response = await call(who, 'POST', `/api/v1/posts/${post.id}/${action}`, { reason: 'Mine to judge' });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(
          `You are ${role} in this workspace, so you cannot do this; only its owners and admins can. Ask one of them.`,
        );
      }
    }
    const stranger = await signUp(t, 'Stranger');
    const outside = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${post.id}/approve`,
      headers: { ...stranger.headers, 'x-workspace-id': team },
    });
    expect(outside.statusCode).toBe(404);
    // The stranger's own workspace does not hold the post either.
    const ownWorkspace = await t.app.inject({ method: 'POST', url: `/api/v1/posts/${post.id}/approve`, headers: stranger.headers });
    expect(ownWorkspace.statusCode).toBe(404);
    expect(ownWorkspace.json().error.message).toBe('No such post.');

    const noReason = await call(owner, 'POST', `/api/v1/posts/${post.id}/reject`, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Say why the post is rejected');

    expect(await row(post.id)).toEqual(before);
    expect(await mailsTo(editor)).toHaveLength(0);

    const ownersPost = await schedule(owner, 'Already scheduled', new Date(Date.now() + 60_000));
    const notPending = await call(owner, 'POST', `/api/v1/posts/${ownersPost.id}/reject`, { reason: 'Changed my mind' });
    expect(notPending.statusCode).toBe(409);
    expect(notPending.json().error.message).toBe(
      'This post is not waiting for approval (it is already approved and scheduled), so it cannot be rejected.',
    );
    expect((await row(ownersPost.id))?.status).toBe('scheduled');
  });

  it('lists pending posts under the feed filter and the status lists, with exact totals', async () => {
    const first = await schedule(editor, 'Pending one', new Date(Date.now() + 60_000));
    await schedule(editor, 'Pending two', new Date(Date.now() + 120_000));
    await schedule(owner, 'Scheduled by the owner', new Date(Date.now() + 60_000));
    await call(owner, 'POST', `/api/v1/posts/${first.id}/reject`, { reason: 'No' });

    const feed = await call(viewer, 'GET', '/api/v1/social/feed?status=pending_approval');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json()).toMatchObject({ total_count: 1, total_count_exact: true });
    expect(feed.json().posts.map((post: { text: string }) => post.text)).toEqual(['Pending two']);
    const list = await call(viewer, 'GET', '/posts?status=pending_approval,rejected');
    expect(
      list
        .json()
        .map((post: PostAnswer) => post.status)
        .sort(),
    ).toEqual(['pending_approval', 'rejected']);
    const scheduled = await call(viewer, 'GET', '/api/v1/social/feed?status=scheduled');
    expect(scheduled.json().total_count).toBe(1);
  });

  it('tells open screens of every move into and out of approval (the status stream’s NOTIFY)', async () => {
    const listener = new pg.Client({ connectionString: t.database.url });
    await listener.connect();
    const heard: Array<{ id: string; status: string }> = [];
    listener.on('notification', (message) => heard.push(JSON.parse(message.payload ?? '{}')));
    await listener.query('LISTEN postflow_post_status');
    try {
      const approved = await schedule(editor, 'Heard approved', new Date(Date.now() + 60_000));
      const rejected = await schedule(editor, 'Heard rejected', new Date(Date.now() + 60_000));
      await call(owner, 'POST', `/api/v1/posts/${approved.id}/approve`);
      await call(owner, 'POST', `/api/v1/posts/${rejected.id}/reject`, { reason: 'No' });
      await call(editor, 'PUT', `/content/${approved.id}`, {
        text: 'Heard sent back',
        platform: 'x',
        scheduled_for: new Date(Date.now() + 60_000).toISOString(),
      });
      await eventually(async () => heard.length >= 3);
      expect(heard.map((change) => [change.id, change.status])).toEqual([
        [approved.id, 'scheduled'],
        [rejected.id, 'rejected'],
        [approved.id, 'pending_approval'],
      ]);
    } finally {
      await listener.end();
    }
  });
});
