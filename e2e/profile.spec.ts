import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughUi } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';

// A 2×2 PNG (red, green, blue, white), small enough to keep inline.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');

describe('the profile', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'postflow-e2e-profile-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('edits names, username and bio, uploads a picture, and keeps them after a reload', async () => {
    const { context, page } = await newPage(browser);
    const stamp = Date.now().toString(36);
    await registerThroughUi(page, 'Pat Original');
    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: 'Pat Original' }).waitFor();
    await screenshot(page, 'profile-01-before');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    const avatarFile = path.join(dir, 'avatar.png');
    writeFileSync(avatarFile, PNG);
    await dialog.getByLabel('Change photo').setInputFiles(avatarFile);
    // The picture is stored at once and shown on the page behind the dialog.
    await page.getByRole('main').getByRole('img', { name: 'Profile picture' }).and(page.locator('img[src*="/media/"]')).waitFor();

    await dialog.getByRole('textbox', { name: 'Username' }).fill(`pat_${stamp}`);
    await dialog.getByRole('textbox', { name: 'Bio' }).fill('Writes tests for a living.');
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Patricia');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Renamed');
    await screenshot(page, 'profile-02-editing');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Profile saved' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Patricia Renamed' }).waitFor();

    await page.reload();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Patricia Renamed' }).waitFor();
    await main.getByText(`@pat_${stamp}`).waitFor();
    await main.getByText('Writes tests for a living.').waitFor();
    const avatar = main.getByRole('img', { name: 'Profile picture' });
    expect(await avatar.getAttribute('src')).toMatch(/\/media\/[0-9a-f-]{36}$/);
    // Loaded, not the drawn fallback: the browser decoded the stored picture.
    expect(await avatar.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth)).toBe(2);
    await page.getByRole('banner').getByText('Patricia Renamed').waitFor();
    await screenshot(page, 'profile-03-after-reload');
    await context.close();
  });

  it('works the Posts and Scheduled tabs from the keyboard: arrows, Home and End, one Tab stop', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await registerThroughUi(page, 'Keys Person');
    await page.goto('/profile');
    const posts = page.getByRole('tab', { name: 'Posts' });
    const scheduled = page.getByRole('tab', { name: /^Scheduled/ });
    await posts.waitFor();
    await page.getByText('No published posts yet').waitFor();

    await posts.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scheduled.getAttribute('aria-selected')).toBe('true');
    expect(await scheduled.evaluate((tab) => tab === document.activeElement)).toBe(true);
    expect(await posts.getAttribute('tabindex')).toBe('-1');
    const panel = page.getByRole('tabpanel', { name: /^Scheduled/ });
    expect(await scheduled.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
    await panel.getByText('No scheduled posts', { exact: true }).waitFor();

    await page.keyboard.press('Home');
    await expect.poll(() => posts.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => scheduled.getAttribute('aria-selected')).toBe('true');
    // Arrows wrap around.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => posts.getAttribute('aria-selected')).toBe('true');
    expect(await posts.evaluate((tab) => tab === document.activeElement)).toBe(true);
    await page.getByRole('tabpanel', { name: 'Posts' }).getByText('No published posts yet').waitFor();
    await screenshot(page, 'profile-04-tabs-keyboard');
    await context.close();
  });
});
