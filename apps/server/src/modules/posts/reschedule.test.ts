import type { Post } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { insertTarget } from '../../../test/helpers/targets';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createPostsRepository } from './posts.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** PATCH /api/v1/posts/:id { scheduledAt } (docs/decisions/142-calendar.md). */
describe('PATCH /api/v1/posts/:id', () => {
  let t: TestApp;
  let ada: TestSession;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ada = await signUp(t, 'Ada Lovelace');
    account = await createSocialAccount(t.services, ada.userId, { network: 'x', username: 'ada_x' });
  });
  afterAll(() => t.close());

  const patch = (session: TestSession, id: string, scheduledAt: unknown, workspaceId?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${id}`,
      headers: { ...session.headers, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
      payload: { scheduledAt },
    });
  const row = async (id: string) =>
    (
      await t.database.db.query<{ status: string; scheduled_at: Date; due_at: Date; attempt_count: number; failure_reason: string | null }>(
        'SELECT status, scheduled_at, due_at, attempt_count, failure_reason FROM post_targets WHERE id = $1',
        [id],
      )
    ).rows[0];
  const backstops = async (id: string) =>
    (
      await t.database.db.query<{ start_after: Date }>(
        `SELECT start_after FROM pgboss.job WHERE name = 'publish-target' AND data->>'targetId' = $1 ORDER BY start_after`,
        [id],
      )
    ).rows.map((job) => job.start_after.getTime());
  const scheduled = (at: Date, status: 'scheduled' | 'published' | 'publishing' | 'failed' | 'missed' = 'scheduled', text = 'A post') =>
    insertTarget(t.services, { userId: ada.userId, accountId: account, network: 'x', at, status, text });

  it('moves one post to a new time, arms the publisher for it and logs it', async () => {
    const id = await scheduled(new Date(Date.now() + DAY), 'scheduled', 'Launch day is here');
    const to = new Date(Date.now() + 2 * DAY + 30 * 60_000);
    to.setUTCSeconds(0, 0);

    const response = await patch(ada, id, to.toISOString().replace('Z', '+00:00'));

    expect(response.statusCode, response.body).toBe(200);
    const { post } = response.json() as { post: Post };
    expect(post).toMatchObject({ id, status: 'scheduled', scheduled_for: to.toISOString(), text: 'Launch day is here' });
    expect(await row(id)).toMatchObject({ status: 'scheduled', scheduled_at: to, due_at: to });
    // A backstop job for the new instant (the old one, if any, finds the post not due and does nothing).
    const jobs = await backstops(id);
    expect(jobs.some((startAfter) => startAfter >= to.getTime() && startAfter < to.getTime() + 60_000)).toBe(true);
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/workspaces/${ada.userId}/activity`, headers: ada.headers });
    expect(log.json().items[0]).toMatchObject({
      action: 'post.edited',
      subject: { type: 'post', label: expect.stringContaining('Launch day') },
      details: { networks: ['x'], scheduledAt: to.toISOString(), rescheduledFrom: expect.any(String) },
    });
  });

  it('gives a failed or missed post a fresh start at its new time', async () => {
    for (const status of ['failed', 'missed'] as const) {
      const id = await scheduled(new Date(Date.now() - HOUR), status);
      await t.database.db.query(`UPDATE post_targets SET attempt_count = 2, failure_reason = 'Gone' WHERE id = $1`, [id]);
      const to = new Date(Date.now() + DAY);
      expect((await patch(ada, id, to.toISOString())).statusCode).toBe(200);
      expect(await row(id)).toMatchObject({ status: 'scheduled', attempt_count: 0, failure_reason: null, scheduled_at: to });
    }
  });

  it('refuses a published post, one being published, a past time and a time beyond a year, changing nothing', async () => {
    const published = await scheduled(new Date(Date.now() - HOUR), 'published');
    const sending = await scheduled(new Date(Date.now() - 1_000), 'publishing');
    const future = await scheduled(new Date(Date.now() + DAY));
    const tomorrow = new Date(Date.now() + DAY).toISOString();

    const cases: Array<[string, unknown, number, RegExp]> = [
      [published, tomorrow, 409, /already published, so it cannot be moved/],
      [sending, tomorrow, 409, /being published right now, so it cannot be moved/],
      [future, new Date(Date.now() - 60_000).toISOString(), 400, /Choose a time in the future/],
      [future, new Date(Date.now() + 400 * DAY).toISOString(), 400, /up to a year ahead/],
      [future, 'next tuesday', 400, /scheduledAt must be a date-time/],
      [future, undefined, 400, /scheduledAt is required/],
    ];
    for (const [id, to, status, message] of cases) {
      const before = await row(id);
      const response = await patch(ada, id, to);
      expect(response.statusCode, `${String(to)}: ${response.body}`).toBe(status);
      expect(response.json().error.message).toMatch(message);
      expect(await row(id)).toEqual(before);
    }
  });

  it("answers 404 for another workspace's post, and leaves it alone", async () => {
    const id = await scheduled(new Date(Date.now() + DAY));
    const grace = await signUp(t, 'Grace Hopper');
    const before = await row(id);
    const response = await patch(grace, id, new Date(Date.now() + 2 * DAY).toISOString());
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('A post');
    expect(await row(id)).toEqual(before);
  });

  it("sends an editor's move back for approval where the workspace requires it (time is part of what was approved)", async () => {
    const team = (await t.services.workspaces.create(ada.userId, { name: 'Team' })).id;
    await t.database.db.query('UPDATE workspaces SET require_approval = true WHERE id = $1', [team]);
    const editor = await signUp(t, 'Eddie Editor');
    await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')`, [
      team,
      editor.userId,
    ]);
    const teamAccount = await createSocialAccount(t.services, team, { network: 'x', username: 'team_x' });
    const posts = createPostsRepository(t.database.db);
    const postId = await posts.insertPost({
      workspaceId: team,
      createdBy: editor.userId,
      originalText: 'Team post',
      aiEnhanced: false,
      timeZone: 'UTC',
    });
    const id = await posts.insertTarget({
      postId,
      workspaceId: team,
      accountId: teamAccount,
      network: 'x',
      linkedinOrgId: null,
      text: 'Team post',
      mediaIds: [],
      scheduledAt: new Date(Date.now() + DAY),
    });

    const byEditor = await patch(editor, id, new Date(Date.now() + 2 * DAY).toISOString(), team);
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    expect(byEditor.json().post.status).toBe('pending_approval');
    expect(await backstops(id)).toEqual([]);

    // An owner's move of a waiting post keeps it waiting: only an approval releases it.
    const byOwner = await patch(ada, id, new Date(Date.now() + 3 * DAY).toISOString(), team);
    expect(byOwner.json().post.status).toBe('pending_approval');
  });
});
