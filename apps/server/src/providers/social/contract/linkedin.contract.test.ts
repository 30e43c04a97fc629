import { unescapeLittleText } from '@postflow/contract';
import { createSandbox, type Sandbox } from '@postflow/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthExpired, Rejected } from '../errors';
import { createLinkedInProvider } from '../linkedin/linkedin-provider';

import { admin, advanceClock, countingFetch, pngImage, uniqueText } from './sandbox-client';
import { describeSocialProviderContract, type ProviderOverrides, type SandboxPost } from './social-provider.contract';

const APP_URL = 'http://localhost:8080';
const REDIRECT_URI = `${APP_URL}/auth/linkedin/callback`;
// The sandbox's built-in LinkedIn app (config/env.ts SANDBOX_APPS): a self-serve app, no refresh tokens.
const CLIENT = { clientId: 'postflow-sandbox-linkedin', clientSecret: 'postflow-sandbox-linkedin-secret' };
// An app approved for programmatic refresh tokens (docs/networks.md, LinkedIn · Token refresh), registered for the refresh test.
const REFRESH_CLIENT = { clientId: 'contract-linkedin-mdp', clientSecret: 'contract-linkedin-mdp-secret' };
// What the registry asks the sandbox for (registry.ts LINKEDIN_SANDBOX_SCOPES).
const SCOPES = ['openid', 'profile', 'email', 'w_member_social', 'r_organization_social', 'w_organization_social', 'rw_organization_admin'];
const VERSION = '202610';

let sandbox: Sandbox;
let baseUrl = '';

beforeAll(async () => {
  sandbox = createSandbox({
    appUrl: APP_URL,
    seed: 'provider-contract',
    apps: [{ network: 'linkedin', ...REFRESH_CLIENT, redirectUris: [REDIRECT_URI], refreshTokens: true }],
  });
  baseUrl = await sandbox.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await sandbox.close();
});

function provider(overrides: ProviderOverrides & { client?: typeof CLIENT } = {}) {
  return createLinkedInProvider({
    ...(overrides.client ?? CLIENT),
    apiBaseUrl: overrides.apiBaseUrl ?? `${baseUrl}/linkedin`,
    authBaseUrl: `${baseUrl}/linkedin`,
    isSandbox: true,
    redirectUri: REDIRECT_URI,
    scopes: SCOPES,
    version: VERSION,
    fetch: overrides.fetch,
    timeoutMs: overrides.timeoutMs,
  });
}

interface LinkedInTokens {
  access_token: string;
  refresh_token?: string;
  member: { sub: string; organizations: { id: number; name: string }[] };
}

async function tokensFor(name: string, options: { scopes?: string[]; clientId?: string } = {}) {
  return admin<LinkedInTokens>(baseUrl, '/_sandbox/linkedin/tokens', { name, ...options });
}

async function account(persona = 'Casey Contract', scopes?: string[]) {
  const tokens = await tokensFor(persona, scopes ? { scopes } : {});
  return { ref: { networkUserId: tokens.member.sub, accessToken: tokens.access_token }, refreshToken: tokens.refresh_token };
}

interface AdminLinkedInPost {
  urn: string;
  author: string;
  commentary: string;
  publishedCommentary: string;
  truncated: boolean;
  content: { media?: unknown; multiImage?: { images: unknown[] } } | null;
  deleted: boolean;
}

async function linkedInPosts(): Promise<AdminLinkedInPost[]> {
  return (await admin<{ posts: AdminLinkedInPost[] }>(baseUrl, '/_sandbox/linkedin/posts')).posts;
}

describeSocialProviderContract({
  network: 'linkedin',
  networkName: 'LinkedIn',
  sandboxUrl: () => baseUrl,
  provider,
  account: (persona) => account(persona),
  consentPersona: 'Consent Person',
  async refreshable() {
    const tokens = await tokensFor('Casey Contract', { clientId: REFRESH_CLIENT.clientId });
    return { provider: provider({ client: REFRESH_CLIENT }), refreshToken: tokens.refresh_token as string };
  },
  rotatesRefreshTokens: false,
  accessTokenLifetimeMs: 60 * 86_400_000,
  endpoints: { create: 'linkedin.posts.create', read: 'linkedin.userinfo' },
  async sandboxPosts(): Promise<SandboxPost[]> {
    return (await linkedInPosts()).map((post) => ({
      id: post.urn,
      text: unescapeLittleText(post.commentary),
      mediaCount: post.content?.multiImage?.images.length ?? (post.content?.media ? 1 : 0),
      deleted: post.deleted,
    }));
  },
  tooLongText: 'a'.repeat(3001),
  duplicateNamesExisting: true,
  malformed: {
    // docs/networks.md, LinkedIn · Creating a post: the id must come in x-restli-id; a 201 without it cannot be trusted.
    create: () => new Response(null, { status: 201 }),
    profile: () => Response.json({ name: 'No sub' }),
  },
  async metricsAuthor() {
    const tokens = await tokensFor('Alice Admin');
    const ref = { networkUserId: tokens.member.sub, accessToken: tokens.access_token };
    return { ref, organizationId: String(tokens.member.organizations[0]!.id) };
  },
  organizationsAccount: async () => (await account('Alice Admin')).ref,
  expectsOrganizations: true,
});

describe('LinkedIn adapter: specifics', () => {
  beforeEach(async () => {
    await admin(baseUrl, '/_sandbox/reset', {});
  });

  it('escapes little text so LinkedIn publishes the whole text, hashtags and links intact', async () => {
    const { ref } = await account();
    const text = uniqueText('Launch (beta) of *Postflow* v2_final {at} <10am> @team [sic] ~ | \\o/ #launch https://example.com/a_b');
    const published = await provider().publish(ref, { text, media: [] });
    const post = (await linkedInPosts()).find((candidate) => candidate.urn === published.id);
    expect(post).toMatchObject({ truncated: false });
    expect(post?.commentary).toContain('#launch https://example.com/a_b');
    expect(unescapeLittleText(post?.commentary ?? '')).toBe(text);
  });

  it('refuses a text that only passes 3,000 characters once escaped, before calling LinkedIn', async () => {
    const counting = countingFetch();
    const text = `${'a'.repeat(2990)} (${'b'.repeat(7)})`; // 3,000 characters, 3,002 escaped
    const error = await provider({ fetch: counting.fetch })
      .publish({ networkUserId: 'x', accessToken: 'unused' }, { text, media: [] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toMatch(/3,002 characters/);
    expect(counting.calls).toEqual([]);
  });

  it('publishes as an organisation the member administers, with images', async () => {
    const { ref } = await account('Alice Admin');
    const [organization] = await provider().organizations(ref);
    const text = uniqueText('From the company page');
    const published = await provider().publish(ref, {
      text,
      organizationId: organization!.id,
      media: [
        { bytes: await pngImage('#112233'), mimeType: 'image/png' },
        { bytes: await pngImage('#445566'), mimeType: 'image/png', altText: 'Second' },
      ],
    });
    const post = (await linkedInPosts()).find((candidate) => candidate.urn === published.id);
    expect(post).toMatchObject({ author: `urn:li:organization:${organization!.id}` });
    expect(post?.content?.multiImage?.images).toHaveLength(2);
    const recent = await provider().recentPosts(ref, { organizationId: organization!.id });
    expect(recent[0]).toMatchObject({ id: published.id, text });
  });

  it('reads impressions and clicks of organisation posts', async () => {
    const { ref } = await account('Alice Admin');
    const [organization] = await provider().organizations(ref);
    const published = await provider().publish(ref, { text: uniqueText('Company news'), organizationId: organization!.id, media: [] });
    await advanceClock(baseUrl, 2 * 86_400_000);
    const [metrics] = await provider().metrics(ref, [published.id]);
    expect(metrics).toMatchObject({ postId: published.id, impressions: expect.any(Number), clicks: expect.any(Number) });
    expect(metrics!.impressions).toBeGreaterThan(0);
  });

  it('without organisation statistics access, answers metrics without impressions instead of failing', async () => {
    // Posting and reading as the page, but no rw_organization_admin: share statistics are denied.
    const tokens = await tokensFor('Alice Admin', { scopes: ['openid', 'profile', 'w_organization_social', 'r_organization_social'] });
    const ref = { networkUserId: tokens.member.sub, accessToken: tokens.access_token };
    const organizationId = String(tokens.member.organizations[0]!.id);
    const published = await provider().publish(ref, { text: uniqueText('Page post'), organizationId, media: [] });
    await advanceClock(baseUrl, 86_400_000);
    const [metrics] = await provider().metrics(ref, [published.id]);
    expect(metrics).toMatchObject({ postId: published.id, impressions: undefined, clicks: undefined, likes: expect.any(Number) });
  });

  it('reads the impressions of the member’s own posts with r_member_postAnalytics', async () => {
    const { ref } = await account('Casey Contract');
    const published = await provider().publish(ref, { text: uniqueText('Member post with reach'), media: [] });
    await advanceClock(baseUrl, 86_400_000);
    const counting = countingFetch();
    const [early] = await provider({ fetch: counting.fetch }).metrics(
      { ...ref, scopes: [...SCOPES, 'r_member_social', 'r_member_postAnalytics'] },
      [published.id],
    );
    expect(counting.calls).toContain(
      `GET ${baseUrl}/linkedin/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(published.id)})&queryType=IMPRESSION&aggregation=TOTAL`,
    );
    expect(early).toMatchObject({ postId: published.id, impressions: expect.any(Number), likes: expect.any(Number) });
    expect(early!.impressions).toBeGreaterThan(0);
    await advanceClock(baseUrl, 2 * 86_400_000);
    const [later] = await provider().metrics(ref, [published.id]);
    expect(later!.impressions).toBeGreaterThan(early!.impressions!);
  });

  it('without r_member_postAnalytics, member posts keep unknown impressions and the metrics still come', async () => {
    const scopes = ['openid', 'profile', 'email', 'w_member_social', 'r_member_social', 'r_member_social_feed'];
    const tokens = await tokensFor('Casey Contract', { scopes });
    const ref = { networkUserId: tokens.member.sub, accessToken: tokens.access_token };
    const published = await provider().publish(ref, { text: uniqueText('Member post, no analytics'), media: [] });
    await advanceClock(baseUrl, 86_400_000);

    // Scopes known to lack it: not even asked.
    const counting = countingFetch();
    const [known] = await provider({ fetch: counting.fetch }).metrics({ ...ref, scopes }, [published.id]);
    expect(known).toMatchObject({ postId: published.id, impressions: undefined, likes: expect.any(Number) });
    expect(counting.calls.filter((call) => call.includes('memberCreatorPostAnalytics'))).toEqual([]);

    // Scopes unknown: asked once, LinkedIn's 403 leaves the impressions unknown.
    const asking = countingFetch();
    const [unknown] = await provider({ fetch: asking.fetch }).metrics(ref, [published.id]);
    expect(unknown).toMatchObject({ postId: published.id, impressions: undefined, likes: expect.any(Number) });
    expect(asking.calls.filter((call) => call.includes('memberCreatorPostAnalytics'))).toHaveLength(1);
  });

  it('a failing or unreadable member analytics answer costs only the impressions, not the likes and comments', async () => {
    const { ref } = await account('Casey Contract');
    const first = await provider().publish(ref, { text: uniqueText('Member post, odd analytics'), media: [] });
    const second = await provider().publish(ref, { text: uniqueText('Member post, never asked'), media: [] });
    const answering = (answer: () => Response) => {
      const analytics: string[] = [];
      const fetchWith: typeof fetch = async (input, init) => {
        if (!String(input).includes('/memberCreatorPostAnalytics?')) return fetch(input, init);
        analytics.push(String(input));
        return answer();
      };
      return { fetch: fetchWith, analytics };
    };
    const unreadable = () => Response.json({ paging: { start: 0, count: 10 }, elements: [{ count: 'lots' }] });
    const serverError = () => Response.json({ status: 500, message: 'Internal Server Error' }, { status: 500 });
    const connectionReset = (): Response => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    };
    for (const answer of [unreadable, serverError, connectionReset]) {
      const odd = answering(answer);
      const metrics = await provider({ fetch: odd.fetch }).metrics(ref, [first.id, second.id]);
      expect(metrics, answer.name).toEqual([
        expect.objectContaining({ postId: first.id, impressions: undefined, likes: expect.any(Number), comments: expect.any(Number) }),
        expect.objectContaining({ postId: second.id, impressions: undefined, likes: expect.any(Number), comments: expect.any(Number) }),
      ]);
      // The first failure ends the reading: LinkedIn is not asked again for the rest.
      expect(odd.analytics, answer.name).toHaveLength(1);
    }
    // A refused token is still the account's problem, not a missing figure.
    const expired = answering(() =>
      Response.json(
        { status: 401, serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' },
        { status: 401 },
      ),
    );
    await expect(provider({ fetch: expired.fetch }).metrics(ref, [first.id])).rejects.toBeInstanceOf(AuthExpired);
  });

  it('asks member analytics only for the posts the budget names, and only while it allows', async () => {
    const { ref } = await account('Casey Contract');
    const [young, alsoYoung, old] = [
      await provider().publish(ref, { text: uniqueText('Young member post'), media: [] }),
      await provider().publish(ref, { text: uniqueText('Another young member post'), media: [] }),
      await provider().publish(ref, { text: uniqueText('Old member post'), media: [] }),
    ];
    await advanceClock(baseUrl, 86_400_000);
    const counting = countingFetch();
    const asked: number[] = [];
    const budget = {
      worthACall: new Set([young.id, alsoYoung.id]),
      spend: async (calls: number) => {
        asked.push(calls);
        return asked.length === 1; // one call allowed, then refused
      },
    };
    const metrics = await provider({ fetch: counting.fetch }).metrics(ref, [old.id, young.id, alsoYoung.id], { budget });
    expect(metrics).toEqual([
      expect.objectContaining({ postId: old.id, impressions: undefined, likes: expect.any(Number) }),
      expect.objectContaining({ postId: young.id, impressions: expect.any(Number), likes: expect.any(Number) }),
      expect.objectContaining({ postId: alsoYoung.id, impressions: undefined, likes: expect.any(Number) }),
    ]);
    expect(asked).toEqual([1, 1]);
    const analytics = counting.calls.filter((call) => call.includes('memberCreatorPostAnalytics'));
    expect(analytics).toEqual([expect.stringContaining(encodeURIComponent(young.id))]);
  });

  it('reads back whether a post carried media', async () => {
    const { ref } = await account('Casey Contract');
    const plain = await provider().publish(ref, { text: uniqueText('No picture'), media: [] });
    const pictured = await provider().publish(ref, {
      text: uniqueText('One picture'),
      media: [{ bytes: await pngImage(), mimeType: 'image/png' }],
    });
    const several = await provider().publish(ref, {
      text: uniqueText('Two pictures'),
      media: [
        { bytes: await pngImage('#101010'), mimeType: 'image/png' },
        { bytes: await pngImage('#202020'), mimeType: 'image/png' },
      ],
    });
    const recent = new Map((await provider().recentPosts(ref, { limit: 10 })).map((post) => [post.id, post.hasMedia]));
    expect([recent.get(plain.id), recent.get(pictured.id), recent.get(several.id)]).toEqual([false, true, true]);
  });

  it('reads a page of posts whose content LinkedIn shaped unexpectedly, still telling which had media', async () => {
    const { ref } = await account('Casey Contract');
    const post = (id: number, content: unknown) => ({
      id: `urn:li:share:${id}`,
      commentary: `Post ${id}`,
      createdAt: 1_790_000_000_000 - id,
      content,
    });
    const elements = [
      post(1, { media: { id: '' } }), // an empty id
      post(2, { media: { title: 'A video', altText: 'no id at all' } }),
      post(3, { multiImage: { images: [{ altText: 'no id' }, { id: 7 }] } }),
      post(4, { article: { source: 'https://example.com', title: 'A link' } }),
      post(5, { poll: { question: 'Which?' } }),
      post(6, null),
      post(7, 'not an object'),
      post(8, undefined),
      post(9, { media: null }),
    ];
    const odd: typeof fetch = (input, init) =>
      String(input).includes('/rest/posts?q=author') ? Promise.resolve(Response.json({ elements })) : fetch(input, init);
    const recent = await provider({ fetch: odd }).recentPosts(ref, { limit: 20 });
    expect(recent.map((entry) => [entry.id, entry.hasMedia])).toEqual([
      ['urn:li:share:1', true],
      ['urn:li:share:2', true],
      ['urn:li:share:3', true],
      ['urn:li:share:4', false],
      ['urn:li:share:5', false],
      ['urn:li:share:6', false],
      ['urn:li:share:7', false],
      ['urn:li:share:8', false],
      ['urn:li:share:9', false],
    ]);
  });

  it('a self-serve token reads no metrics and no pages, without failing', async () => {
    const selfServe = ['openid', 'profile', 'email', 'w_member_social'];
    const { ref } = await account('Alice Admin', selfServe);
    const published = await provider().publish(ref, { text: uniqueText('Member post'), media: [] });
    await expect(provider().metrics(ref, [published.id])).resolves.toEqual([]);
    await expect(provider().organizations(ref)).resolves.toEqual([]);
  });

  it('a member who administers no page has no organisations', async () => {
    const { ref } = await account('Bob Member');
    await expect(provider().organizations(ref)).resolves.toEqual([]);
  });

  it('a token from the consent page carries the member’s verified email', async () => {
    const { ref } = await account('Casey Contract');
    const profile = await provider().profile(ref.accessToken);
    expect(profile).toMatchObject({ id: ref.networkUserId, displayName: 'Casey Contract', email: expect.stringContaining('@') });
  });

  it('reports a retired API version as a refusal naming the setting to change', async () => {
    const { ref } = await account();
    const old = createLinkedInProvider({
      ...CLIENT,
      apiBaseUrl: `${baseUrl}/linkedin`,
      authBaseUrl: `${baseUrl}/linkedin`,
      isSandbox: true,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      version: '202001',
    });
    await expect(old.publish(ref, { text: uniqueText(), media: [] })).rejects.toThrow(/LINKEDIN_VERSION/);
  });
});
