import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectX, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';
import { startWorkerRole } from '../../composition/runtime';
import { createLogger } from '../../lib/logger';
import { createPostsRepository } from '../posts/posts.repository';

const quietLog = createLogger('silent');

describe('white-label branding', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let ada: TestSession;
  let grace: TestSession;

  const call = (who: TestSession, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const createWorkspace = async (name: string, plan: string) => {
    const id = (await call(ada, 'POST', '/api/v1/workspaces', { name })).json().id as string;
    await t.database.db.query('UPDATE workspaces SET plan = $2 WHERE id = $1', [id, plan]);
    return id;
  };
  const listed = async (who: TestSession, id: string) =>
    ((await call(who, 'GET', '/api/v1/workspaces')).json().workspaces as Array<{ id: string; branding: unknown }>).find(
      (workspace) => workspace.id === id,
    );

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ env: { ...sandbox.env, PLAN_LIMITS: 'on' }, worker: false });
    ada = await signUp(t, 'Ada');
    grace = await signUp(t, 'Grace');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('sets the product name, logo and colour of an Agency workspace, shown to every member in the list', async () => {
    const agency = await createWorkspace('Agency', 'enterprise');
    await t.database.db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')", [
      agency,
      grace.userId,
    ]);
    expect((await listed(ada, agency))?.branding).toBeNull();

    const set = await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, {
      productName: '  Acme Social ',
      logoUrl: 'https://cdn.example.com/acme.png',
      accentColor: '#7C2D12',
    });
    expect(set.statusCode, set.body).toBe(200);
    const branding = { productName: 'Acme Social', logoUrl: 'https://cdn.example.com/acme.png', accentColor: '#7c2d12' };
    expect(set.json()).toMatchObject({ id: agency, name: 'Agency', branding });
    expect((await listed(grace, agency))?.branding).toEqual(branding);

    // A field left out stays; null clears one.
    const cleared = await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { logoUrl: null });
    expect(cleared.json().branding).toEqual({ ...branding, logoUrl: null });
    // Viewers read it but cannot change it.
    expect((await call(grace, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { productName: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses a workspace whose plan has no white-label with a 403 naming the plan that has it', async () => {
    const starter = await createWorkspace('Small team', 'business');
    const refused = await call(ada, 'PATCH', `/api/v1/workspaces/${starter}/branding`, { productName: 'Acme Social' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "White-label is not part of your Scale plan. Agency includes it: ask the instance's operator to change this workspace's plan.",
    );
    expect((await listed(ada, starter))?.branding).toBeNull();
  });

  it('refuses an accent colour white text cannot be read on, saying the contrast, and changes nothing', async () => {
    const agency = await createWorkspace('Pastel', 'enterprise');
    const tooLight = await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { productName: 'Pastel', accentColor: '#facc15' });
    expect(tooLight.statusCode).toBe(400);
    expect(tooLight.json().error.fields.accentColor).toBe(
      'White text on #facc15 has a contrast of 1.5:1; it needs at least 4.5:1 to be readable. Choose a darker colour.',
    );
    const notAColour = await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { accentColor: 'blue' });
    expect(notAColour.json().error.fields.accentColor).toBe('Enter the accent colour as #rrggbb, like #2563eb');
    expect((await listed(ada, agency))?.branding).toBeNull();
    // Just dark enough: #2563eb (the app's own blue) passes at 5.2:1.
    expect((await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { accentColor: '#2563eb' })).statusCode).toBe(200);
  });

  it('invites under the workspace’s product name, not Postflow’s', async () => {
    const agency = await createWorkspace('Invites brand', 'enterprise');
    await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { productName: 'Acme Social' });
    const invited = await call(ada, 'POST', `/api/v1/workspaces/${agency}/invitations`, { email: 'newcomer@example.com', role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    const { rows } = await t.database.db.query<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM emails WHERE to_address = 'newcomer@example.com'",
    );
    expect(rows[0]?.subject).toBe('Ada invited you to Invites brand on Acme Social');
    expect(rows[0]?.text_body).not.toContain('Postflow');
    expect(rows[0]?.text_body.trimEnd().endsWith('— Acme Social')).toBe(true);
  });

  it('names the product in the subject and signature of a publish-failure mail about a branded workspace', async () => {
    const agency = await createWorkspace('Mail brand', 'enterprise');
    await call(ada, 'PATCH', `/api/v1/workspaces/${agency}/branding`, { productName: 'Acme Social' });
    const { accountId } = await connectX(t.services, sandbox.url, agency, 'acme_late');
    const posts = createPostsRepository(t.database.db);
    const postId = await posts.insertPost({
      workspaceId: agency,
      createdBy: ada.userId,
      originalText: 'Too late',
      aiEnhanced: false,
      timeZone: 'UTC',
    });
    await posts.insertTarget({
      postId,
      workspaceId: agency,
      accountId,
      network: 'x',
      linkedinOrgId: null,
      text: 'Too late',
      mediaIds: [],
      scheduledAt: new Date(Date.now() - 3 * 3_600_000),
    });
    const worker = await startWorkerRole({ services: t.services, boss: t.boss, connectionString: t.database.url, log: quietLog });
    try {
      const mail = await eventually(async () => {
        const { rows } = await t.database.db.query<{ subject: string; text: string }>(
          'SELECT subject, text_body AS text FROM emails WHERE user_id = $1',
          [ada.userId],
        );
        return rows[0];
      });
      expect(mail.subject).toBe('Acme Social: Your X post was not published on time');
      expect(mail.text.trimEnd().endsWith('— Acme Social')).toBe(true);
    } finally {
      await worker.stop();
    }
  });
});
