import type { ActivityEntry } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, createTestClock, type TestApp } from '../../../test/helpers/test-app';
import { record } from './activity.repository';

describe('the workspace activity log', () => {
  let t: TestApp;
  let ada: TestSession;
  let grace: TestSession;
  // Each call happens a second after the one before, so the log's order is the order of the calls.
  const clock = createTestClock();

  const call = (
    who: TestSession,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { workspace?: string; payload?: object } = {},
  ) => {
    clock.advance(1_000);
    return t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(options.workspace ? { 'x-workspace-id': options.workspace } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const join = (workspaceId: string, who: TestSession, role: string) =>
    t.database.db.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspaceId, who.userId, role]);
  const newWorkspace = async (name: string) => (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name } })).json().id as string;
  const log = async (who: TestSession, workspaceId: string, query = '') => {
    const response = await call(who, 'GET', `/api/v1/workspaces/${workspaceId}/activity${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: ActivityEntry[]; nextBefore: string | null };
  };
  /** Each entry as one line: actor, action, subject label. */
  const lines = (items: ActivityEntry[]) => items.map((item) => `${item.actor?.name ?? 'Postflow'} ${item.action} ${item.subject.label}`);

  beforeAll(async () => {
    t = await createTestApp({ worker: false, clock });
    ada = await signUp(t, 'Ada Lovelace');
    grace = await signUp(t, 'Grace Hopper');
  });
  afterAll(() => t.close());

  it('logs creating, renaming, turning approvals on and leaving a workspace, once each, by whoever did it', async () => {
    const team = await newWorkspace('Acme');
    await join(team, grace, 'editor');
    expect((await call(ada, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { name: 'Acme & Co' } })).statusCode).toBe(200);
    // Saving what is already there changes nothing, so it logs nothing.
    expect((await call(ada, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { name: 'Acme & Co' } })).statusCode).toBe(200);
    expect((await call(ada, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { requireApproval: true } })).statusCode).toBe(200);
    expect((await call(grace, 'POST', `/api/v1/workspaces/${team}/leave`)).statusCode).toBe(204);

    const { items, nextBefore } = await log(ada, team);
    expect(nextBefore).toBeNull();
    expect(lines(items)).toEqual([
      'Grace Hopper member.left Grace Hopper',
      'Ada Lovelace workspace.approval_changed Acme & Co',
      'Ada Lovelace workspace.renamed Acme & Co',
      'Ada Lovelace workspace.created Acme',
    ]);
    expect(items[0]).toMatchObject({ subject: { type: 'member', id: grace.userId }, details: { role: 'editor' } });
    expect(items[1]?.details).toEqual({ requireApproval: true });
    expect(items[2]?.details).toEqual({ previousName: 'Acme' });
    expect(items[3]?.actor).toEqual({ id: ada.userId, name: 'Ada Lovelace', avatarUrl: null });
    // Another workspace's log holds none of it.
    expect((await log(ada, ada.userId)).items.filter((item) => item.subject.label.startsWith('Acme'))).toEqual([]);
  });

  it('logs an editor creating, editing, publishing now and deleting a post, labelled with its opening cut at a word', async () => {
    const team = await newWorkspace('Posts team');
    await join(team, grace, 'editor');
    await createSocialAccount(t.services, team, { network: 'x', username: 'acme_x' });
    const text = 'Launch day is here and we are thrilled to share what the whole team has been building';
    const created = await call(grace, 'POST', '/posts', {
      workspace: team,
      payload: { text, platforms: ['x'], scheduledFor: new Date(clock.now().getTime() + 3_600_000).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { postId, posts } = created.json() as { postId: string; posts: Array<{ id: string }> };
    const targetId = posts[0]?.id as string;

    const edited = await call(grace, 'PUT', `/content/${targetId}`, {
      workspace: team,
      payload: { text: 'Launch day!', platform: 'x', scheduled_for: new Date(clock.now().getTime() + 7_200_000).toISOString() },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(grace, 'POST', `/content/${targetId}/publish-now`, { workspace: team })).statusCode).toBe(200);
    // Still not sent (this app has no worker), so it can be deleted.
    expect((await call(grace, 'DELETE', `/content/${targetId}`, { workspace: team })).statusCode).toBe(204);

    const { items } = await log(ada, team);
    expect(lines(items)).toEqual([
      'Grace Hopper post.deleted Launch day!',
      'Grace Hopper post.edited Launch day!',
      'Grace Hopper post.edited Launch day!',
      'Grace Hopper post.created Launch day is here and we are thrilled to share what the…',
      'Ada Lovelace workspace.created Posts team',
    ]);
    // The post is gone; its entries still say what it was, and name it by the post's id.
    expect(items.slice(0, 4).map((item) => item.subject)).toEqual(
      Array.from({ length: 4 }, (_, i) => ({ type: 'post', id: postId, label: (items[i] as ActivityEntry).subject.label })),
    );
    expect(items[0]?.details).toMatchObject({ networks: ['x'], status: 'scheduled' });
    expect(items[1]?.details).toEqual({ networks: ['x'], publishNow: true });
    expect(items[3]?.details).toMatchObject({ networks: ['x'], scheduledAt: expect.any(String) });
  });

  it('logs nothing for a change that was refused', async () => {
    const team = await newWorkspace('Refusals');
    await join(team, grace, 'viewer');
    expect((await call(grace, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { name: 'Taken over' } })).statusCode).toBe(403);
    const noAccount = await call(ada, 'POST', '/posts', { workspace: team, payload: { text: 'Hi', platforms: ['x'] } });
    expect(noAccount.statusCode).toBe(400);
    expect(lines((await log(grace, team)).items)).toEqual(['Ada Lovelace workspace.created Refusals']);
  });

  it('pages newest first by time, with no entry twice or missed, even among entries of the same instant', async () => {
    const team = await newWorkspace('Busy');
    const base = clock.now().getTime();
    for (let i = 0; i < 7; i++) {
      // Entries 3, 4 and 5 share one instant, as entries written by one transaction do.
      const at = new Date(base + 1_000 * (i >= 3 && i <= 5 ? 3 : i) + 1_000);
      await record(t.database.db, {
        workspaceId: team,
        actorId: ada.userId,
        action: 'post.created',
        subject: { type: 'post', id: null, label: `post ${i}` },
        at,
      });
    }
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: { items: ActivityEntry[]; nextBefore: string | null } = await log(
        ada,
        team,
        `?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.subject.label));
      before = page.nextBefore;
      pages++;
    } while (before && pages < 10);
    expect(seen.slice(0, 1)).toEqual(['post 6']);
    expect(seen.slice(4)).toEqual(['post 2', 'post 1', 'post 0', 'Busy']);
    expect([...seen.slice(1, 4)].sort()).toEqual(['post 3', 'post 4', 'post 5']);
    expect(pages).toBe(4);
  });

  it('lets every member read it, shows an invitee’s address to owners and admins only, and answers 404 to anyone else', async () => {
    const team = await newWorkspace('Clients');
    await join(team, grace, 'viewer');
    await record(t.database.db, {
      workspaceId: team,
      actorId: ada.userId,
      action: 'member.invited',
      subject: { type: 'invitation', id: null, label: 'client@example.com' },
      details: { role: 'viewer' },
      at: new Date(clock.now().getTime() + 500),
    });
    expect((await log(ada, team)).items[0]?.subject.label).toBe('client@example.com');
    expect((await log(grace, team)).items[0]?.subject.label).toBe('c•••@example.com');

    const stranger = await signUp(t, 'Stranger');
    for (const id of [team, '00000000-0000-4000-8000-000000000000']) {
      const response = await call(stranger, 'GET', `/api/v1/workspaces/${id}/activity`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('This workspace does not exist, or you are not a member of it.');
    }
  });

  it('refuses a limit or a before it cannot page by', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=two',
      'limit=1.5',
      'before=yesterday',
      'before=2026-11-26T10:00:00.000Z',
      'before=2026-02-30T10:00:00.000Z_00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await call(ada, 'GET', `/api/v1/workspaces/${ada.userId}/activity?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
