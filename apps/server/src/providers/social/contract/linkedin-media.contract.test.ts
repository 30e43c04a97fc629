import { describe, expect, it } from 'vitest';
import { OutcomeUnknown, Rejected, Unavailable } from '../errors';
import type { LinkedInProviderOptions } from '../linkedin/linkedin-provider';
import { sandboxLinkedInProvider, useContractSandbox } from './contract-sandbox';
import { admin, advanceClock, injectFault, pngImage, requestCounts, tinyMp4, tinyPdf, uniqueText } from './sandbox-client';

/** LinkedIn's media flows against the sandbox: multi-image with alt texts, the Videos and Documents APIs, and their failures. */

// Small video parts, so a tiny test video is uploaded in several byte ranges as a large one would be.
const sandbox = useContractSandbox({ seed: 'provider-media-contract', linkedin: { videoPartBytes: 100 } });

/** Waiting for LinkedIn's processing moves the sandbox clock instead of sleeping. */
function provider(overrides: Partial<LinkedInProviderOptions> = {}) {
  return sandboxLinkedInProvider(sandbox.url(), {
    sleep: async (ms) => {
      await advanceClock(sandbox.url(), ms);
    },
    ...overrides,
  });
}

async function account(name = 'Mia Media') {
  const tokens = await admin<{ access_token: string; member: { sub: string; organizations: { id: number }[] } }>(
    sandbox.url(),
    '/_sandbox/linkedin/tokens',
    { name },
  );
  return {
    ref: { networkUserId: tokens.member.sub, accessToken: tokens.access_token },
    organizationId: tokens.member.organizations[0] ? String(tokens.member.organizations[0].id) : undefined,
  };
}

interface AdminMedia {
  kind: string;
  urn: string;
  altText: string | null;
  title: string | null;
  bytes: number | null;
}

async function postsStartingWith(text: string) {
  const { posts } = await admin<{ posts: { urn: string; author: string; commentary: string; media: AdminMedia[] }[] }>(
    sandbox.url(),
    '/_sandbox/linkedin/posts',
  );
  return posts.filter((post) => post.commentary.startsWith(text.slice(0, 20)));
}

const video = () => ({ bytes: tinyMp4(250), mimeType: 'video/mp4' as const, durationMs: 4_000, title: 'Launch day' });
const document = () => ({ bytes: tinyPdf(), mimeType: 'application/pdf' as const, title: 'Q3 report' });

describe('LinkedIn adapter: images', () => {
  it('posts 3 images with their alt texts, in the order given', async () => {
    const { ref } = await account();
    const colors = ['#ff0000', '#00ff00', '#0000ff'];
    const images = await Promise.all(colors.map(async (color) => ({ bytes: await pngImage(color), mimeType: 'image/png' as const })));
    const text = uniqueText('Three pictures');
    const published = await provider().publish(ref, {
      text,
      media: images.map((image, index) => ({ ...image, altText: `Picture ${index + 1}` })),
    });
    const [post] = await postsStartingWith(text);
    expect(post?.urn).toBe(published.id);
    expect(post?.media.map((media) => [media.kind, media.altText, media.bytes])).toEqual(
      images.map((image, index) => ['image', `Picture ${index + 1}`, image.bytes.length]),
    );
  });
});

describe('LinkedIn adapter: video', () => {
  it('uploads the byte ranges LinkedIn asks for, finalizes with their ETags, waits until AVAILABLE and posts the video', async () => {
    await admin(sandbox.url(), '/_sandbox/stats', undefined, 'DELETE');
    const { ref } = await account();
    const text = uniqueText('Our launch video');
    const published = await provider().publish(ref, { text, media: [], video: video() });
    const [post] = await postsStartingWith(text);
    expect(post).toMatchObject({ urn: published.id, media: [{ kind: 'video', title: 'Launch day', altText: null, bytes: 250 }] });
    const counts = await requestCounts(sandbox.url());
    expect(counts['linkedin.videos.upload']).toBe(3);
    expect(counts['linkedin.videos.finalizeUpload']).toBe(1);
    expect(counts['linkedin.videos.get']).toBeGreaterThanOrEqual(2);
  });

  it('sends a part again when LinkedIn fails on it once, and posts once', async () => {
    await admin(sandbox.url(), '/_sandbox/stats', undefined, 'DELETE');
    await injectFault(sandbox.url(), { network: 'linkedin', endpoint: 'linkedin.videos.upload', kind: 'server_error', after: 1, times: 1 });
    const { ref } = await account();
    const text = uniqueText('Flaky part');
    await provider().publish(ref, { text, media: [], video: video() });
    expect(await postsStartingWith(text)).toHaveLength(1);
    expect((await requestCounts(sandbox.url()))['linkedin.videos.upload']).toBe(4);
  });

  it('gives up with a retryable failure, and posts nothing, when a part keeps failing', async () => {
    await injectFault(sandbox.url(), {
      network: 'linkedin',
      endpoint: 'linkedin.videos.upload',
      kind: 'connection_reset',
      after: 1,
      times: 3,
    });
    const { ref } = await account();
    const text = uniqueText('Broken part');
    const error = await provider()
      .publish(ref, { text, media: [], video: video() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Unavailable);
    expect(await postsStartingWith(text)).toHaveLength(0);
  });

  it('fails the publish with LinkedIn’s reason when the video fails processing, and posts nothing', async () => {
    await injectFault(sandbox.url(), { network: 'linkedin', endpoint: 'linkedin.videos.finalizeUpload', kind: 'processing_failed' });
    const { ref } = await account();
    const text = uniqueText('Unprocessable video');
    const error = await provider()
      .publish(ref, { text, media: [], video: video() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('LinkedIn could not process the video: The video could not be processed (injected fault).');
    expect(await postsStartingWith(text)).toHaveLength(0);
  });

  it('stops waiting after the processing timeout with a retryable failure', async () => {
    const { ref } = await account();
    const stuck = provider({ sleep: async () => {}, mediaProcessingTimeoutMs: 5_000 });
    const text = uniqueText('Never available');
    const error = await stuck.publish(ref, { text, media: [], video: video() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Error).message).toMatch(/still processing the video/);
    expect(await postsStartingWith(text)).toHaveLength(0);
  });

  it('a timeout after the video post was created is an unknown outcome, and exactly one post exists', async () => {
    await injectFault(sandbox.url(), {
      network: 'linkedin',
      endpoint: 'linkedin.posts.create',
      kind: 'timeout_after_create',
      holdMs: 2_000,
    });
    const { ref } = await account();
    const text = uniqueText('Slow video post');
    const error = await provider({ timeoutMs: 300 })
      .publish(ref, { text, media: [], video: video() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect(await postsStartingWith(text)).toEqual([expect.objectContaining({ media: [expect.objectContaining({ kind: 'video' })] })]);
  });
});

describe('LinkedIn adapter: documents', () => {
  it('posts a PDF with its title as the page the member administers', async () => {
    const { ref, organizationId } = await account('Alice Admin');
    expect(organizationId).toBeDefined();
    const text = uniqueText('Our Q3 report');
    const published = await provider().publish(ref, { text, media: [], document: document(), organizationId });
    const [post] = await postsStartingWith(text);
    expect(post).toMatchObject({
      urn: published.id,
      author: `urn:li:organization:${organizationId}`,
      media: [{ kind: 'document', title: 'Q3 report', altText: null, bytes: tinyPdf().length }],
    });
  });

  it('fails the publish with LinkedIn’s reason when the document fails processing', async () => {
    await injectFault(sandbox.url(), { network: 'linkedin', endpoint: 'linkedin.documents.upload', kind: 'processing_failed' });
    const { ref } = await account();
    const text = uniqueText('Unprocessable document');
    const error = await provider()
      .publish(ref, { text, media: [], document: document() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toMatch(/^LinkedIn could not process the document: /);
    expect(await postsStartingWith(text)).toHaveLength(0);
  });

  it('refuses a post with two kinds of attachment before uploading anything', async () => {
    await admin(sandbox.url(), '/_sandbox/stats', undefined, 'DELETE');
    const { ref } = await account();
    await expect(provider().publish(ref, { text: 'Both', media: [], video: video(), document: document() })).rejects.toThrow(
      'LinkedIn refused the post: a post takes images, one video, one document or one link card, not several kinds.',
    );
    expect(Object.keys(await requestCounts(sandbox.url())).filter((name) => /videos|documents/.test(name))).toEqual([]);
  });
});
