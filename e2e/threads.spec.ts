import { api } from '@postflow/contract/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { sandboxPosts } from './support/sandbox';

interface SandboxComment {
  urn: string;
  object: string;
  text: string;
  deleted: boolean;
}

async function sandboxComments(object: string): Promise<SandboxComment[]> {
  const answer = await fetch(`${inject('sandboxUrl')}/_sandbox/linkedin/comments?object=${encodeURIComponent(object)}`);
  return ((await answer.json()) as { comments: SandboxComment[] }).comments;
}

/**
 * About 600 characters in three paragraphs: too long for one X post, three posts once split. No
 * character LinkedIn escapes (docs/networks.md, LinkedIn · Post text), so the post compares as written.
 */
function longText(tag: string): string {
  return [
    `We rebuilt our planner from scratch this spring, as team ${tag}. It took longer than we planned, and on the way we learned more about how people really schedule their week than in the three years before it.`,
    'The biggest surprise: almost nobody plans a single post. People plan a story, told over several days and several networks, and they want to see it as one thing, not as a pile of separate posts.',
    'So the new planner shows a story as one item, with every part in its place and its numbers summed. Would you plan your next launch this way? Tell us what you would change first.',
  ].join('\n\n');
}

describe('Threads and first comments', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('splits a long text into an X thread, posts it with a LinkedIn first comment, and the sandbox holds the chain and the comment', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    const tag = Date.now().toString(36);
    // X usernames are at most 15 characters.
    const xPersona = `thr_${tag}`.slice(0, 15);
    await registerThroughUi(page);
    await connectThroughConsent(page, 'x', xPersona);
    await connectThroughConsent(page, 'linkedin', `Thread Writer ${tag}`);

    await page.goto('/create-post');
    await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await page.getByRole('checkbox', { name: 'LinkedIn' }).check();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    const text = longText(tag);
    await page.getByRole('textbox', { name: 'Post content' }).fill(text);
    const thread = page.getByRole('region', { name: 'Thread on X' });
    await thread.getByRole('checkbox', { name: 'Number the posts (1/n)' }).check();
    await thread.getByRole('button', { name: 'Split into thread' }).click();
    const parts = thread.getByRole('textbox', { name: /^Post \d of 3$/ });
    await expect.poll(() => parts.count()).toBe(3);
    const written = await parts.evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value));
    const paragraphs = text.split('\n\n');
    expect(written).toEqual(paragraphs);
    const comment = `Read the whole story: https://example.com/planner-${tag}`;
    await page.getByRole('textbox', { name: /^First comment on LinkedIn/ }).fill(comment);
    await screenshot(page, 'threads-01-composer');

    await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    const xPreview = page.getByRole('figure', { name: `Preview of your post on X as @${xPersona}` });
    await expect.poll(() => xPreview.getByRole('article').count()).toBe(3);
    await page.getByRole('region', { name: 'First comment' }).getByText(comment).waitFor();
    await screenshot(page, 'threads-02-review');
    await page.getByRole('button', { name: 'Post Now' }).click();
    await page.waitForURL('**/feed');

    // X: three posts, each answering the one before, numbered as the composer showed them.
    const expected = paragraphs.map((paragraph, index) => `${paragraph} ${index + 1}/3`);
    await expect
      .poll(async () => (await sandboxPosts('x', `username=${xPersona}`)).filter((post) => !post.deleted).length, { timeout: 30_000 })
      .toBe(3);
    const chain = (await sandboxPosts('x', `username=${xPersona}`)).filter((post) => !post.deleted);
    expect(chain.map((post) => post.text)).toEqual(expected);
    expect(chain.map((post) => post.replyToId ?? null)).toEqual([null, chain[0]?.id, chain[1]?.id]);
    expect(new Set(chain.map((post) => post.conversationId))).toEqual(new Set([chain[0]?.id]));

    // LinkedIn: one post with the whole text, and the first comment on it.
    const linkedIn = (await sandboxPosts('linkedin')).find((post) => String(post.commentary).includes(tag));
    expect(linkedIn?.commentary).toBe(text);
    await expect
      .poll(async () => (await sandboxComments(String(linkedIn?.urn))).map((found) => found.text), { timeout: 30_000 })
      .toEqual([comment]);

    // The feed shows the thread as one item with its parts.
    const card = page.getByRole('article').filter({ has: page.getByRole('region', { name: 'Thread of 3 parts' }) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Your Feed' }).waitFor();
          return card.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await card.getByRole('button', { name: 'Show the 3 parts' }).click();
    await card.getByRole('link', { name: 'View part 3 on X' }).waitFor();
    await screenshot(page, 'threads-03-feed');
    await context.close();
  });
  it('edits part 2 of a scheduled 3-part thread in the edit modal, and the profile shows the new part', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    const tag = Date.now().toString(36);
    await registerThroughUi(page, 'Thread Editor');
    await connectThroughConsent(page, 'x', `ted_${tag}`.slice(0, 15));
    const parts = [`Our launch story ${tag}.`, `The first draft of part two ${tag}.`, `Try it today ${tag}.`];
    const answer = await callApi(page.request, await sessionToken(page), api.posts.createPost, {
      body: {
        text: parts[0] as string,
        platforms: ['x'],
        thread: { x: parts },
        scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(answer.status, answer.text).toBe(201);

    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: 'Thread Editor' }).waitFor();
    await page.getByRole('tab', { name: 'Scheduled 1' }).click();
    const card = page
      .getByRole('list', { name: 'Scheduled posts' })
      .getByRole('article')
      .filter({ hasText: parts[0] as string });
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Scheduled Post' });
    await expect.poll(() => editor.getByRole('textbox', { name: /^Post \d of 3$/ }).count()).toBe(3);
    const rewritten = `A sharper part two ${tag}.`;
    await editor.getByRole('textbox', { name: 'Post 2 of 3' }).fill(rewritten);
    await screenshot(page, 'threads-04-edit');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();

    await card.getByRole('button', { name: 'Show the 3 parts' }).click();
    await card.getByText(rewritten).waitFor();
    expect(await card.getByText(parts[1] as string).count()).toBe(0);
    // A reload reads it from the server again.
    await page.reload();
    await page.getByRole('tab', { name: 'Scheduled 1' }).click();
    await card.getByRole('button', { name: 'Show the 3 parts' }).click();
    await card.getByText(rewritten).waitFor();
    await context.close();
  });
});
