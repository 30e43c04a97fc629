import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A person signed up through the API with an address the test knows. */
interface Person extends TestSession {
  email: string;
}

async function signUpAs(t: TestApp, name: string): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 8)}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { name, email, password: 'a long enough password' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const { token, user } = response.json();
  return { userId: user.id, token, headers: { authorization: `Bearer ${token}` }, email };
}

function harness(getApp: () => TestApp) {
  const call = (who: TestSession, method: Method, url: string, payload?: object) =>
    getApp().app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const db = () => getApp().database.db;
  return {
    call,
    db,
    join: (workspaceId: string, who: TestSession, role: string) =>
      db().query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspaceId, who.userId, role]),
    createWorkspace: async (owner: TestSession, name: string) =>
      (await call(owner, 'POST', '/api/v1/workspaces', { name })).json().id as string,
    /** The secret of the newest invitation mailed to that address, read from the outbox as an invitee would. */
    async linkSentTo(email: string): Promise<string> {
      const { rows } = await db().query<{ text_body: string }>(
        'SELECT text_body FROM emails WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
        [email.toLowerCase()],
      );
      const link = /http:\/\/localhost:\d+\/invitations\/(\S+)/.exec(rows[0]?.text_body ?? '');
      if (!link?.[1]) throw new Error(`no invitation mailed to ${email}`);
      return decodeURIComponent(link[1]);
    },
    async membership(workspaceId: string, who: TestSession): Promise<string | undefined> {
      const { rows } = await db().query<{ role: string }>('SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
        workspaceId,
        who.userId,
      ]);
      return rows[0]?.role;
    },
  };
}

describe('invitations', () => {
  let t: TestApp;
  let ada: Person;
  let grace: Person;
  let alan: Person;
  const h = harness(() => t);
  const { call } = h;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ada = await signUpAs(t, 'Ada');
    grace = await signUpAs(t, 'Grace');
    alan = await signUpAs(t, 'Alan');
  });
  afterAll(() => t.close());

  it('mails a 7-day link (also printed to the log without SMTP) that the invitee accepts to join with that role', async () => {
    const team = await h.createWorkspace(ada, 'Launch team');
    const invited = await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: grace.email.toUpperCase(), role: 'editor' });
    expect(invited.statusCode, invited.body).toBe(201);
    const body = invited.json();
    expect(body).toMatchObject({ email: grace.email, role: 'editor' });
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = await h.linkSentTo(grace.email);
    expect(token).toMatch(/^pf_iv_/);
    expect(t.logs.join('\n')).toContain(`/invitations/${token}`);
    // Only the secret's digest is kept, as for password resets.
    const stored = await h.db().query("SELECT 1 FROM workspace_invitations WHERE token_hash = sha256(convert_to($1, 'UTF8'))", [token]);
    expect(stored.rowCount).toBe(1);

    const pending = await call(ada, 'GET', `/api/v1/workspaces/${team}/invitations`);
    expect(pending.json().invitations).toEqual([expect.objectContaining({ email: grace.email, role: 'editor', invitedBy: 'Ada' })]);

    const details = await call(grace, 'GET', `/api/v1/invitations/${token}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual({ workspaceName: 'Launch team', role: 'editor', invitedBy: 'Ada', email: grace.email });

    const accepted = await call(grace, 'POST', `/api/v1/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({
      id: team,
      name: 'Launch team',
      role: 'editor',
      personal: false,
      requireApproval: false,
      branding: null,
    });
    expect(await h.membership(team, grace)).toBe('editor');
    expect((await call(grace, 'GET', `/api/v1/workspaces/${team}/members`)).statusCode).toBe(200);
    expect((await call(ada, 'GET', `/api/v1/workspaces/${team}/invitations`)).json().invitations).toEqual([]);

    const again = await call(grace, 'POST', `/api/v1/invitations/${token}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already a member of Launch team. Open it from the workspace switcher.');
    const usedByAnother = await call(alan, 'POST', `/api/v1/invitations/${token}/accept`);
    expect(usedByAnother.statusCode).toBe(410);
    expect(usedByAnother.json().error.message).toContain('This invitation has already been used.');
    expect(await h.membership(team, alan)).toBeUndefined();

    // The log says who invited whom and who joined, once each (decision 131).
    const log = await call(ada, 'GET', `/api/v1/workspaces/${team}/activity`);
    expect(
      log
        .json()
        .items.map((item: { action: string; subject: { label: string }; details: { role?: string } }) => [
          item.action,
          item.subject.label,
          item.details.role,
        ]),
    ).toEqual([
      ['member.joined', 'Grace', 'editor'],
      ['member.invited', grace.email, 'editor'],
      ['workspace.created', 'Launch team', undefined],
    ]);
  });

  it('refuses someone signed in with another address, masking the invited one, and changes nothing', async () => {
    const team = await h.createWorkspace(ada, 'Masked');
    await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'someone.else@example.com', role: 'viewer' });
    const token = await h.linkSentTo('someone.else@example.com');

    const details = await call(alan, 'GET', `/api/v1/invitations/${token}`);
    expect(details.json()).toMatchObject({ workspaceName: 'Masked', email: 's…@example.com' });
    const refused = await call(alan, 'POST', `/api/v1/invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This invitation was sent to s…@example.com; sign in with that address to accept it.');
    expect(await h.membership(team, alan)).toBeUndefined();
    expect((await call(ada, 'GET', `/api/v1/workspaces/${team}/invitations`)).json().invitations).toHaveLength(1);
  });

  it('matches the address case-insensitively', async () => {
    const team = await h.createWorkspace(ada, 'Cases');
    const mixed = `Mixed.Case-${randomUUID().slice(0, 6)}@Example.COM`;
    const person = await signUpAs(t, 'Mixed');
    await h.db().query('UPDATE users SET email = $2 WHERE id = $1', [person.userId, mixed]);
    await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: mixed.toLowerCase(), role: 'viewer' });
    const accepted = await call(person, 'POST', `/api/v1/invitations/${await h.linkSentTo(mixed)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await h.membership(team, person)).toBe('viewer');
  });

  it('answers 410 for an expired or revoked link and 404 for one that never was', async () => {
    const team = await h.createWorkspace(ada, 'Timed');
    await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: alan.email, role: 'viewer' });
    const token = await h.linkSentTo(alan.email);
    await h.db().query(`UPDATE workspace_invitations SET expires_at = now() - interval '1 minute' WHERE workspace_id = $1`, [team]);
    for (const method of ['GET', 'POST'] as const) {
      const expired = await call(alan, method, `/api/v1/invitations/${token}${method === 'POST' ? '/accept' : ''}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.message).toBe(
        'This invitation has expired (invitations work for 7 days). Ask an owner or admin of the workspace for a new invitation if you still want to join.',
      );
    }
    expect((await call(ada, 'GET', `/api/v1/workspaces/${team}/invitations`)).json().invitations).toEqual([]);

    const invited = await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: alan.email, role: 'viewer' });
    const revoked = await call(ada, 'DELETE', `/api/v1/workspaces/${team}/invitations/${invited.json().id}`);
    expect(revoked.statusCode).toBe(204);
    const afterRevoke = await call(alan, 'POST', `/api/v1/invitations/${await h.linkSentTo(alan.email)}/accept`);
    expect(afterRevoke.statusCode).toBe(410);
    expect(afterRevoke.json().error.message).toContain('This invitation was withdrawn.');
    expect((await call(ada, 'DELETE', `/api/v1/workspaces/${team}/invitations/${invited.json().id}`)).statusCode).toBe(404);
    expect(await h.membership(team, alan)).toBeUndefined();

    const unknown = await call(alan, 'POST', '/api/v1/invitations/pf_iv_not-a-real-token/accept');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('This invitation link is not valid.');
  });

  it('replaces a pending invitation when the same address is invited again: the old link stops working', async () => {
    const team = await h.createWorkspace(ada, 'Twice');
    await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: alan.email, role: 'viewer' });
    const first = await h.linkSentTo(alan.email);
    await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: alan.email, role: 'admin' });
    const second = await h.linkSentTo(alan.email);
    expect(second).not.toBe(first);
    expect((await call(ada, 'GET', `/api/v1/workspaces/${team}/invitations`)).json().invitations).toEqual([
      expect.objectContaining({ email: alan.email, role: 'admin' }),
    ]);
    expect((await call(alan, 'POST', `/api/v1/invitations/${first}/accept`)).statusCode).toBe(410);
    expect((await call(alan, 'POST', `/api/v1/invitations/${second}/accept`)).json().role).toBe('admin');
  });

  it('makes one membership when two tabs accept at once', async () => {
    const team = await h.createWorkspace(ada, 'Race');
    const person = await signUpAs(t, 'Racer');
    await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: person.email, role: 'editor' });
    const token = await h.linkSentTo(person.email);
    const answers = await Promise.all([1, 2, 3].map(() => call(person, 'POST', `/api/v1/invitations/${token}/accept`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const { rows } = await h.db().query('SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [team, person.userId]);
    expect(rows).toHaveLength(1);
  });

  it('lets owners and admins invite, only owners invite an owner, and refuses inviting a member', async () => {
    const team = await h.createWorkspace(ada, 'Roles');
    const admin = await signUpAs(t, 'Admin');
    const editor = await signUpAs(t, 'Editor');
    await h.join(team, admin, 'admin');
    await h.join(team, editor, 'editor');

    const adminOwner = await call(admin, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'boss@example.com', role: 'owner' });
    expect(adminOwner.statusCode).toBe(403);
    expect(adminOwner.json().error.message).toBe('Only owners can invite an owner. Invite them as an admin, or ask an owner.');
    expect(
      (await call(admin, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'boss@example.com', role: 'admin' })).statusCode,
    ).toBe(201);
    expect(
      (await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'boss@example.com', role: 'owner' })).statusCode,
    ).toBe(201);

    const byEditor = await call(editor, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'x@example.com', role: 'viewer' });
    expect(byEditor.statusCode).toBe(403);
    expect((await call(editor, 'GET', `/api/v1/workspaces/${team}/invitations`)).statusCode).toBe(403);
    const invitationId = (await call(ada, 'GET', `/api/v1/workspaces/${team}/invitations`)).json().invitations[0].id;
    expect((await call(editor, 'DELETE', `/api/v1/workspaces/${team}/invitations/${invitationId}`)).statusCode).toBe(403);

    const member = await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: editor.email, role: 'viewer' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toContain('is already a member of this workspace');

    const stranger = await call(alan, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'y@example.com', role: 'viewer' });
    expect(stranger.statusCode).toBe(404);
    expect((await call(alan, 'DELETE', `/api/v1/workspaces/${team}/invitations/${invitationId}`)).statusCode).toBe(404);

    const bad = await call(ada, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'not an address', role: 'chief' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ email: expect.any(String), role: expect.any(String) });
  });
});

describe('members', () => {
  let t: TestApp;
  let owner: Person;
  let admin: Person;
  let editor: Person;
  let viewer: Person;
  let team: string;
  const h = harness(() => t);
  const { call } = h;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUpAs(t, 'Olive Owner');
    admin = await signUpAs(t, 'Adam Admin');
    editor = await signUpAs(t, 'Edith Editor');
    viewer = await signUpAs(t, 'Victor Viewer');
    team = await h.createWorkspace(owner, 'Members');
    await h.join(team, admin, 'admin');
    await h.join(team, editor, 'editor');
    await h.join(team, viewer, 'viewer');
  });
  afterAll(() => t.close());

  it('lists the members to any member, owners first, and to no one else', async () => {
    const listed = await call(viewer, 'GET', `/api/v1/workspaces/${team}/members`);
    expect(listed.statusCode, listed.body).toBe(200);
    const members = listed.json().members;
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Adam Admin', 'admin'],
      ['Edith Editor', 'editor'],
      ['Victor Viewer', 'viewer'],
    ]);
    expect(members[0]).toEqual({
      personId: owner.userId,
      name: 'Olive Owner',
      email: owner.email,
      avatarUrl: null,
      role: 'owner',
      joinedAt: expect.any(String),
    });
    const outsider = await signUpAs(t, 'Outsider');
    expect((await call(outsider, 'GET', `/api/v1/workspaces/${team}/members`)).statusCode).toBe(404);
  });

  it('lets owners and admins change roles, and only owners make or unmake owners', async () => {
    const changed = await call(admin, 'PATCH', `/api/v1/workspaces/${team}/members/${viewer.userId}`, { role: 'editor' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ personId: viewer.userId, role: 'editor' });
    expect(await h.membership(team, viewer)).toBe('editor');

    const promote = await call(admin, 'PATCH', `/api/v1/workspaces/${team}/members/${editor.userId}`, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.message).toBe('Only owners can make someone an owner or change an owner’s role. Ask an owner.');
    const demote = await call(admin, 'PATCH', `/api/v1/workspaces/${team}/members/${owner.userId}`, { role: 'viewer' });
    expect(demote.statusCode).toBe(403);
    expect(await h.membership(team, owner)).toBe('owner');

    const byEditor = await call(editor, 'PATCH', `/api/v1/workspaces/${team}/members/${viewer.userId}`, { role: 'viewer' });
    expect(byEditor.statusCode).toBe(403);
    expect(await h.membership(team, viewer)).toBe('editor');
    await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${viewer.userId}`, { role: 'viewer' });

    const notMember = await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${randomUUID()}`, { role: 'viewer' });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error.message).toBe('This person is not a member of this workspace.');
    expect((await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${viewer.userId}`, { role: 'boss' })).statusCode).toBe(400);
  });

  it('always keeps an owner, and a personal workspace’s person stays its owner', async () => {
    const lastOwner = await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${owner.userId}`, { role: 'admin' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error.message).toBe('A workspace always keeps an owner. Make another member an owner first.');
    const removeLast = await call(owner, 'DELETE', `/api/v1/workspaces/${team}/members/${owner.userId}`);
    expect(removeLast.statusCode).toBe(409);
    expect(await h.membership(team, owner)).toBe('owner');

    // With a second owner, the first may step down.
    expect((await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${admin.userId}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${owner.userId}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/api/v1/workspaces/${team}/members/${owner.userId}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await call(owner, 'PATCH', `/api/v1/workspaces/${team}/members/${admin.userId}`, { role: 'admin' })).statusCode).toBe(200);

    // Someone made an owner of another person's personal workspace still cannot demote or remove that person.
    const personal = owner.userId;
    await h.join(personal, admin, 'owner');
    const demote = await call(admin, 'PATCH', `/api/v1/workspaces/${personal}/members/${owner.userId}`, { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('This is Olive Owner’s personal workspace, so they always stay its owner.');
    expect((await call(admin, 'DELETE', `/api/v1/workspaces/${personal}/members/${owner.userId}`)).statusCode).toBe(409);
    expect(await h.membership(personal, owner)).toBe('owner');
  });

  it('keeps two owners demoting each other at once from leaving none', async () => {
    const pair = await h.createWorkspace(owner, 'Pair');
    await h.join(pair, admin, 'owner');
    const answers = await Promise.all([
      call(owner, 'PATCH', `/api/v1/workspaces/${pair}/members/${admin.userId}`, { role: 'admin' }),
      call(admin, 'PATCH', `/api/v1/workspaces/${pair}/members/${owner.userId}`, { role: 'admin' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const owners = await h.db().query("SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND role = 'owner'", [pair]);
    expect(owners.rowCount).toBe(1);
  });

  it('removes members (admins not owners); a removed member gets 404 on that workspace at once', async () => {
    const refused = await call(admin, 'DELETE', `/api/v1/workspaces/${team}/members/${owner.userId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Admins cannot remove an owner. Ask an owner.');
    expect((await call(editor, 'DELETE', `/api/v1/workspaces/${team}/members/${viewer.userId}`)).statusCode).toBe(403);

    expect((await call(viewer, 'GET', `/api/v1/workspaces/${team}/members`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/v1/workspaces/${team}/members/${viewer.userId}`)).statusCode).toBe(204);
    const gone = await call(viewer, 'GET', `/api/v1/workspaces/${team}/members`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('This workspace does not exist, or you are not a member of it.');
    expect((await call(owner, 'DELETE', `/api/v1/workspaces/${team}/members/${viewer.userId}`)).statusCode).toBe(404);
    const log = await call(owner, 'GET', `/api/v1/workspaces/${team}/activity`);
    expect(log.json().items[0]).toMatchObject({ action: 'member.removed', actor: { id: admin.userId }, subject: { id: viewer.userId } });
  });
});

describe('members and plan limits (PLAN_LIMITS=on)', () => {
  let t: TestApp;
  let owner: Person;
  const h = harness(() => t);
  const { call } = h;

  beforeAll(async () => {
    t = await createTestApp({ env: { PLAN_LIMITS: 'on' }, worker: false });
    owner = await signUpAs(t, 'Planner');
  });
  afterAll(() => t.close());

  it('counts members and pending invitations against the plan, naming the plans that lift it', async () => {
    const team = await h.createWorkspace(owner, 'Small');
    const starter = await call(owner, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'one@example.com', role: 'editor' });
    expect(starter.statusCode).toBe(403);
    expect(starter.json().error.message).toBe(
      "Your Starter plan allows 1 member, invitations included. The Scale plan allows 3 and Agency unlimited: ask the instance's operator to change your plan.",
    );
    expect((await h.db().query('SELECT 1 FROM workspace_invitations WHERE workspace_id = $1', [team])).rowCount).toBe(0);

    await h.db().query(`UPDATE workspaces SET plan = 'business' WHERE id = $1`, [team]);
    for (const email of ['one@example.com', 'two@example.com']) {
      expect((await call(owner, 'POST', `/api/v1/workspaces/${team}/invitations`, { email, role: 'editor' })).statusCode).toBe(201);
    }
    // Inviting a pending address again replaces its invitation: no extra seat.
    expect(
      (await call(owner, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'two@example.com', role: 'viewer' })).statusCode,
    ).toBe(201);
    const third = await call(owner, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: 'three@example.com', role: 'editor' });
    expect(third.statusCode).toBe(403);
    expect(third.json().error.message).toBe(
      "Your Scale plan allows 3 members, invitations included. The Agency plan allows unlimited members: ask the instance's operator to change your plan.",
    );
  });

  it('checks again on accept: a plan lowered meanwhile refuses, and the link still works after an upgrade', async () => {
    const team = await h.createWorkspace(owner, 'Shrinking');
    await h.db().query(`UPDATE workspaces SET plan = 'business' WHERE id = $1`, [team]);
    const person = await signUpAs(t, 'Joiner');
    await call(owner, 'POST', `/api/v1/workspaces/${team}/invitations`, { email: person.email, role: 'viewer' });
    const token = await h.linkSentTo(person.email);
    await h.db().query(`UPDATE workspaces SET plan = 'free' WHERE id = $1`, [team]);

    const refused = await call(person, 'POST', `/api/v1/invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('Your Starter plan allows 1 member');
    expect(await h.membership(team, person)).toBeUndefined();

    await h.db().query(`UPDATE workspaces SET plan = 'enterprise' WHERE id = $1`, [team]);
    expect((await call(person, 'POST', `/api/v1/invitations/${token}/accept`)).statusCode).toBe(200);
  });
});
