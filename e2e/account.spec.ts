import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, uniqueEmail } from './support/browser';
import { resetLinkFor } from './support/server-log';

describe('an account, from sign-up to a reset password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('registers, reaches the dashboard, logs out, signs in, is refused a wrong password, is kept out of protected pages, and resets the password from the emailed link', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('journey');
    const password = 'first password 1';

    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Grace Hopper');
    await screenshot(page, 'account-01-dashboard');

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    await page.goto('/feed');
    await page.waitForURL('**/login');

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('The email or password is incorrect.').waitFor();
    await screenshot(page, 'account-02-wrong-password');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Signing in returns to the page that asked for it.
    await page.waitForURL('**/feed');

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/reset-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText("we've sent it a link", { exact: false }).waitFor();

    const link = await resetLinkFor(email);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await screenshot(page, 'account-03-password-changed');
    // Opened again, the spent link says so at once, before any password is typed.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link has already been used or has expired' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second password 2');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('shows the shell with its menu on a 375 px screen', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Name' }).fill('Small Screen');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('mobile'));
    await page.getByLabel('Password', { exact: true }).fill('mobile password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'Feed' }).click();
    await page.waitForURL('**/feed');
    await page.getByRole('heading', { name: 'Your Feed' }).waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
    await screenshot(page, 'account-04-mobile-feed');
    await context.close();
  });
});
