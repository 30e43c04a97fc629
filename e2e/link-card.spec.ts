import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';

/** The sandbox's sample article (packages/sandbox/README.md, Post pages): Open Graph tags and a picture, offline. */
const ARTICLE_TITLE = 'Ten ways to plan a week of posts';

describe('Link cards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the card of a link for LinkedIn, and the post goes out as an article share with it', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const persona = `Link Carder ${Date.now().toString(36)}`;
    await registerThroughUi(page);
    await connectThroughConsent(page, 'linkedin', persona);

    await page.goto('/create-post');
    await page.getByRole('checkbox', { name: 'LinkedIn' }).check();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    const articleUrl = `${inject('sandboxUrl')}/_sandbox/pages/article`;
    const text = `How we plan our week ${Date.now().toString(36)}: ${articleUrl}`;
    await page.getByRole('textbox', { name: 'Post content' }).fill(text);
    const card = page.getByRole('article', { name: 'LinkedIn link card' });
    await card.getByText(ARTICLE_TITLE).waitFor();
    // The picture is decorative (alt ""), so it is found by tag; it must really load from the page's site.
    const picture = card.locator('img');
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'link-card-01-composer');

    // Removed and brought back: what goes out is what the person sees.
    await page.getByRole('button', { name: 'Remove link card' }).click();
    await page.getByText('No link card on LinkedIn: the link goes out as text.').waitFor();
    await page.getByRole('button', { name: 'Add the link card back' }).click();
    await card.waitFor();

    await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    await card.waitFor();
    await page.getByRole('button', { name: 'Post Now' }).click();
    await page.waitForURL('**/feed');

    await expect
      .poll(
        async () => {
          const answer = await fetch(`${inject('sandboxUrl')}/_sandbox/linkedin/posts`);
          const { posts } = (await answer.json()) as { posts: Array<{ commentary: string; article: Record<string, unknown> | null }> };
          return posts.find((post) => post.commentary.startsWith('How we plan our week'))?.article ?? null;
        },
        { timeout: 20_000 },
      )
      .toMatchObject({ source: articleUrl, title: ARTICLE_TITLE, thumbnail: expect.stringMatching(/^urn:li:image:/) });
    await context.close();
  });
});
