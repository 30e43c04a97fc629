import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueEmail } from './support/browser';

/**
 * Two tabs of one browser whose access token stops working at the same moment renew in turn
 * (decision 126). The tab given the lock second often still reads the old token from its copy of
 * localStorage; it must use the pair the first tab got instead of trading the spent refresh token
 * again, which ends the session (decision 140).
 */
describe('two tabs renewing the session at once', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('both stay signed in, round after round', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl') });
    const registered = await context.request.post('/auth/register', {
      data: { name: 'Two Tabs', email: uniqueEmail('two-tabs'), password: 'a long enough password' },
    });
    expect(registered.status()).toBe(201);
    const session = (await registered.json()) as { token: string; refreshToken: string };
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/login');
    await first.evaluate(({ token, refreshToken }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }, session);

    for (let round = 1; round <= 6; round++) {
      // A renewal whose answer never reached the browser: the access token both tabs hold stops
      // working, and the refresh token they hold may be traded once more.
      const held = await first.evaluate(() => localStorage.getItem('refreshToken'));
      expect((await context.request.post('/auth/refresh', { data: { refreshToken: held } })).status(), `round ${round}`).toBe(200);

      await Promise.all([first.goto('/dashboard'), second.goto('/dashboard')]);
      for (const page of [first, second]) {
        await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
        expect(new URL(page.url()).pathname, `round ${round}`).toBe('/dashboard');
      }
    }

    const token = await second.evaluate(() => localStorage.getItem('token'));
    const profile = await context.request.get('/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status()).toBe(200);
    await context.close();
  }, 120_000);
});
