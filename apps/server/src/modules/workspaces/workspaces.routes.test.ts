import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('workspaces', () => {
  let t: TestApp;
  let ada: TestSession;
  let grace: TestSession;

  const call = (
    who: TestSession,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options: { workspace?: string; payload?: object } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(options.workspace ? { 'x-workspace-id': options.workspace } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const join = (workspaceId: string, who: TestSession, role: string) =>
    t.database.db.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspaceId, who.userId, role]);

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ada = await signUp(t, 'Ada');
    grace = await signUp(t, 'Grace');
  });
  afterAll(() => t.close());

  it('gives every person a personal workspace they own, listed first', async () => {
    const created = await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: '  Acme launch  ' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme launch', role: 'owner', personal: false, requireApproval: false });

    const listed = await call(ada, 'GET', '/api/v1/workspaces');
    expect(listed.json().workspaces.map((w: { name: string; role: string; personal: boolean }) => [w.name, w.role, w.personal])).toEqual([
      ['Personal', 'owner', true],
      ['Acme launch', 'owner', false],
    ]);
  });

  it('keeps each workspace’s accounts apart, chosen by the X-Workspace-Id header', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Team' } })).json().id as string;
    await createSocialAccount(t.services, team, { network: 'x', username: 'team_x' });
    await createSocialAccount(t.services, ada.userId, { network: 'x', username: 'ada_x' });

    const inTeam = await call(ada, 'GET', '/auth/accounts', { workspace: team });
    const personal = await call(ada, 'GET', '/auth/accounts');
    expect(inTeam.body).toContain('team_x');
    expect(inTeam.body).not.toContain('ada_x');
    expect(personal.body).toContain('ada_x');
    expect(personal.body).not.toContain('team_x');
  });

  it('answers 404, never 403, for a workspace the caller is not a member of, or an id that is not one', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Private' } })).json().id as string;
    for (const workspace of [team, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await call(grace, 'GET', '/auth/accounts', { workspace });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('This workspace does not exist, or you are not a member of it.');
    }
    expect((await call(grace, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await call(grace, 'DELETE', `/api/v1/workspaces/${team}`)).statusCode).toBe(404);
  });

  it('lets a viewer read but not connect accounts or rename, saying who can', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Clients' } })).json().id as string;
    await join(team, grace, 'viewer');

    expect((await call(grace, 'GET', '/api/connections', { workspace: team })).statusCode).toBe(200);
    const rename = await call(grace, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { name: 'Taken over' } });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.message).toBe(
      'You are a viewer in this workspace, so you cannot do this; only its owners and admins can. Ask one of them.',
    );
    const post = await call(grace, 'POST', '/posts', { workspace: team, payload: { text: 'Hi', platforms: ['x'] } });
    expect(post.statusCode).toBe(403);
    expect((await call(ada, 'GET', '/api/v1/workspaces')).json().workspaces.map((w: { name: string }) => w.name)).toContain('Clients');
  });

  it('renames and turns approvals on for owners and admins', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Agency' } })).json().id as string;
    await join(team, grace, 'admin');
    const changed = await call(grace, 'PATCH', `/api/v1/workspaces/${team}`, { payload: { name: 'Agency & Co', requireApproval: true } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Agency & Co', role: 'admin', requireApproval: true });
    const empty = await call(grace, 'PATCH', `/api/v1/workspaces/${team}`, { payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Send a name or requireApproval');
  });

  it('never lets the last owner leave, nor anyone leave or delete their personal workspace', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Solo' } })).json().id as string;
    const lastOwner = await call(ada, 'POST', `/api/v1/workspaces/${team}/leave`);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error.message).toContain('only owner');
    expect((await call(ada, 'POST', `/api/v1/workspaces/${ada.userId}/leave`)).statusCode).toBe(409);
    expect((await call(ada, 'DELETE', `/api/v1/workspaces/${ada.userId}`)).statusCode).toBe(409);

    await join(team, grace, 'editor');
    expect((await call(grace, 'POST', `/api/v1/workspaces/${team}/leave`)).statusCode).toBe(204);
    expect((await call(grace, 'GET', '/auth/accounts', { workspace: team })).statusCode).toBe(404);
  });

  it('shows every member each post with the name of the member who wrote it', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Writers' } })).json().id as string;
    await createSocialAccount(t.services, team, { network: 'x', username: 'writers_x' });
    await join(team, grace, 'editor');
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const written = await call(grace, 'POST', '/posts', {
      workspace: team,
      payload: { text: 'By Grace', platforms: ['x'], scheduledFor: later },
    });
    expect(written.statusCode, written.body).toBe(201);

    const feed = await call(ada, 'GET', '/api/v1/social/feed', { workspace: team });
    expect(feed.json().posts).toEqual([expect.objectContaining({ text: 'By Grace', user_first_name: 'Grace' })]);
  });

  it('deletes a workspace with everything in it, for its owner only', async () => {
    const team = (await call(ada, 'POST', '/api/v1/workspaces', { payload: { name: 'Short-lived' } })).json().id as string;
    await createSocialAccount(t.services, team, { network: 'linkedin', username: 'short_li' });
    await join(team, grace, 'admin');
    expect((await call(grace, 'DELETE', `/api/v1/workspaces/${team}`)).statusCode).toBe(403);
    expect((await call(ada, 'DELETE', `/api/v1/workspaces/${team}`)).statusCode).toBe(204);
    const left = await t.database.db.query('SELECT count(*)::int AS n FROM social_accounts WHERE workspace_id = $1', [team]);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
