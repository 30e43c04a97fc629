import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OutcomeUnknown, Rejected, Unavailable } from '../errors';
import type { XProviderOptions } from '../x/x-provider';
import { sandboxXProvider, useContractSandbox } from './contract-sandbox';
import { admin, advanceClock, injectFault, pngImage, requestCounts, tinyMp4, uniqueText } from './sandbox-client';

/** X's media flows against the sandbox: images with alt text in order, GIF, video with processing, and their failures. */

const sandbox = useContractSandbox({ seed: 'provider-media-contract' });

/** Waiting for X's processing moves the sandbox clock instead of sleeping; chunks are small so a video takes several APPENDs. */
function provider(overrides: Partial<XProviderOptions> = {}) {
  return sandboxXProvider(sandbox.url(), {
    mediaChunkBytes: 100,
    sleep: async (ms) => {
      await advanceClock(sandbox.url(), ms);
    },
    ...overrides,
  });
}

async function account() {
  const tokens = await admin<{ access_token: string; user: { id: string } }>(sandbox.url(), '/_sandbox/x/tokens', { username: 'media_x' });
  return { networkUserId: tokens.user.id, accessToken: tokens.access_token };
}

interface AdminMedia {
  id: string;
  kind: string;
  category: string;
  altText: string | null;
  bytes: number;
}

async function postsWithText(text: string) {
  const { posts } = await admin<{ posts: { id: string; text: string; media: AdminMedia[] }[] }>(sandbox.url(), '/_sandbox/x/posts');
  return posts.filter((post) => post.text === text);
}

const video = (bytes = tinyMp4(250)) => ({ bytes, mimeType: 'video/mp4' as const, durationMs: 3_000, altText: 'A short clip' });

describe('X adapter: images and GIFs', () => {
  it('posts 4 images with their alt texts, in the order given', async () => {
    const colors = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
    const images = await Promise.all(colors.map(async (color) => ({ bytes: await pngImage(color), mimeType: 'image/png' as const })));
    const text = uniqueText('Four pictures');
    const published = await provider().publish(await account(), {
      text,
      media: images.map((image, index) => ({ ...image, altText: `Picture ${index + 1}: ${colors[index]}` })),
    });
    const [post] = await postsWithText(text);
    expect(post?.id).toBe(published.id);
    expect(post?.media.map((media) => [media.kind, media.altText, media.bytes])).toEqual(
      images.map((image, index) => ['photo', `Picture ${index + 1}: ${colors[index]}`, image.bytes.length]),
    );
  });

  it('sends a GIF through the chunked upload as tweet_gif', async () => {
    const gif = await sharp(await pngImage('#ff9900'))
      .gif()
      .toBuffer();
    const text = uniqueText('Animated');
    await provider().publish(await account(), { text, media: [{ bytes: gif, mimeType: 'image/gif', altText: 'An orange square' }] });
    const [post] = await postsWithText(text);
    expect(post?.media).toEqual([expect.objectContaining({ kind: 'animated_gif', category: 'tweet_gif', altText: 'An orange square' })]);
  });
});

describe('X adapter: video', () => {
  it('uploads a video in chunks, waits for X to process it, and posts it with its alt text', async () => {
    await admin(sandbox.url(), '/_sandbox/stats', undefined, 'DELETE');
    const sleeps: number[] = [];
    const waiting = provider({
      sleep: async (ms) => {
        sleeps.push(ms);
        await advanceClock(sandbox.url(), ms);
      },
    });
    const text = uniqueText('Our clip');
    const published = await waiting.publish(await account(), { text, media: [], video: video() });
    const [post] = await postsWithText(text);
    expect(post).toMatchObject({
      id: published.id,
      media: [expect.objectContaining({ kind: 'video', category: 'tweet_video', bytes: 250, altText: 'A short clip' })],
    });
    const counts = await requestCounts(sandbox.url());
    expect(counts['x.media.append']).toBe(3);
    // Pending, then in progress, then succeeded: each wait was the `check_after_secs` X asked for (1 s in the sandbox).
    expect(sleeps).toEqual([1_000, 1_000]);
    expect(counts['x.media.status']).toBe(2);
  });

  it('sends a chunk again when X fails on it once, and posts once', async () => {
    await admin(sandbox.url(), '/_sandbox/stats', undefined, 'DELETE');
    await injectFault(sandbox.url(), { network: 'x', endpoint: 'x.media.append', kind: 'server_error', after: 1, times: 1 });
    const text = uniqueText('Flaky chunk');
    await provider().publish(await account(), { text, media: [], video: video() });
    expect(await postsWithText(text)).toHaveLength(1);
    expect((await requestCounts(sandbox.url()))['x.media.append']).toBe(4);
  });

  it('gives up with a retryable failure, and posts nothing, when a chunk keeps failing', async () => {
    await injectFault(sandbox.url(), { network: 'x', endpoint: 'x.media.append', kind: 'server_error', after: 1, times: 3 });
    const text = uniqueText('Broken chunk');
    const error = await provider()
      .publish(await account(), { text, media: [], video: video() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Unavailable);
    expect(await postsWithText(text)).toHaveLength(0);
  });

  it('fails the publish with X’s reason when X cannot process the video, and posts nothing', async () => {
    await injectFault(sandbox.url(), { network: 'x', endpoint: 'x.media.finalize', kind: 'processing_failed' });
    const text = uniqueText('Unprocessable');
    const error = await provider()
      .publish(await account(), { text, media: [], video: video() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('X could not process the video: Invalid or Unsupported media, Reason: UnsupportedMedia.');
    expect(await postsWithText(text)).toHaveLength(0);
  });

  it('stops waiting after the processing timeout with a retryable failure', async () => {
    // Sleeping without moving the sandbox clock: X never finishes.
    const stuck = provider({ sleep: async () => {}, mediaProcessingTimeoutMs: 5_000 });
    const text = uniqueText('Never ready');
    const error = await stuck.publish(await account(), { text, media: [], video: video() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Error).message).toMatch(/still processing the video/);
    expect(await postsWithText(text)).toHaveLength(0);
  });

  it('a timeout after the video post was created is an unknown outcome, and exactly one post exists', async () => {
    await injectFault(sandbox.url(), { network: 'x', endpoint: 'x.tweets.create', kind: 'timeout_after_create', holdMs: 2_000 });
    const text = uniqueText('Slow video');
    const error = await provider({ timeoutMs: 300 })
      .publish(await account(), { text, media: [], video: video() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect(await postsWithText(text)).toEqual([expect.objectContaining({ media: [expect.objectContaining({ kind: 'video' })] })]);
  });

  it('refuses images and a video together, and a document, before uploading anything', async () => {
    await admin(sandbox.url(), '/_sandbox/stats', undefined, 'DELETE');
    const image = { bytes: await pngImage(), mimeType: 'image/png' as const };
    await expect(provider().publish(await account(), { text: 'Both', media: [image], video: video() })).rejects.toThrow(
      'X refused the post: a post takes images or one video, not both.',
    );
    await expect(
      provider().publish(await account(), {
        text: 'Doc',
        media: [],
        document: { bytes: Buffer.from('%PDF-'), mimeType: 'application/pdf', title: 'Deck' },
      }),
    ).rejects.toBeInstanceOf(Rejected);
    const counts = await requestCounts(sandbox.url());
    expect(Object.keys(counts).filter((name) => name.startsWith('x.media'))).toEqual([]);
  });
});
