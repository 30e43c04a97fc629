import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';

const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

async function publishNow(request: APIRequestContext, token: string, text: string): Promise<void> {
  const answer = await request.post('/posts', { headers: { Authorization: `Bearer ${token}` }, data: { text, platforms: ['x'] } });
  expect(answer.status(), await answer.text()).toBe(201);
}

async function waitForPublished(request: APIRequestContext, token: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await request.get('/posts?status=published', { headers: { Authorization: `Bearer ${token}` } });
    const posts = (await answer.json()) as unknown[];
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

    for (const text of ['First analytics post', 'Second analytics post #buildinpublic', 'Third analytics post: what do you ship on Fridays?']) {
      await publishNow(context.request, token, text);
    }
    await waitForPublished(context.request, token, 3);
    // The sandbox's audience reacts over time: six hours later the posts have impressions and likes.
    const clock = await fetch(`${inject('sandboxUrl')}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: SIX_HOURS_MS }),
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
    await expect.poll(async () => (await cardValue(page, 'Impressions').textContent()) ?? '0', { timeout: 30_000, interval: 500 }).not.toBe('0');
    expect(await cardValue(page, 'Total Engagements').textContent()).not.toBe('0');
    await page.getByText(/^Last refreshed /).waitFor();
    await page.getByText(/^Last synced /).waitFor();
    await page.getByTestId('trend-chart').locator('svg path.recharts-line-curve').waitFor();
    const topPosts = page.getByRole('region', { name: 'Top posts' }).getByRole('listitem');
    expect(await topPosts.count()).toBe(3);

    await page.getByRole('button', { name: 'Generate AI Insights' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('AI insights generation started').waitFor();
    // Three posts are too few for the insights engine's statistics: "No insights yet" is the right answer.
    const insights = page.getByRole('region', { name: 'AI insights' });
    await insights.getByText('No insights yet').or(insights.getByRole('article').first()).waitFor();
    await screenshot(page, 'analytics-01-desktop');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'analytics-02-mobile');
    await context.close();
  });
});
