import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';
import { sandboxPosts } from './support/sandbox';

describe('Channels (docs/product.md, Channels)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('connects two X accounts and a LinkedIn member with a page, and posts one text to three channels with a text of its own', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const suffix = Date.now().toString(36);
    // X usernames are at most 15 characters; a LinkedIn persona named '… Admin' administers '… Admin Company'.
    const [first, second, member] = [`ch1_${suffix}`, `ch2_${suffix}`, `Chan ${suffix} Admin`];
    await registerThroughUi(page);
    await connectThroughConsent(page, 'x', first);
    await connectThroughConsent(page, 'x', second, { another: true });
    await connectThroughConsent(page, 'linkedin', member);

    // Both X accounts on one card, each with its own Disconnect, and a way to add another.
    const xCard = page.getByRole('article', { name: 'X (Twitter)' });
    await xCard.getByText(first, { exact: true }).waitFor();
    await xCard.getByText(second, { exact: true }).waitFor();
    await xCard.getByRole('button', { name: 'Add another X account' }).waitFor();
    await screenshot(page, 'channels-01-accounts');

    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'Choose where to post' }).waitFor();
    const channel = (text: string) => page.getByRole('main').locator('label', { hasText: text }).getByRole('checkbox');
    await channel(`@${first}`).check();
    await channel(`@${second}`).check();
    await channel(`${member} Company`).check();
    await screenshot(page, 'channels-02-picker');
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    const text = `One launch, three channels ${suffix}`;
    const own = `The second account says it differently ${suffix}`;
    await page.getByRole('textbox', { name: 'Post content' }).fill(text);
    await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    const secondRow = page.getByRole('listitem').filter({ hasText: `@${second}` });
    await secondRow.getByRole('button', { name: /^Write a different text for / }).click();
    await secondRow.getByRole('textbox').fill(own);
    await screenshot(page, 'channels-03-own-text');
    await page.getByRole('button', { name: 'Post Now' }).click();
    await page.waitForURL('**/feed');

    // The sandbox holds exactly those posts, each from its own account or page.
    await expect
      .poll(async () => (await sandboxPosts('x', `username=${first}`)).map((post) => post.text), { timeout: 20_000 })
      .toEqual([text]);
    await expect
      .poll(async () => (await sandboxPosts('x', `username=${second}`)).map((post) => post.text), { timeout: 20_000 })
      .toEqual([own]);
    await expect
      .poll(
        async () =>
          (await sandboxPosts('linkedin'))
            .filter((post) => post.commentary === text)
            .map((post) => String(post.author).startsWith('urn:li:organization:')),
        { timeout: 20_000 },
      )
      .toEqual([true]);

    // The feed shows each post under its channel's own name.
    await page.getByRole('article').filter({ hasText: own }).waitFor();
    await page
      .getByRole('article')
      .filter({ hasText: `${member} Company` })
      .waitFor();
    await screenshot(page, 'channels-04-feed');

    // The profile filtered by the page: only its post, under its name and its logo, read from the sandbox with the pages.
    const pageName = `${member} Company`;
    await page.goto('/profile');
    await page.getByRole('combobox', { name: 'Channel' }).selectOption({ label: `${pageName} (LinkedIn page)` });
    await page.waitForURL('**/profile?channel=*');
    const published = page.getByRole('list', { name: 'Published posts' });
    const pageCard = published.getByRole('article').filter({ hasText: text });
    await pageCard.getByText(pageName).first().waitFor();
    await expect.poll(() => published.getByRole('article').count(), { timeout: 15_000 }).toBe(1);
    expect(await pageCard.locator('img').first().getAttribute('src')).toMatch(/\/_sandbox\/logos\/linkedin\/\d+\.svg$/);
    await screenshot(page, 'channels-05-profile-by-channel');

    // Analytics for the second X account: choosing the channel chooses X, and counts its one post.
    await page.goto('/analytics');
    await page.getByRole('combobox', { name: 'Channel' }).selectOption({ label: `${second} (X)` });
    expect(await page.getByRole('combobox', { name: 'Platform' }).inputValue()).toBe('x');
    const totalPosts = page
      .getByRole('region', { name: 'Overview' })
      .locator('div', { has: page.getByText('Total Posts', { exact: true }) });
    await expect.poll(async () => (await totalPosts.last().textContent()) ?? '', { timeout: 15_000 }).toContain('1');
    await screenshot(page, 'channels-06-analytics-by-channel');
    await context.close();
  });
});
