import { api } from '@postflow/contract/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { launchBrowser, screenshot, uniqueEmail } from './support/browser';
import { invitationLinkFor } from './support/server-log';

/**
 * Issue 19's "Done when", as three people do it: an owner makes a workspace, invites an editor and
 * a viewer, connects X and turns approval on; the editor's post waits; the viewer reads but cannot
 * post; the owner approves and it goes out on time, once; the activity log tells each step.
 */
describe('a team with approvals', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function person(): Promise<Page> {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function join(page: Page, name: string, email: string) {
    await registerThroughUi(page, name, email);
    await page.goto(await invitationLinkFor(email));
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Workspace: Launch team' }).waitFor();
  }

  it('invites, waits for approval, publishes once on time, and logs every step', async () => {
    const persona = `team_${Date.now().toString(36)}`;
    const owner = await person();
    await registerThroughUi(owner, 'Olivia Owner');

    // A workspace of her own, from the switcher.
    await owner.getByRole('button', { name: 'Workspace: Personal' }).click();
    await owner.getByRole('menuitem', { name: 'Create workspace' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create workspace' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Launch team');
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await owner.getByRole('button', { name: 'Workspace: Launch team' }).waitFor();

    // An editor and a viewer, invited by mail (the links are in the server's log without SMTP).
    const editorEmail = uniqueEmail('editor');
    const viewerEmail = uniqueEmail('viewer');
    await owner.goto('/settings/workspace');
    for (const [email, role] of [
      [editorEmail, 'editor'],
      [viewerEmail, 'viewer'],
    ] as const) {
      await owner.getByRole('textbox', { name: 'Email' }).fill(email);
      await owner.getByRole('combobox', { name: 'Role', exact: true }).selectOption(role);
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByText(email).first().waitFor();
    }

    // X connected in the workspace, and approval turned on.
    await connectThroughConsent(owner, 'x', persona);
    await owner.goto('/settings/workspace');
    const approval = owner.getByRole('switch', { name: "Require approval for editors' posts" });
    await approval.click();
    await expect.poll(() => approval.getAttribute('aria-checked')).toBe('true');
    await screenshot(owner, 'team-01-settings');

    const editor = await person();
    await join(editor, 'Eddie Editor', editorEmail);
    const viewer = await person();
    await join(viewer, 'Vera Viewer', viewerEmail);

    // The editor schedules a post for X at the next minute at least 40 s away: it waits for approval.
    await editor.goto('/create-post');
    await editor.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await editor.getByRole('main').getByRole('button', { name: 'Next' }).click();
    const text = `Team launch (${persona}): written by an editor, approved by the owner.`;
    await editor.getByRole('textbox', { name: 'Post content' }).fill(text);
    await editor.getByRole('main').getByRole('button', { name: 'Next' }).click();
    const continueButton = editor.getByRole('button', { name: 'Continue to Review' });
    await expect.poll(() => continueButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await continueButton.click();
    // Far enough ahead for the viewer's look and the owner's approval (about 15 s), no further: the composer takes whole minutes.
    const instant = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
    await editor.getByLabel('Date').fill(instant.toISOString().slice(0, 10));
    await editor.getByLabel('Time', { exact: true }).fill(instant.toISOString().slice(11, 16));
    await editor.getByRole('button', { name: 'Schedule', exact: true }).click();
    await editor.waitForURL('**/feed');
    const waiting = editor.getByRole('article').filter({ hasText: persona });
    await waiting.getByText('Waiting for approval').first().waitFor();
    await screenshot(editor, 'team-02-waiting');

    // The viewer reads the post but has nothing to post with, and the server refuses if asked.
    await viewer.goto('/feed');
    await viewer.getByRole('article').filter({ hasText: persona }).waitFor();
    expect(await viewer.getByRole('link', { name: 'Create Post' }).count()).toBe(0);
    const workspaceId = await viewer.evaluate(() => localStorage.getItem('postflow.workspace'));
    const refused = await viewer.request.post(`${inject('baseUrl')}${api.posts.createPost.path}`, {
      headers: { authorization: `Bearer ${await sessionToken(viewer)}`, 'x-workspace-id': workspaceId ?? '' },
      data: { text: 'A viewer tries', platforms: ['x'] },
    });
    expect(refused.status()).toBe(403);

    // The owner approves before its time; it goes out at its time, once.
    await owner.goto('/feed');
    const pending = owner.getByRole('article').filter({ hasText: persona });
    await pending.getByRole('button', { name: /^Approve post/ }).click();
    await expect.poll(() => pending.getByText('Waiting for approval').count()).toBe(0);
    expect(Date.now()).toBeLessThan(instant.getTime());
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${inject('sandboxUrl')}/_sandbox/x/posts?username=${persona}`);
          return ((await answer.json()) as { posts: unknown[] }).posts.length;
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe(1);
    const sent = (await (await fetch(`${inject('sandboxUrl')}/_sandbox/x/posts?username=${persona}`)).json()) as {
      posts: Array<{ text: string; arrivedAt: string }>;
    };
    expect(sent.posts[0]?.text).toContain(text);
    // On the real clock: another browser test may move the sandbox's clock meanwhile.
    const lateness = Date.parse(sent.posts[0]?.arrivedAt as string) - instant.getTime();
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(1_000);

    // The activity log tells the story.
    await owner.goto('/settings/workspace');
    const log = owner.getByRole('region', { name: 'Activity' });
    for (const line of [
      'Olivia Owner created the workspace “Launch team”',
      `Olivia Owner invited ${editorEmail} as editor`,
      'Eddie Editor joined as editor',
      'Vera Viewer joined as viewer',
      'Olivia Owner connected',
      'Eddie Editor created',
      'Olivia Owner approved',
    ]) {
      await log.getByText(line).first().waitFor({ timeout: 10_000 });
    }
    await expect.poll(async () => log.getByText(/published/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(owner, 'team-03-activity');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const again = (await (await fetch(`${inject('sandboxUrl')}/_sandbox/x/posts?username=${persona}`)).json()) as { posts: unknown[] };
    expect(again.posts).toHaveLength(1);
  }, 300_000);
});
