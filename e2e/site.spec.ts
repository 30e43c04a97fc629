import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, uniqueEmail } from './support/browser';

const publicPages: ReadonlyArray<[path: string, heading: string]> = [
  ['/', 'Write once. Publish to X and LinkedIn, right on time.'],
  ['/login', 'Welcome'],
  ['/register', 'Create your account'],
  ['/reset-password', 'Reset your password'],
  ['/reset-password?token=pf_pr_not-a-link', 'This link has already been used or has expired'],
  ['/guides', 'Guides'],
  ['/guides/content-scheduling', 'Content scheduling'],
  ['/contact', 'Contact'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
];

const viewports = { phone: { width: 375, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

/** The WCAG 2 A and AA violations axe finds, one readable line each (an empty list passes). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ')})`,
    ),
  );
}

/** Where the top of an element sits in the viewport, in CSS pixels. */
const topOf = (page: Page, id: string) =>
  page.evaluate((elementId) => document.getElementById(elementId)?.getBoundingClientRect().top ?? NaN, id);

describe('the public site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('opens the plans when /pricing is typed signed out, rather than the sign-in page', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    await page.goto('/pricing');
    await page.waitForURL('**/#pricing');
    await expect.poll(() => topOf(page, 'pricing'), { timeout: 5_000 }).toBeCloseTo(64, -1);
    await context.close();
  });

  it('scrolls to a section from the header anchors and highlights the section being read', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    await page.goto('/');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    const header = page.locator('header[data-scrolled]');
    expect(await sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('true');
    expect(await header.getAttribute('data-scrolled')).toBe('false');

    await sections.getByRole('link', { name: 'Pricing' }).click();

    // The section lands just under the 64 px sticky header.
    await expect.poll(() => topOf(page, 'pricing'), { timeout: 5_000 }).toBeCloseTo(64, -1);
    expect(await sections.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('true');
    expect(await sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(new URL(page.url()).hash).toBe('#pricing');
    expect(await header.getAttribute('data-scrolled')).toBe('true');
    await screenshot(page, 'site-01-pricing');

    // Scrolling by hand (not through an anchor) moves the highlight too.
    await page.evaluate(() => document.getElementById('platforms')?.scrollIntoView({ block: 'start' }));
    await expect
      .poll(() => sections.getByRole('link', { name: 'Platforms' }).getAttribute('aria-current'), { timeout: 5_000 })
      .toBe('true');
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await expect.poll(() => sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current'), { timeout: 5_000 }).toBe('true');
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await context.close();
  });

  it('opens and closes the small-screen menu, and dismisses the promo bar', async () => {
    const { context, page } = await newPage(browser, viewports.phone);
    await page.goto('/');
    await page.getByRole('complementary', { name: 'Offer' }).getByRole('button', { name: 'Dismiss offer' }).click();
    await page.getByRole('complementary', { name: 'Offer' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await screenshot(page, 'site-02-mobile-menu');
    await menu.getByRole('link', { name: 'Features' }).click();
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => topOf(page, 'features'), { timeout: 5_000 }).toBeCloseTo(64, -1);
    const bottomBar = page.getByRole('navigation', { name: 'Quick navigation' });
    expect(await bottomBar.getByRole('link', { name: 'Features' }).getAttribute('aria-current')).toBe('true');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Offer' }).count()).toBe(0);
    await context.close();
  });

  it('sends the Creator plan button to /register?plan=pro', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    await page.goto('/#pricing');
    await page.getByRole('link', { name: 'Choose Creator' }).click();
    await page.waitForURL('**/register?plan=pro');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await context.close();
  });

  it('narrows the guides as the visitor types and opens one', async () => {
    const { context, page } = await newPage(browser, viewports.phone);
    await page.goto('/guides');
    const cards = page.getByRole('main').getByRole('heading', { level: 3 });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(9);

    await page.getByRole('searchbox', { name: 'Search guides' }).fill('daylight');
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('status').getByText('1 guide matches.').waitFor();

    await page.getByRole('link', { name: 'Content scheduling' }).click();
    await page.waitForURL('**/guides/content-scheduling');
    await page.getByRole('heading', { level: 1, name: 'Content scheduling' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Time zones and daylight saving' }).waitFor();
    await screenshot(page, 'site-03-guide');
    await context.close();
  });

  it('sends a message from the contact form and thanks the visitor', async () => {
    const { context, page } = await newPage(browser, viewports.phone);
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Browser Test');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('contact'));
    await page.getByRole('textbox', { name: 'Subject' }).fill('Hello from the browser test');
    await page.getByRole('textbox', { name: 'Message' }).fill('Checking that the contact form works end to end.');
    await page.getByRole('button', { name: 'Send message' }).click();

    await page.getByText('Thank you! Your message has been sent successfully.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
    await screenshot(page, 'site-04-contact-sent');
    await context.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no WCAG 2 A or AA violations on any public page on a ${name} (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      // Cards slide in as they come into view; with reduced motion they are all shown, so axe checks every one.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: string[] = [];
      for (const [path, heading] of publicPages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        found.push(...(await axeViolations(page)).map((line) => `${path}: ${line}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) found.push(`${path}: the page is ${overflow} px wider than the ${viewport.width} px screen`);
      }
      if (name === 'phone') {
        await page.goto('/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        found.push(...(await axeViolations(page)).map((line) => `/ (menu open): ${line}`));
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
