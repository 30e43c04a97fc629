import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mp4Bytes, pdfBytes } from '../apps/server/test/helpers/media-bytes';
import { connectThroughConsent, registerThroughUi } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';
import { PNG, sandboxPosts } from './support/sandbox';

interface Attachment {
  name: string;
  mimeType: string;
  buffer: Buffer;
  alt?: string;
}

/** A checkbox of the channel picker, by what its card says (its name, or '@handle' under an X account's name). */
type ChannelOf = (page: Page) => Locator;

/**
 * Through the composer as a person would: the channels (a member with a page gets the channel
 * picker, docs/product.md, Composer · Platforms), text, files (each uploaded with its progress, then
 * given its alt text), no AI tailoring, Post Now.
 */
async function post(page: Page, options: { channels: ChannelOf[]; text: string; files: Attachment[]; documentTitle?: string }) {
  await page.goto('/create-post');
  const [first] = options.channels;
  await first?.(page).waitFor();
  // The last choice is remembered for the next post: start from none.
  for (const box of await page.getByRole('main').getByRole('checkbox').all()) await box.setChecked(false);
  for (const channel of options.channels) await channel(page).check();
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Post content' }).fill(options.text);
  await page.getByLabel(/^Media/).setInputFiles(options.files.map(({ name, mimeType, buffer }) => ({ name, mimeType, buffer })));
  const attached = page.getByRole('list', { name: 'Attached media' });
  for (const file of options.files) {
    if (file.alt) await attached.getByLabel(`Alt text for ${file.name}`).fill(file.alt);
  }
  if (options.documentTitle) await page.getByLabel(/^Document title/).fill(options.documentTitle);
  // Publishing waits for the uploads ('Files are still uploading'): on a busy machine they take a while.
  await expect.poll(() => attached.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(options.files.length);
  await page.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Review & Schedule' }).waitFor();
  await page.getByRole('button', { name: 'Post Now' }).click();
  await page.waitForURL('**/feed');
}

/** Issue 21's "Done when", media part: four images with alt texts on X, three on LinkedIn, a video to both, a PDF to a page. */
describe('Rich media (docs/product.md, Composer · Media)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('posts images with alt texts, a video and a document, and each network holds exactly those', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const suffix = Date.now().toString(36);
    const handle = `med_${suffix}`;
    const member = `Mel ${suffix} Admin`;
    await registerThroughUi(page);
    await connectThroughConsent(page, 'x', handle);
    await connectThroughConsent(page, 'linkedin', member);
    const xAccount: ChannelOf = (at) =>
      at
        .getByRole('main')
        .locator('label', { hasText: `@${handle}` })
        .getByRole('checkbox');
    const asMember: ChannelOf = (at) => at.getByRole('checkbox', { name: member, exact: true });
    const asPage: ChannelOf = (at) => at.getByRole('checkbox', { name: `${member} Company`, exact: true });

    const squares = ['red', 'green', 'blue', 'grey'].map((color) => ({
      name: `${color}.png`,
      mimeType: 'image/png',
      buffer: PNG,
      alt: `A ${color} square`,
    }));
    const fourOnX = `Four squares ${suffix}`;
    await post(page, { channels: [xAccount], text: fourOnX, files: squares });
    await screenshot(page, 'media-01-four-images');

    const threeOnLinkedIn = `Three squares ${suffix}`;
    await post(page, { channels: [asMember], text: threeOnLinkedIn, files: squares.slice(0, 3) });

    const clip = `Our launch clip ${suffix}`;
    const video = { name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4Bytes({ durationMs: 5_000, width: 640, height: 360 }) };
    await post(page, { channels: [xAccount, asMember], text: clip, files: [video] });

    const deck = `Our deck ${suffix}`;
    await post(page, {
      channels: [asPage],
      text: deck,
      files: [{ name: 'deck.pdf', mimeType: 'application/pdf', buffer: pdfBytes(3) }],
      documentTitle: 'Launch deck',
    });

    // X: the four images in order with their alt texts, and the video; nothing else.
    await expect.poll(async () => (await sandboxPosts('x', `username=${handle}`)).length, { timeout: 30_000 }).toBe(2);
    const onX = await sandboxPosts('x', `username=${handle}`);
    expect(onX.find((item) => item.text === fourOnX)?.media.map((media) => media.altText)).toEqual(squares.map((square) => square.alt));
    expect(onX.find((item) => item.text === clip)?.media).toMatchObject([{ kind: 'video' }]);

    // LinkedIn: three images with alt texts, the video, and the document on the page.
    await expect
      .poll(async () => (await sandboxPosts('linkedin')).filter((item) => String(item.commentary).endsWith(suffix)).length, {
        timeout: 30_000,
      })
      .toBe(3);
    const onLinkedIn = (await sandboxPosts('linkedin')).filter((item) => String(item.commentary).endsWith(suffix));
    const three = onLinkedIn.find((item) => item.commentary === threeOnLinkedIn);
    expect(three?.media.map((media) => media.altText)).toEqual(squares.slice(0, 3).map((square) => square.alt));
    expect(onLinkedIn.find((item) => item.commentary === clip)?.media).toMatchObject([{ kind: 'video' }]);
    const document = onLinkedIn.find((item) => item.commentary === deck);
    expect(document?.media).toMatchObject([{ kind: 'document', title: 'Launch deck' }]);
    expect(String(document?.author)).toMatch(/^urn:li:organization:/);

    // The feed shows the page's post under the page's name.
    await page.goto('/feed');
    await page
      .getByRole('article')
      .filter({ hasText: deck })
      .filter({ hasText: `${member} Company` })
      .waitFor();
    await screenshot(page, 'media-02-feed');
    await context.close();
  });
});
