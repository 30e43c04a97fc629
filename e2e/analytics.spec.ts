import { api } from '@postflow/contract/client';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { formatCount } from '../apps/web/src/lib/format';
import { launchBrowser, newPage, screenshot } from './support/browser';

// Long enough for the sandbox's audience to have reacted almost fully (X posts mature in about 18 h).
const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;

async function publishNow(request: APIRequestContext, token: string, text: string): Promise<void> {
  const answer = await callApi(request, token, api.posts.createPost, { body: { text, platforms: ['x'] } });
  expect(answer.status, answer.text).toBe(201);
}

async function waitForPublished(request: APIRequestContext, token: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body: posts } = await callApi(request, token, api.posts.listPosts, { query: { status: 'published' } });
    if (posts.length >= count) return;
    if (Date.now() > deadline) throw new Error(`Only ${posts.length} of ${count} posts were published`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The value of an overview card, by its label. */
function cardValue(page: Page, label: string) {
  return page.getByRole('region', { name: 'Overview' }).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
}

describe('analytics from published posts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('syncs X, fills the cards and the trend with real figures, and starts insight generation', async () => {
    const { context, page } = await newPage(browser);
    await registerThroughUi(page, 'Analytics Person');
    await connectThroughConsent(page, 'x', `stats_${Date.now().toString(36)}`);
    const token = await sessionToken(page);

    for (const text of [
      'First analytics post',
      'Second analytics post #buildinpublic',
      'Third analytics post: what do you ship on Fridays?',
    ]) {
      await publishNow(context.request, token, text);
    }
    await waitForPublished(context.request, token, 3);
    // The sandbox's audience reacts over time: two days later the posts have been seen. How many
    // people engaged depends on the persona's followers and the hour posted (few, at night), so the
    // engagements are checked against what the API reports, not against zero.
    const clock = await fetch(`${inject('sandboxUrl')}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: TWO_DAYS_MS }),
    });
    expect(clock.status).toBe(200);

    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await cardValue(page, 'Total Posts').waitFor();
    expect(await cardValue(page, 'Total Posts').textContent()).toBe('3');

    await page.getByLabel('Platform').selectOption('x');
    await page.getByRole('button', { name: 'Sync Data' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('X sync started successfully').waitFor();

    // The page reloads the figures 2 s after the sync starts and again when the sync ends.
    await expect
      .poll(async () => (await cardValue(page, 'Impressions').textContent()) ?? '0', { timeout: 30_000, interval: 500 })
      .not.toBe('0');
    const { body: summary } = await callApi(context.request, token, api.analytics.summary);
    const { total_engagements: engagements } = summary.summary;
    expect(await cardValue(page, 'Total Engagements').textContent()).toBe(formatCount(engagements));
    await page.getByText(/^Last refreshed /).waitFor();
    await page.getByText(/^Last synced /).waitFor();
    // Attached, not visible: with no engagements yet the line is flat, a path of no height.
    await page.getByTestId('trend-chart').locator('svg path.recharts-line-curve').waitFor({ state: 'attached' });
    const topPosts = page.getByRole('region', { name: 'Top posts' }).getByRole('listitem');
    expect(await topPosts.count()).toBe(3);

    await page.getByRole('button', { name: 'Generate AI Insights' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('AI insights generation started').waitFor();
    // Three posts are too few for the insights engine's statistics: "No insights yet" is the right answer.
    const insights = page.getByRole('region', { name: 'AI insights' });
    await insights.getByText('No insights yet').or(insights.getByRole('article').first()).waitFor();
    await screenshot(page, 'analytics-01-desktop');

    // The same 30 days give the same figures on the dashboard and the profile (docs/product.md, Shared rules · Figures).
    const rate = (await cardValue(page, 'Avg. Engagement Rate').textContent()) ?? '';
    expect(rate).toMatch(/^\d+\.\d\d%$/);
    await page.goto('/dashboard');
    const dashboardRate = page.getByRole('article', { name: 'Engagement Rate' });
    await dashboardRate.getByText(rate, { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Total Posts' }).getByText('3', { exact: true }).waitFor();
    await page.goto('/profile');
    const audience = page.getByRole('region', { name: 'Audience' });
    await audience.locator('dt', { hasText: 'Engagement rate' }).locator('xpath=following-sibling::dd').first().getByText(rate).waitFor();
    await page.goto('/analytics');
    await cardValue(page, 'Total Posts').waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'analytics-02-mobile');
    await context.close();
  });
});
