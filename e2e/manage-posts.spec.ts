import { api } from '@postflow/contract/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

interface SandboxXPost {
  text: string;
  username: string;
  deleted: boolean;
}

/** Schedules an X post through the API with the page's own session, as an API client would. */
async function schedule(page: Page, text: string, inMs: number): Promise<string> {
  const answer = await callApi(page.request, await sessionToken(page), api.posts.createPost, {
    body: { text, platforms: ['x'], scheduledFor: new Date(Date.now() + inMs).toISOString() },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.posts[0]?.id as string;
}

describe('managing scheduled posts on the profile', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('publishes a due post without a reload, edits one, publishes one now and deletes one', async () => {
    const { context, page } = await newPage(browser);
    const stamp = Date.now().toString(36);
    const persona = `mgr_${stamp}`;
    await registerThroughUi(page, 'Manny Posts');
    await connectThroughConsent(page, 'x', persona);

    const texts = {
      soon: `Goes out by itself ${stamp}`,
      edit: `Needs a better line ${stamp}`,
      now: `Send this one now ${stamp}`,
      drop: `Never mind this ${stamp}`,
    };
    const edited = `A much better line ${stamp}`;
    await schedule(page, texts.soon, 20_000);
    await schedule(page, texts.edit, 2 * 3_600_000);
    await schedule(page, texts.now, 3 * 3_600_000);
    await schedule(page, texts.drop, 4 * 3_600_000);

    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: 'Manny Posts' }).waitFor();
    await page.getByRole('tab', { name: 'Scheduled 4' }).click();
    const scheduled = page.getByRole('list', { name: 'Scheduled posts' });
    const card = (text: string) => scheduled.getByRole('article').filter({ hasText: text });
    for (const text of Object.values(texts)) await card(text).waitFor();
    await screenshot(page, 'manage-01-scheduled');

    // Edit: the card changes in place.
    await card(texts.edit).getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Scheduled Post' });
    await editor.getByRole('textbox', { name: 'Content' }).fill(edited);
    await screenshot(page, 'manage-02-edit');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();
    await card(edited).waitFor();
    expect(await card(texts.edit).count()).toBe(0);

    // Publish Now: confirmed, then shown as publishing until it is out.
    await card(texts.now).getByRole('button', { name: 'Publish Now' }).click();
    await page.getByRole('dialog', { name: 'Publish now?' }).getByText('Are you sure you want to publish this post now?').waitFor();
    await page.getByRole('dialog', { name: 'Publish now?' }).getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').filter({ hasText: 'Publishing on X now' }).waitFor();

    // Delete: named by its post, confirmed with a button that says what it does, then gone; Undo brings it back.
    const deleteDrop = () =>
      card(texts.drop).getByRole('button', { name: new RegExp(`^Delete post “Never mind this ${stamp}” scheduled for `) });
    await deleteDrop().click();
    await page.getByRole('dialog', { name: 'Delete post?' }).getByText('Are you sure you want to delete this scheduled post?').waitFor();
    await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete post' }).click();
    await card(texts.drop).waitFor({ state: 'detached' });
    const deleted = page.getByRole('status').filter({ hasText: 'Post deleted' });
    await deleted.getByRole('button', { name: 'Undo: schedule the deleted post again' }).click();
    await page.getByRole('status').filter({ hasText: 'Post restored' }).waitFor();
    await card(texts.drop).waitFor();
    await deleteDrop().click();
    await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete post' }).click();
    await card(texts.drop).waitFor({ state: 'detached' });

    // Both the published-now post and the one that fell due leave the Scheduled tab without a reload.
    await card(texts.now).waitFor({ state: 'detached', timeout: 20_000 });
    await card(texts.soon).waitFor({ state: 'detached', timeout: 45_000 });
    await page.getByRole('tab', { name: 'Scheduled 1' }).waitFor();
    await screenshot(page, 'manage-03-scheduled-after');

    await page.getByRole('tab', { name: 'Posts' }).click();
    const published = page.getByRole('list', { name: 'Published posts' });
    for (const text of [texts.soon, texts.now]) {
      const post = published.getByRole('article').filter({ hasText: text });
      await post.waitFor();
      expect(await post.getByRole('link', { name: 'View Post' }).getAttribute('href')).toMatch(/^https?:\/\/\S+/);
    }
    await screenshot(page, 'manage-04-published');

    const sent = ((await (await fetch(`${inject('sandboxUrl')}/_sandbox/x/posts`)).json()) as { posts: SandboxXPost[] }).posts.filter(
      (post) => post.username === persona,
    );
    expect(sent.map((post) => post.text).sort()).toEqual([texts.now, texts.soon].sort());
    await context.close();
  }, 120_000);
});
