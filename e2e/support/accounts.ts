import type { Page } from 'playwright-core';
import { uniqueEmail } from './browser';

const octet = () => Math.floor(Math.random() * 254) + 1;

/** Signs up a new person through the register screen; leaves the page on /dashboard. */
export async function registerThroughUi(
  page: Page,
  name = 'E2E Person',
  email = uniqueEmail('e2e'),
): Promise<{ email: string; password: string }> {
  const password = 'e2e password 123';
  // A person of their own network (the server trusts X-Forwarded-For here, global-setup.ts), so the
  // limit on new accounts per network (auth-limits.ts) counts people, not the whole suite.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard');
  return { email, password };
}

/**
 * Connects a network the way a person does: Connect on the Connect Accounts page, then the
 * sandbox's consent page (a new persona), then "Authorize app"; back on Connect Accounts.
 */
export async function connectThroughConsent(
  page: Page,
  network: 'x' | 'linkedin',
  persona: string,
  options: { another?: boolean } = {},
): Promise<void> {
  await page.goto('/connect-accounts');
  const name = network === 'x' ? 'X (Twitter)' : 'LinkedIn';
  // A network already connected offers another account instead (docs/product.md, Channels).
  const start = options.another ? `Add another ${network === 'x' ? 'X' : 'LinkedIn'} account` : `Connect ${name}`;
  await page.getByRole('button', { name: start }).click();
  await page.waitForURL(network === 'x' ? '**/x/i/oauth2/authorize**' : '**/linkedin/oauth/v2/authorization**');
  await page.getByLabel('A new persona', { exact: true }).check();
  await page.getByLabel(network === 'x' ? 'Username of a new persona' : 'Full name of a new persona').fill(persona);
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await page.waitForURL('**/connect-accounts');
  await page
    .getByRole('button', { name: `Disconnect ${name}` })
    .first()
    .waitFor();
}

/** The session token the web app keeps, for calling the API directly from a test. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}
