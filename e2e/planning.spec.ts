import type { Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, screenshot } from './support/browser';

/** The person's zone; the browser says Tokyo, so every time shown must follow the profile, not the browser. */
const ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;

/** A date as the app and the import read it in the person's zone: YYYY-MM-DD. */
const isoDay = (instant: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short' }).format(instant);
/** A day as the calendar names it ("Tue, Mar 10", en-US). */
const dayName = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short', month: 'short', day: 'numeric' }).format(instant);
const hourIn = (instant: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(instant);

async function scheduled(page: Page): Promise<Post[]> {
  const answer = await callApi(page.request, await sessionToken(page), api.posts.listPosts, { query: { status: 'scheduled' } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Through the composer: X, the text, no AI tailoring, then Review. */
async function writeForX(page: Page, text: string) {
  await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Post content' }).fill(text);
  await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
}

async function addToQueue(page: Page) {
  await page.getByRole('button', { name: 'Add to queue' }).click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText(/^Queued for/)
    .first()
    .waitFor();
}

/**
 * Issue 20's "Done when": a time zone, a draft that survives a reload, posting times, two posts
 * added to the queue, the week on the calendar with one dragged to another day, a CSV imported
 * (a dry run that shows the bad row, then the real run), and all of it on the calendar.
 */
describe('planning the week', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('sets a zone, keeps a draft, queues, drags on the calendar and imports a CSV', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Tokyo',
      locale: 'en-US',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const persona = `plan_${Date.now().toString(36)}`;
    await registerThroughUi(page, 'Pia Planner');

    // The app proposes the browser's zone once; she chooses her own on the profile.
    const proposal = page.getByRole('region', { name: 'Suggested time zone' });
    await proposal
      .getByText(/Asia\/Tokyo/)
      .first()
      .waitFor();
    await proposal.getByRole('button', { name: 'Choose another' }).click();
    await page.getByRole('combobox', { name: 'Time zone' }).fill(ZONE);
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText(`Times now show in ${ZONE}`).waitFor();
    await connectThroughConsent(page, 'x', persona);

    // A draft is saved as she types and is still there after a reload.
    const draftText = `Draft for the week ${persona}: what we learned shipping the calendar.`;
    await page.goto('/create-post');
    await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Post content' }).fill(draftText);
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.waitForURL(/\/create-post\?draft=[0-9a-f-]{36}/);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Post content' }).inputValue()).toBe(draftText);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drafts 1' }).waitFor();

    // Posting times: every day at 09:00, in her zone.
    await page.goto('/queue');
    const times = page.getByRole('group', { name: `Posting times for X @${persona}` });
    await times.getByLabel('Time', { exact: true }).fill('09:00');
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) {
      await times.getByLabel('Day').selectOption(day);
      await times.getByRole('button', { name: 'Add time' }).click();
    }
    await times.getByLabel('Time zone').fill(ZONE);
    await times.getByRole('button', { name: 'Save posting times' }).click();
    await times.getByText('Posting times saved').waitFor();
    await screenshot(page, 'planning-01-slots');

    // Two posts to the queue: the draft, opened from the drafts list, and a new one.
    await page.goto('/drafts');
    await page.getByRole('link', { name: /^Open draft: / }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Post content' }).inputValue()).toBe(draftText);
    await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
    await addToQueue(page);
    await page.goto('/create-post');
    const secondText = `Second queued post ${persona}: the queue picks the time.`;
    await writeForX(page, secondText);
    await addToQueue(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drafts', exact: true }).waitFor();

    const queued = (await scheduled(page)).sort((a, b) => Date.parse(a.scheduled_for ?? '') - Date.parse(b.scheduled_for ?? ''));
    expect(queued).toHaveLength(2);
    const [first, second] = queued.map((post) => new Date(post.scheduled_for as string)) as [Date, Date];
    // Each took the next free 09:00 of her zone, on two following days.
    expect(queued.map((post) => hourIn(new Date(post.scheduled_for as string)))).toEqual(['09:00', '09:00']);
    expect(second.getTime() - first.getTime()).toBeGreaterThanOrEqual(DAY_MS - 3_600_000);

    // The week on the calendar; the second post is dragged to another day at 10:00.
    await page.goto(`/calendar?view=week&date=${isoDay(second)}`);
    await page.getByText(`Times are in your time zone, ${ZONE}.`).waitFor();
    const dragged = page.getByRole('button', { name: /· Scheduled: Second queued post/ });
    await dragged.waitFor();
    const later = new Date(second.getTime() + DAY_MS);
    const earlier = new Date(second.getTime() - DAY_MS);
    const sameWeekLater = (await page.getByRole('button', { name: `New post on ${dayName(later)} at 10:00` }).count()) > 0;
    const destination = sameWeekLater ? later : earlier;
    const slot = page.getByRole('button', { name: `New post on ${dayName(destination)} at 10:00` });
    await page.locator('li', { has: dragged }).dragTo(slot.locator('..'));
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/^Moved to/)
      .first()
      .waitFor();
    await expect
      .poll(async () => {
        const moved = (await scheduled(page)).find((post) => post.text.startsWith('Second queued post'));
        return moved?.scheduled_for ? `${isoDay(new Date(moved.scheduled_for))} ${hourIn(new Date(moved.scheduled_for))}` : null;
      })
      .toBe(`${isoDay(destination)} 10:00`);
    await screenshot(page, 'planning-02-calendar-week');

    // A CSV of three rows, one of them bad: a dry run shows which, the real run creates the rest.
    const importDay = isoDay(first);
    const csv = [
      'text,platforms,scheduled_at',
      `"Imported one ${persona}, with a comma",x,${importDay} 12:00`,
      `Imported two ${persona},x,${importDay} 15:30`,
      `Imported three ${persona},myspace,${importDay} 16:00`,
    ].join('\r\n');
    await page.goto('/import');
    await page.getByLabel('CSV file').setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
    await page.getByText('2 rows ready, 1 row has a problem').waitFor();
    expect(await scheduled(page)).toHaveLength(2);
    await screenshot(page, 'planning-03-import-preview');
    await page.getByRole('button', { name: 'Import 2 posts' }).click();
    await page.getByRole('heading', { name: 'Imported' }).waitFor();
    await page.getByText('2 posts created, 1 row not imported (see below).').waitFor();

    // All of it on the calendar: the two queued posts, the moved one where it went, the two imported.
    const all = await scheduled(page);
    expect(all).toHaveLength(4);
    for (const post of all) {
      const at = new Date(post.scheduled_for as string);
      await page.goto(`/calendar?view=week&date=${isoDay(at)}`);
      const words = post.text.split(' ').slice(0, 2).join(' ');
      await page
        .getByRole('group', { name: dayName(at) })
        .getByRole('list', { name: `Posts on ${dayName(at)} at ${hourIn(at)}` })
        .getByRole('button', { name: new RegExp(`· Scheduled: ${words}`) })
        .waitFor();
    }
    await screenshot(page, 'planning-04-calendar-all');
    await context.close();
  });
});
