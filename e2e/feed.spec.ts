import type { postsRoutes, RouteBody } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

const DAY_MS = 24 * 60 * 60 * 1000;

async function createPost(request: APIRequestContext, token: string, post: RouteBody<typeof postsRoutes.createPost>): Promise<void> {
  const answer = await callApi(request, token, api.posts.createPost, { body: post });
  expect(answer.status, answer.text).toBe(201);
}

/** Posts sent "now" go out through the sandbox within a second or two; wait until the feed says so. */
async function waitForPublished(request: APIRequestContext, token: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await callApi(request, token, api.feed.personal, { query: { type: 'personal', status: 'published', limit: 1 } });
    const { total_count: published } = answer.body;
    if (published >= count) return;
    if (Date.now() > deadline) throw new Error(`Only ${published} of ${count} posts were published`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** WCAG 2 A and AA violations axe finds in the page's main content, one line each (none passes). */
async function mainViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')}`),
  );
}

const summary = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const cards = (page: Page) => page.getByRole('main').getByRole('article');

describe('the feed and the dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('filters the feed by platform and status, pages to page 2, and asks for a PRO feature from the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await registerThroughUi(page, 'Feed Person');
    const run = Date.now().toString(36);
    await connectThroughConsent(page, 'x', `feed_${run}`);
    await connectThroughConsent(page, 'linkedin', 'Feed Person');
    const token = await sessionToken(page);

    // 8 published now (4 on each network) and 4 scheduled for tomorrow (3 on X, 1 on LinkedIn): 12 in all.
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    for (let index = 1; index <= 8; index += 1) {
      await createPost(page.request, token, { text: `Published ${index} (${run})`, platforms: [index % 2 ? 'x' : 'linkedin'] });
    }
    for (let index = 1; index <= 4; index += 1) {
      await createPost(page.request, token, {
        text: `Scheduled ${index} (${run})`,
        platforms: [index === 4 ? 'linkedin' : 'x'],
        scheduledFor: tomorrow,
      });
    }
    await waitForPublished(page.request, token, 8);

    await page.goto('/feed');
    await page.getByRole('heading', { name: 'Your Feed' }).waitFor();
    await summary(page, 'Page 1 of 2 (12 posts total)');
    await expect.poll(() => cards(page).count()).toBe(10);
    // Newest first: tomorrow's posts lead.
    await expect(cards(page).first().getByText('Scheduled', { exact: true }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'feed-01-all');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'Twitter/X' });
    await summary(page, 'Page 1 of 1 (7 posts total)');
    await expect.poll(() => cards(page).count()).toBe(7);
    expect(await cards(page).getByText('Twitter/X', { exact: true }).count()).toBe(7);
    expect(page.url()).toContain('platform=x');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Scheduled' });
    await summary(page, 'Page 1 of 1 (3 posts total)');
    await page.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'All Platforms' });
    await summary(page, 'Page 1 of 1 (4 posts total)');
    await screenshot(page, 'feed-02-scheduled');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Published' });
    await summary(page, 'Page 1 of 1 (8 posts total)');
    expect(await cards(page).getByText('Published', { exact: true }).count()).toBe(8);
    await expect(
      cards(page)
        .first()
        .getByRole('link', { name: /^View on (X|LinkedIn)$/ })
        .getAttribute('href'),
    ).resolves.toMatch(/^https?:\/\//);

    // "View on X" opens the post itself: in sandbox mode, the sandbox's public page of it.
    await page.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'Twitter/X' });
    await summary(page, 'Page 1 of 1 (4 posts total)');
    const onX = cards(page).first();
    const text = (await onX.getByText(/^Published \d \(/).textContent()) ?? '';
    const [opened] = await Promise.all([context.waitForEvent('page'), onX.getByRole('link', { name: 'View on X' }).click()]);
    await opened.getByText(text, { exact: true }).waitFor();
    await screenshot(opened, 'feed-02b-view-on-x');
    await opened.close();
    await page.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'All Platforms' });

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All Posts' });
    await summary(page, 'Page 1 of 2 (12 posts total)');
    await page.getByRole('navigation', { name: 'Feed pages' }).getByRole('button', { name: 'Page 2' }).click();
    await summary(page, 'Page 2 of 2 (12 posts total)');
    await expect.poll(() => cards(page).count()).toBe(2);
    expect(page.url()).toContain('page=2');
    await screenshot(page, 'feed-03-page-2');

    // On a phone the ten cards of page 1 are a long page: going back from its bottom must start page 1 at its top,
    // with focus there, not leave the reader by the buttons at the bottom.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('navigation', { name: 'Feed pages' }).getByRole('button', { name: 'Previous' }).click();
    await summary(page, 'Page 1 of 2 (12 posts total)');
    const firstPage = page.getByRole('region', { name: 'Posts, page 1 of 2' });
    await expect.poll(() => firstPage.evaluate((list) => list === document.activeElement)).toBe(true);
    await expect.poll(() => firstPage.evaluate((list) => Math.round(list.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
    expect(await firstPage.evaluate((list) => list.getBoundingClientRect().top < window.innerHeight / 2)).toBe(true);
    await expect(cards(page).first().isVisible()).resolves.toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/dashboard');
    const totalPosts = page.getByRole('article', { name: 'Total Posts' });
    await totalPosts.getByText('8', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Scheduled Posts' }).getByText('4', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Connected Accounts' }).getByText('2', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Recent Posts' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'feed-04-dashboard');

    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Schedule Content' }).click();
    const prompt = page.getByRole('dialog', { name: 'Schedule Content is a PRO feature' });
    await prompt.getByRole('button', { name: 'Request Access' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await notifications.getByText("Thanks for your interest! We'll notify you about PRO features soon.").waitFor();
    await prompt.waitFor({ state: 'detached' });
    await screenshot(page, 'feed-05-pro-request');
    await context.close();
  });
  it('flips a post that goes out from Scheduled to Published on the open feed, dashboard and profile, without a reload', async () => {
    const { context, page: feed } = await newPage(browser);
    await registerThroughUi(feed, 'Live Person');
    await connectThroughConsent(feed, 'x', `live_${Date.now().toString(36)}`);
    const token = await sessionToken(feed);
    const text = `Goes out while you watch (${Date.now().toString(36)})`;
    await createPost(feed.request, token, { text, platforms: ['x'], scheduledFor: new Date(Date.now() + 8_000).toISOString() });

    const dashboard = await context.newPage();
    const profile = await context.newPage();
    await feed.goto('/feed');
    await dashboard.goto('/dashboard');
    await profile.goto('/profile');
    const feedCard = cards(feed).filter({ hasText: text });
    const recent = dashboard.getByRole('region', { name: 'Recent Posts' }).getByRole('listitem').filter({ hasText: text });
    await feedCard.getByText('Scheduled', { exact: true }).waitFor();
    await recent.getByText('Scheduled', { exact: true }).waitFor();
    await profile.getByRole('tab', { name: 'Scheduled 1' }).waitFor();
    const navigations = { feed: 0, dashboard: 0, profile: 0 };
    for (const [name, page] of Object.entries({ feed, dashboard, profile }) as Array<[keyof typeof navigations, Page]>) {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations[name] += 1;
      });
    }

    await feedCard.getByText('Published', { exact: true }).waitFor({ timeout: 30_000 });
    await recent.getByText('Published', { exact: true }).waitFor();
    await profile.getByRole('tab', { name: 'Scheduled 0' }).waitFor();
    expect(navigations).toEqual({ feed: 0, dashboard: 0, profile: 0 });
    await screenshot(feed, 'feed-06-live-status');
    await context.close();
  });
  it('tells a new person why the feed, dashboard and composer are empty and leads to the step that fills them', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 800 });
    await registerThroughUi(page, 'Empty Person');
    const recent = page.getByRole('region', { name: 'Recent Posts' });
    await recent.getByRole('link', { name: 'Connect an account' }).waitFor();

    await page.goto('/feed?status=published');
    await page.getByRole('heading', { name: 'No posts match these filters' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('heading', { name: 'No posts yet' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('main').getByRole('link', { name: 'Connect an account' }).waitFor();
    await screenshot(page, 'feed-07-empty-new-person');
    const violations = await mainViolations(page);

    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'No account connected yet' }).waitFor();
    violations.push(...(await mainViolations(page)));
    await page.setViewportSize({ width: 1280, height: 800 });
    violations.push(...(await mainViolations(page)));
    await page.goto('/feed?platform=x');
    await page.getByRole('heading', { name: 'No posts match these filters' }).waitFor();
    violations.push(...(await mainViolations(page)));
    expect(violations).toEqual([]);

    await page.goto('/create-post');
    await page.getByRole('main').getByRole('link', { name: 'Connect an account' }).click();
    await page.waitForURL('**/connect-accounts');
    await context.close();
  });
});
