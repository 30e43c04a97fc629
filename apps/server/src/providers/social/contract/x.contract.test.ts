import { createSandbox, type Sandbox } from '@postflow/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXProvider } from '../x/x-provider';
import { admin, advanceClock, pngImage, uniqueText } from './sandbox-client';
import { describeSocialProviderContract, type ProviderOverrides, type SandboxPost } from './social-provider.contract';

const APP_URL = 'http://localhost:8080';
// The sandbox's built-in X app (config/env.ts SANDBOX_APPS).
const CLIENT = { clientId: 'postflow-sandbox-x', clientSecret: 'postflow-sandbox-x-secret' };
const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];

let sandbox: Sandbox;
let baseUrl = '';

beforeAll(async () => {
  sandbox = createSandbox({ appUrl: APP_URL, seed: 'provider-contract' });
  baseUrl = await sandbox.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await sandbox.close();
});

function provider(overrides: ProviderOverrides = {}) {
  return createXProvider({
    ...CLIENT,
    apiBaseUrl: overrides.apiBaseUrl ?? `${baseUrl}/x`,
    authBaseUrl: `${baseUrl}/x`,
    isSandbox: true,
    redirectUri: `${APP_URL}/auth/x/callback`,
    scopes: SCOPES,
    fetch: overrides.fetch,
    timeoutMs: overrides.timeoutMs,
  });
}

interface XTokens {
  access_token: string;
  refresh_token?: string;
  user: { id: string; username: string };
}

async function account(persona = 'contract_x') {
  const tokens = await admin<XTokens>(baseUrl, '/_sandbox/x/tokens', { username: persona });
  return { ref: { networkUserId: tokens.user.id, accessToken: tokens.access_token }, refreshToken: tokens.refresh_token };
}

interface AdminXPost {
  id: string;
  text: string;
  media: unknown[];
  deleted: boolean;
}

describeSocialProviderContract({
  network: 'x',
  networkName: 'X',
  sandboxUrl: () => baseUrl,
  provider,
  account,
  consentPersona: 'consent_x',
  async refreshable() {
    const { refreshToken } = await account();
    return { provider: provider(), refreshToken: refreshToken as string };
  },
  rotatesRefreshTokens: true,
  accessTokenLifetimeMs: 2 * 3_600_000,
  endpoints: { create: 'x.tweets.create', read: 'x.users.me' },
  async sandboxPosts(): Promise<SandboxPost[]> {
    const { posts } = await admin<{ posts: AdminXPost[] }>(baseUrl, '/_sandbox/x/posts');
    return posts.map((post) => ({ id: post.id, text: post.text, mediaCount: post.media.length, deleted: post.deleted }));
  },
  tooLongText: `Too long: ${'a'.repeat(300)}`,
  duplicateNamesExisting: false,
  malformed: {
    // docs/networks.md, X · Creating and deleting posts: media and post ids are strings; a number breaks the contract.
    create: () => Response.json({ data: { id: 1445880548472328192, text: 'hi' } }, { status: 201 }),
    profile: () => Response.json({ data: { id: '2244994945', username: 'someone' } }),
  },
  metricsAuthor: async () => ({ ref: (await account()).ref }),
  organizationsAccount: async () => (await account()).ref,
  expectsOrganizations: false,
});

describe('X adapter: specifics', () => {
  it('asks for PKCE S256 and spells the scopes with %20', () => {
    const url = new URL(provider().authorizationUrl({ state: 'abc', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' }));
    expect(url.pathname).toBe('/x/i/oauth2/authorize');
    expect(url.searchParams.get('code_challenge')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.search).toContain('scope=tweet.read%20tweet.write%20users.read%20media.write%20offline.access');
  });

  it('falls back to public metrics for posts older than 30 days', async () => {
    await admin(baseUrl, '/_sandbox/reset', {});
    const { ref } = await account();
    const published = await provider().publish(ref, { text: uniqueText('Old post'), media: [] });
    await advanceClock(baseUrl, 60 * 60_000);
    const [young] = await provider().metrics(ref, [published.id]);
    expect(young?.clicks).toEqual(expect.any(Number));
    await advanceClock(baseUrl, 31 * 86_400_000);
    const [old] = await provider().metrics((await account()).ref, [published.id]);
    // Private counts (link clicks) are gone, public ones are still there and did not shrink.
    expect(old).toMatchObject({ postId: published.id, clicks: undefined });
    expect(old!.likes).toBeGreaterThanOrEqual(young!.likes);
  });

  it('reads back whether a post carried media (tweet.fields=attachments)', async () => {
    await admin(baseUrl, '/_sandbox/reset', {});
    const { ref } = await account();
    const plain = await provider().publish(ref, { text: uniqueText('No picture'), media: [] });
    const pictured = await provider().publish(ref, {
      text: uniqueText('With picture'),
      media: [{ bytes: await pngImage(), mimeType: 'image/png' }],
    });
    const recent = new Map((await provider().recentPosts(ref, { limit: 10 })).map((post) => [post.id, post.hasMedia]));
    expect([recent.get(plain.id), recent.get(pictured.id)]).toEqual([false, true]);
  });

  it('refuses five images before uploading any', async () => {
    const calls: string[] = [];
    const counting = provider({ fetch: (input, init) => (calls.push(String(input)), fetch(input, init)) });
    const image = { bytes: await pngImage(), mimeType: 'image/png' as const };
    await expect(
      counting.publish({ networkUserId: '1', accessToken: 'unused' }, { text: 'Five', media: [image, image, image, image, image] }),
    ).rejects.toThrow('X refused the post: a post takes up to 4 images, or a single GIF.');
    expect(calls).toEqual([]);
  });
});
