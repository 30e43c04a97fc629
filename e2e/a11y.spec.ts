import { AxeBuilder } from '@axe-core/playwright';
import { api } from '@postflow/contract/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';

/** The main signed-in screens, each with something that says it has loaded. */
const screens: ReadonlyArray<[path: string, ready: (page: Page) => Promise<void>]> = [
  ['/dashboard', (page) => page.getByText('Total Posts').first().waitFor()],
  ['/feed', (page) => page.getByRole('article').getByText('Twitter/X', { exact: true }).first().waitFor({ timeout: 20_000 })],
  ['/create-post', (page) => page.getByRole('heading', { name: 'Choose where to post' }).waitFor()],
  ['/analytics', (page) => page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor()],
  ['/profile', (page) => page.getByRole('tab', { name: /^Scheduled/ }).waitFor()],
  ['/connect-accounts', (page) => page.getByRole('button', { name: 'Disconnect X (Twitter)' }).waitFor()],
];

const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** The WCAG 2 A and AA violations axe finds, one readable line each (an empty list passes). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ')})`,
    ),
  );
}

describe('the signed-in screens are accessible (WCAG 2 A and AA, axe)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('has no violations on the dashboard, feed, composer, analytics, profile and connect screens at 1280 px and 390 px, nor in a message', async () => {
    const { context, page } = await newPage(browser);
    // Reduced motion: what slides in is shown at once, so axe sees it in its final colours.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await registerThroughUi(page, 'Ally Checker');
    await connectThroughConsent(page, 'x', `a11y_${Date.now().toString(36)}`);
    const scheduled = await callApi(page.request, await sessionToken(page), api.posts.createPost, {
      body: {
        text: 'A scheduled post, so the profile has a card with its buttons',
        platforms: ['x'],
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(scheduled.status, scheduled.text).toBe(201);
    // And one sent now, so the feed shows a post with its network's label.
    const sent = await callApi(page.request, await sessionToken(page), api.posts.createPost, {
      body: { text: 'A post sent now, for the feed', platforms: ['x'] },
    });
    expect(sent.status, sent.text).toBe(201);

    const found: string[] = [];
    for (const [name, viewport] of Object.entries(widths)) {
      await page.setViewportSize(viewport);
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready(page);
        found.push(...(await axeViolations(page)).map((line) => `${path} at ${name}: ${line}`));
      }
    }

    // A confirmation, in its region: the disconnect's message and the dialog before it.
    await page.getByRole('button', { name: 'Disconnect X (Twitter)' }).click();
    await page.getByRole('dialog', { name: 'Disconnect X (Twitter)?' }).waitFor();
    found.push(...(await axeViolations(page)).map((line) => `disconnect dialog: ${line}`));
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect X (Twitter)' }).click();
    await page.getByRole('status').filter({ hasText: 'X (Twitter) disconnected' }).waitFor();
    found.push(...(await axeViolations(page)).map((line) => `message: ${line}`));

    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});
