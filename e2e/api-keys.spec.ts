import { api } from '@postflow/contract/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughUi } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';

/** A call as an automation makes it: plain fetch with the key, no session, no workspace header. */
async function channelsWith(key: string): Promise<number> {
  const answer = await fetch(new URL(api.channels.list.path, inject('baseUrl')), { headers: { Authorization: `Bearer ${key}` } });
  await answer.body?.cancel();
  return answer.status;
}

/** Issue 23, the API keys page (docs/product.md, Settings · API keys): a key made in the app works on the API until it is revoked there. */
describe('API keys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('creates a key that lists the channels, shown once to copy, and revoking it stops it at once', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await registerThroughUi(page, 'Kim Keys');

    await page.goto('/settings/workspace');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('n8n');
    await page.getByRole('checkbox', { name: 'List connected channels' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();

    const field = page.getByRole('textbox', { name: 'API key' });
    await page.getByText("Copy this key now. You won't be able to see it again.").waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Key copied.').waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^pf_ak_[\w-]{43}$/u);
    expect(await field.inputValue()).toBe(key);
    await screenshot(page, 'api-keys-01-created');

    expect(await channelsWith(key)).toBe(200);

    // Once done, the key is nowhere on the page: the list knows it by its last four characters.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText(`…${key.slice(-4)}`).waitFor();
    expect(await page.getByRole('main').textContent()).not.toContain(key);
    // The list read before the call; read again, it tells the call.
    await page.reload();
    await page.getByText('Last used just now').waitFor();

    await page.getByRole('button', { name: 'Revoke n8n' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “n8n”?' });
    await dialog.getByText('Anything using this key stops working at once.').waitFor();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    await screenshot(page, 'api-keys-02-revoked');

    expect(await channelsWith(key)).toBe(401);
    await context.close();
  });
});
