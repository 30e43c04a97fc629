import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';

// The example (docs/ai.md): about 600 characters, a link and a closing question.
const TEXT =
  'Checking AI tools for our newsletter this week. We tested five assistants on real client briefs from small businesses in Berlin, and the results surprised us. ' +
  'The best one saved our editors about 4 hours per issue, while two others invented quotes we never gave them. ' +
  'Accuracy still matters more than speed: every draft needs a human pass before it goes out. ' +
  'We wrote up the full comparison, with prices and examples, based on your feedback from last month. ' +
  'Read it at https://example.com/ai-tools and tell us: which assistant do you trust with your newsletter?';

describe('AI tailoring a writer would keep (docs/ai.md)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shortens a long text for X without cutting a sentence, offers it as a thread, and goes Back to the first version', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await registerThroughUi(page);
    await connectThroughConsent(page, 'x', `ait_${Date.now().toString(36)}`);

    await page.goto('/create-post');
    await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Post content' }).fill(TEXT);
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Tailor it for each network' }).waitFor();
    const version = page.getByRole('textbox', { name: 'Text for X' });
    await expect.poll(() => version.inputValue()).not.toBe('');
    const first = await version.inputValue();
    expect(first).not.toContain('…');
    expect(first).toContain('https://example.com/ai-tools');
    expect(first).toContain('which assistant do you trust with your newsletter?');
    expect(await version.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      await page
        .getByText(/^X: \d+ \/ 280 · \d+ left$/u)
        .first()
        .isVisible(),
    ).toBe(true);

    const thread = page.getByRole('region', { name: /^Post as a thread \(\d parts\)$/u });
    await thread.waitFor();
    const parts = thread.getByRole('listitem');
    expect(await parts.count()).toBeGreaterThanOrEqual(2);
    // The parts hold the whole text, in order.
    expect((await thread.locator('li > p:first-child').allTextContents()).join(' ')).toBe(TEXT);
    await screenshot(page, 'ai-tailoring-01-x-and-thread');

    await page.getByRole('button', { name: 'Regenerate X' }).click();
    await expect.poll(() => version.inputValue()).not.toBe(first);
    await page.getByText('Version 2').waitFor();
    await page.getByRole('button', { name: 'Back to the previous X version' }).click();
    expect(await version.inputValue()).toBe(first);
    await context.close();
  });
});
