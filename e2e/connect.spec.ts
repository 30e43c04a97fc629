import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughConsent, registerThroughUi } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';

describe('X and LinkedIn through the sandbox', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('signs in with X on the consent page and lands on the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with X (Twitter)' }).click();
    await page.waitForURL('**/x/i/oauth2/authorize**');
    await screenshot(page, 'connect-01-x-consent');
    await page.getByLabel('A new persona', { exact: true }).check();
    await page.getByLabel('Username of a new persona').fill(`signin_${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Authorize app' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Sandbox').first().waitFor();
    await context.close();
  });

  it('connects LinkedIn, shows Disconnect, disconnects after confirming, and shows Connect again', async () => {
    const { context, page } = await newPage(browser);
    await registerThroughUi(page);
    await connectThroughConsent(page, 'linkedin', 'Lin Connector');
    await page.getByRole('status').filter({ hasText: 'LinkedIn connected' }).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Lin Connector').waitFor();
    await screenshot(page, 'connect-02-linkedin-connected');
    await page.getByRole('button', { name: 'Disconnect LinkedIn' }).click();
    await page.getByText('Are you sure you want to disconnect your LinkedIn account?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect LinkedIn' }).click();
    // Not kept as a way to sign in (the box is off by default): the person still has their password. One message, no second dialog.
    await page.getByRole('status').filter({ hasText: 'It no longer signs you in to Postflow.' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Connect LinkedIn' }).waitFor();
    await screenshot(page, 'connect-03-linkedin-disconnected');
    await page.goto('/profile');
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await methods.getByText('Password', { exact: true }).waitFor();
    expect(await methods.getByRole('listitem').count()).toBe(1);
    await context.close();
  });
});
