import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, screenshot } from './support/browser';
import { PNG, sandboxPosts } from './support/sandbox';

/** A 64×64 blue PNG, so the test needs no image library. */
const TIME_ZONE = 'Europe/Berlin';
const TEXT =
  'We just launched Postflow 2.0! Schedule posts to X and LinkedIn from one place, let AI tailor each version, and see what works. ' +
  'Try it today and tell us what you think. #Postflow #SocialMedia';

/** A browser whose clock reads Berlin time, so the local → UTC conversion is really exercised. */
async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  // A 24-hour locale: the summary and the confirmation must follow it, as the time input does.
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport, timezoneId: TIME_ZONE, locale: 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The wall clock in a zone as the date and time inputs want it. */
function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const [date, time] = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(instant)
    .split(' ');
  return { date: date as string, time: time as string };
}

async function listPosts(page: Page): Promise<Post[]> {
  const answer = await callApi(page.request, await sessionToken(page), api.posts.listPosts);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** No step may make a phone-sized page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

describe('Create post wizard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('writes a post for X and LinkedIn with AI tailoring, regenerates one, attaches an image and schedules it', async () => {
    const { context, page } = await openPage(browser);
    // X usernames are at most 15 characters.
    const xPersona = `cmp_${Date.now().toString(36)}`;
    await registerThroughUi(page);
    await connectThroughConsent(page, 'x', xPersona);
    await connectThroughConsent(page, 'linkedin', 'Lin Composer');

    // Step 1: platforms.
    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'Choose where to post' }).waitFor();
    await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await page.getByRole('checkbox', { name: 'LinkedIn' }).check();
    await screenshot(page, 'compose-01-platforms');
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    // Step 2: content and image; the AI switch stays off. Who posts was chosen on step 1: no "post as" here.
    await page.getByRole('textbox', { name: 'Post content' }).fill(TEXT);
    await page.getByLabel(/^Media/).setInputFiles({ name: 'launch.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('list', { name: 'Attached media' }).getByText('Uploaded').waitFor();
    expect(await page.getByRole('group', { name: 'Post to LinkedIn as' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'compose-02-content');
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    // Step 3: enhance, then regenerate LinkedIn.
    await page.getByRole('heading', { name: 'Tailor it for each network' }).waitFor();
    const continueButton = page.getByRole('button', { name: 'Continue to Review' });
    await expect.poll(() => continueButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    const xVersion = page.getByRole('textbox', { name: 'Text for X' });
    const linkedInVersion = page.getByRole('textbox', { name: 'Text for LinkedIn' });
    const firstLinkedIn = await linkedInVersion.inputValue();
    expect(firstLinkedIn.trim()).not.toBe('');
    await screenshot(page, 'compose-03-enhance');

    const regenerated = page.waitForRequest(
      (request) => request.url().endsWith('/content/enhance') && request.postDataJSON()?.variant === 1,
    );
    await page.getByRole('button', { name: 'Regenerate LinkedIn' }).click();
    expect((await regenerated).postDataJSON()).toMatchObject({ platforms: ['linkedin'], variant: 1 });
    await expect.poll(() => linkedInVersion.inputValue(), { timeout: 15_000 }).not.toBe(firstLinkedIn);
    await expect.poll(() => continueButton.isEnabled()).toBe(true);
    const texts = { x: await xVersion.inputValue(), linkedin: await linkedInVersion.inputValue() };
    await screenshot(page, 'compose-04-enhance-regenerated');
    await continueButton.click();

    // Step 4: review and schedule, entered in Berlin time, between two and three minutes ahead.
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    // A member without pages: LinkedIn posts as them.
    await page.getByText('Posting as Lin Composer (personal profile)').waitFor();
    const target = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
    const local = wallClock(target, TIME_ZONE);
    const utc = wallClock(target, 'UTC');
    await page.getByLabel('Date').fill(local.date);
    await page.getByLabel('Time', { exact: true }).fill(local.time);
    await page.getByText(`(${TIME_ZONE}) · `).waitFor();
    expect(await page.getByText(`(${TIME_ZONE}) · `).textContent()).toContain(`${utc.time} UTC`);
    await screenshot(page, 'compose-05-review');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();

    await page.waitForURL('**/feed');
    await page.getByRole('heading', { name: 'Your Feed' }).waitFor();
    // The confirmation outlives the composer: when, in the person's zone and 24-hour clock, with Undo.
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Scheduled for' });
    await toast.waitFor();
    await toast.hover();
    expect(await toast.textContent()).toMatch(new RegExp(`^Scheduled for \\w{3} \\d{1,2} \\w{3}, ${local.time}On X and LinkedIn\\.`));
    await screenshot(page, 'compose-06-feed');

    const posts = await listPosts(page);
    expect(posts).toHaveLength(2);
    expect(posts.map((post) => post.platform).sort()).toEqual(['linkedin', 'x']);
    expect(new Set(posts.map((post) => post.post_id)).size).toBe(1);
    for (const post of posts) {
      expect(post.status).toBe('scheduled');
      expect(post.time_zone).toBe(TIME_ZONE);
      expect(new Date(post.scheduled_for as string).getTime()).toBe(target.getTime());
      expect(post.text).toBe(texts[post.platform as 'x' | 'linkedin']);
      expect(post.media_urls).toHaveLength(1);
      const image = await page.request.get(post.media_urls[0] as string);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    // Scheduled, so nothing has reached the network yet.
    expect(await sandboxPosts('x', `username=${xPersona}`)).toHaveLength(0);

    // Undo cancels the schedule and brings the post back to Review as it was.
    await toast.getByRole('button', { name: 'Undo: cancel this schedule' }).click();
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Schedule cancelled' }).waitFor();
    expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe(local.time);
    await page.getByRole('list', { name: 'What will be posted' }).getByText(texts.x).waitFor();
    expect(await listPosts(page)).toHaveLength(0);
    await context.close();
  });

  it('on a phone: skips AI with "Post as written", goes Back from Review to Content, and posts to X now', async () => {
    const { context, page } = await openPage(browser, { width: 375, height: 740 });
    const xPersona = `ph_${Date.now().toString(36)}`;
    await registerThroughUi(page);
    await connectThroughConsent(page, 'x', xPersona);

    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'Choose where to post' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'LinkedIn' }).click();
    await page.getByRole('dialog', { name: 'Account Not Connected' }).getByRole('button', { name: 'Not Now' }).click();
    await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await expectNoSidewaysScroll(page);
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    const words = `Posted from a phone ${Date.now().toString(36)} `;
    const text = `${words}https://example.com/a/link/that/counts/as/23`;
    await page.getByRole('textbox', { name: 'Post content' }).fill(text);
    // X counts any link as 23.
    await page.getByText(`X: ${words.length + 23} / 280 · ${280 - words.length - 23} left`).waitFor();
    await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'compose-07-phone-content');
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Write your post' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'compose-08-phone-review');
    await page.getByRole('button', { name: 'Post Now' }).click();

    await page.waitForURL('**/feed');
    // Nothing to undo: it is already on its way.
    const sent = page.getByRole('status').filter({ hasText: 'Posting to X now' });
    await sent.waitFor();
    expect(await sent.getByRole('button', { name: /Undo/ }).count()).toBe(0);
    await expect
      .poll(async () => (await sandboxPosts('x', `username=${xPersona}`)).map((post) => post.text), { timeout: 20_000 })
      .toEqual([text]);
    await context.close();
  });
});
