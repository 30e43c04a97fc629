import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthExpired, Duplicate, OutcomeUnknown, RateLimited, Rejected, Unavailable } from '../errors';
import type { AccountRef, SocialProvider } from '../social-provider';
import { admin, advanceClock, consent, fakeFetch, injectFault, pngImage, refusedUrl, uniqueText } from './sandbox-client';

export interface ProviderOverrides {
  fetch?: typeof fetch;
  timeoutMs?: number;
  apiBaseUrl?: string;
}

export interface SandboxPost {
  id: string;
  text: string;
  mediaCount: number;
  deleted: boolean;
}

/** What the shared suite needs to know about one network and its sandbox. */
export interface ContractFixture {
  network: 'x' | 'linkedin';
  networkName: 'X' | 'LinkedIn';
  /** Base URL of the running sandbox (set once the test file started it). */
  sandboxUrl(): string;
  provider(overrides?: ProviderOverrides): SocialProvider;
  /** A connected account (tokens from the sandbox's admin API). */
  account(persona?: string): Promise<{ ref: AccountRef; refreshToken: string | undefined }>;
  /** Typed into the consent page's "new persona" field. */
  consentPersona: string;
  /** An adapter and refresh token of an app that gets refresh tokens. */
  refreshable(): Promise<{ provider: SocialProvider; refreshToken: string }>;
  /** X rotates refresh tokens (single use); LinkedIn returns the same one. */
  rotatesRefreshTokens: boolean;
  accessTokenLifetimeMs: number;
  /** The sandbox's fault-rule names of a create and of a read the adapter makes. */
  endpoints: { create: string; read: string };
  sandboxPosts(): Promise<SandboxPost[]>;
  tooLongText: string;
  /** LinkedIn names the post that already holds the text; X does not. */
  duplicateNamesExisting: boolean;
  /** Answers with the right status but a body that breaks the network's documented shape. */
  malformed: { create: () => Response; profile: () => Response };
  /** Who publishes the post whose metrics are read (LinkedIn: a page, the richest statistics). */
  metricsAuthor(): Promise<{ ref: AccountRef; organizationId?: string }>;
  /** The account whose organisations are listed, and whether it administers any. */
  organizationsAccount(): Promise<AccountRef>;
  expectsOrganizations: boolean;
}

/** The behaviour every SocialProvider adapter shares, run against the sandbox. */
export function describeSocialProviderContract(fixture: ContractFixture): void {
  const url = () => fixture.sandboxUrl();
  const { network } = fixture;

  beforeEach(async () => {
    await admin(url(), '/_sandbox/reset', {});
  });

  async function publishText(provider = fixture.provider()) {
    const { ref } = await fixture.account();
    const text = uniqueText();
    const published = await provider.publish(ref, { text, media: [] });
    return { ref, text, published };
  }

  async function postsWithText(text: string) {
    return (await fixture.sandboxPosts()).filter((post) => post.text === text);
  }

  describe(`${fixture.networkName} adapter: connecting an account`, () => {
    it('signs in through the consent page and gets tokens that work', async () => {
      const provider = fixture.provider();
      const state = randomBytes(16).toString('base64url');
      const codeVerifier = randomBytes(48).toString('base64url');
      const redirect = await consent(provider.authorizationUrl({ state, codeVerifier }), fixture.consentPersona);

      expect(`${redirect.origin}${redirect.pathname}`).toBe(provider.redirectUri);
      expect(redirect.searchParams.get('state')).toBe(state);
      const code = redirect.searchParams.get('code');
      expect(code).toBeTruthy();

      const tokens = await provider.exchangeCode({ code: code as string, codeVerifier });
      expect(tokens.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now());
      expect(tokens.scopes.length).toBeGreaterThan(0);
      const profile = await provider.profile(tokens.accessToken);
      expect(profile.displayName).toBeTruthy();
      expect(profile.id).toMatch(/\S/);

      // A code is single use: the second exchange is refused, with a message a person understands.
      const again = await provider.exchangeCode({ code: code as string, codeVerifier }).catch((error: unknown) => error);
      expect(again).toBeInstanceOf(AuthExpired);
      expect((again as Error).message).toMatch(/expired or was already used/);
    });

    it('refreshes, and a spent or unknown refresh token asks for a reconnect', async () => {
      const { provider, refreshToken } = await fixture.refreshable();
      const renewed = await provider.refresh(refreshToken);
      await expect(provider.profile(renewed.accessToken)).resolves.toMatchObject({ displayName: expect.any(String) });
      if (fixture.rotatesRefreshTokens) {
        expect(renewed.refreshToken).toBeTruthy();
        expect(renewed.refreshToken).not.toBe(refreshToken);
        await expect(provider.refresh(refreshToken)).rejects.toBeInstanceOf(AuthExpired);
        await expect(provider.refresh(renewed.refreshToken as string)).resolves.toMatchObject({ accessToken: expect.any(String) });
      }
      await expect(provider.refresh('no-such-refresh-token')).rejects.toBeInstanceOf(AuthExpired);
    });

    it('revoking a token stops it working', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      await provider.revoke(ref.accessToken);
      await expect(provider.profile(ref.accessToken)).rejects.toBeInstanceOf(AuthExpired);
    });

    it('an access token past its lifetime asks for a refresh, and the error does not carry the token', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      await advanceClock(url(), fixture.accessTokenLifetimeMs + 60_000);
      const error = await provider.publish(ref, { text: uniqueText(), media: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthExpired);
      expect((error as AuthExpired).detail.status).toBe(401);
      expect(JSON.stringify({ message: (error as Error).message, detail: (error as AuthExpired).detail })).not.toContain(ref.accessToken);
    });
  });

  describe(`${fixture.networkName} adapter: publishing`, () => {
    it('publishes a text post that is then on the network', async () => {
      const provider = fixture.provider();
      const { text, published } = await publishText(provider);
      expect(published.url).toBe(provider.postUrl(published.id));
      expect(await postsWithText(text)).toEqual([expect.objectContaining({ id: published.id, deleted: false })]);
    });

    it('gives each post an address on the sandbox that opens a page showing it', async () => {
      const provider = fixture.provider();
      const { text, published } = await publishText(provider);
      for (const address of [published.url, provider.postUrl(published.id, 'contract_x')]) {
        expect(address.startsWith(`${url()}/${network}/`)).toBe(true);
        const page = await fetch(address);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await page.text()).toContain(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      }
      const gone = await fetch(provider.postUrl(`${published.id}9`));
      expect(gone.status).toBe(404);
    });

    it('publishes a post with an image', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      const text = uniqueText('With a picture');
      const published = await provider.publish(ref, {
        text,
        media: [{ bytes: await pngImage(), mimeType: 'image/png', altText: 'A blue square' }],
      });
      expect(await postsWithText(text)).toEqual([expect.objectContaining({ id: published.id, mediaCount: 1 })]);
    });

    it('deletes a post, and deleting it again is fine', async () => {
      const provider = fixture.provider();
      const { ref, text, published } = await publishText(provider);
      await provider.deletePost(ref, published.id);
      expect(await postsWithText(text)).toEqual([expect.objectContaining({ deleted: true })]);
      await expect(provider.deletePost(ref, published.id)).resolves.toBeUndefined();
    });

    it('lists the account’s recent posts, newest first, with the text as written', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      const first = await provider.publish(ref, { text: uniqueText('Older (first)'), media: [] });
      await advanceClock(url(), 60_000);
      const text = uniqueText('Newer [second] #contract');
      const second = await provider.publish(ref, { text, media: [] });
      const recent = await provider.recentPosts(ref, { limit: 10 });
      expect(recent.map((post) => post.id).slice(0, 2)).toEqual([second.id, first.id]);
      expect(recent[0]).toMatchObject({ text, url: provider.postUrl(second.id) });
    });

    it('reports metrics that grow as time passes, and leaves out deleted posts', async () => {
      const provider = fixture.provider();
      const { ref, organizationId } = await fixture.metricsAuthor();
      const published = await provider.publish(ref, { text: uniqueText('Measured'), media: [], organizationId });
      const deleted = await provider.publish(ref, { text: uniqueText('Soon gone'), media: [], organizationId });
      await provider.deletePost(ref, deleted.id);

      const early = await provider.metrics(ref, [published.id, deleted.id]);
      await advanceClock(url(), 3 * 86_400_000);
      // Three days on, an X access token has expired (2 h): the same persona connects again.
      const { ref: renewed } = await fixture.metricsAuthor();
      const later = await provider.metrics(renewed, [published.id, deleted.id]);

      expect(later.map((metrics) => metrics.postId)).toEqual([published.id]);
      expect(later[0]!.impressions).toBeGreaterThan(early[0]?.impressions ?? 0);
      const engagement = (metrics: (typeof later)[number] | undefined) =>
        (metrics?.likes ?? 0) + (metrics?.comments ?? 0) + (metrics?.shares ?? 0);
      expect(engagement(later[0])).toBeGreaterThanOrEqual(engagement(early[0]));
    });

    it(fixture.expectsOrganizations ? 'lists the pages an administrator manages' : 'has no organisations', async () => {
      const organizations = await fixture.provider().organizations(await fixture.organizationsAccount());
      if (!fixture.expectsOrganizations) {
        expect(organizations).toEqual([]);
        return;
      }
      expect(organizations.length).toBeGreaterThan(0);
      for (const organization of organizations) {
        expect(organization).toEqual({
          id: expect.stringMatching(/^\d+$/),
          name: expect.any(String),
          vanityName: expect.any(String),
          followerCount: expect.any(Number),
          // docs/networks.md, LinkedIn · Page logos: each sandbox page has a logo one can download.
          logoUrl: expect.stringMatching(/^https?:\/\//),
        });
      }
    });
  });

  describe(`${fixture.networkName} adapter: failures`, () => {
    it('a rate limit says when to try again', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      await injectFault(url(), { network, endpoint: fixture.endpoints.create, kind: 'rate_limit' });
      const error = await provider.publish(ref, { text: uniqueText(), media: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimited);
      expect((error as RateLimited).resetAt.getTime()).toBeGreaterThan(Date.now());
      expect((error as RateLimited).detail.status).toBe(429);
    });

    it('a server error on a create leaves the outcome unknown; on a read the network is unavailable', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      await injectFault(url(), { network, endpoint: fixture.endpoints.create, kind: 'server_error' });
      await expect(provider.publish(ref, { text: uniqueText(), media: [] })).rejects.toBeInstanceOf(OutcomeUnknown);
      await injectFault(url(), { network, endpoint: fixture.endpoints.read, kind: 'server_error' });
      await expect(provider.profile(ref.accessToken)).rejects.toBeInstanceOf(Unavailable);
    });

    it('a connection cut mid-call leaves a create unknown and a read unavailable', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      await injectFault(url(), { network, endpoint: fixture.endpoints.create, kind: 'connection_reset' });
      await expect(provider.publish(ref, { text: uniqueText(), media: [] })).rejects.toBeInstanceOf(OutcomeUnknown);
      await injectFault(url(), { network, endpoint: fixture.endpoints.read, kind: 'connection_reset' });
      await expect(provider.profile(ref.accessToken)).rejects.toBeInstanceOf(Unavailable);
    });

    it('a network that cannot be reached is unavailable, even for a create: nothing was sent', async () => {
      const { ref } = await fixture.account();
      const provider = fixture.provider({ apiBaseUrl: await refusedUrl() });
      await expect(provider.publish(ref, { text: uniqueText(), media: [] })).rejects.toBeInstanceOf(Unavailable);
    });

    it('a timeout after the post was created is an unknown outcome, and the post does exist', async () => {
      const provider = fixture.provider({ timeoutMs: 300 });
      const { ref } = await fixture.account();
      await injectFault(url(), { network, endpoint: fixture.endpoints.create, kind: 'timeout_after_create', holdMs: 2_000 });
      const text = uniqueText('Slow answer');
      const error = await provider.publish(ref, { text, media: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutcomeUnknown);
      expect((error as Error).message).toMatch(/may or may not have been published/);
      expect(await postsWithText(text)).toHaveLength(1);
    });

    it('the same text twice is a duplicate', async () => {
      const provider = fixture.provider();
      const { ref, text, published } = await publishText(provider);
      const error = await provider.publish(ref, { text, media: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Duplicate);
      expect((error as Duplicate).existingId).toBe(fixture.duplicateNamesExisting ? published.id : undefined);
      expect(await postsWithText(text)).toHaveLength(1);
    });

    it('a text over the network’s limit is refused with a reason a person can read', async () => {
      const provider = fixture.provider();
      const { ref } = await fixture.account();
      const error = await provider.publish(ref, { text: fixture.tooLongText, media: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Rejected);
      expect((error as Error).message).toMatch(new RegExp(`^${fixture.networkName} refused the post: .*(long|limit)`, 'i'));
      expect(await postsWithText(fixture.tooLongText)).toHaveLength(0);
    });

    it('an answer that breaks the documented shape is not trusted', async () => {
      const { ref } = await fixture.account();
      const create = fixture.provider({ fetch: fakeFetch(fixture.malformed.create) });
      const created = await create.publish(ref, { text: uniqueText(), media: [] }).catch((caught: unknown) => caught);
      expect(created).toBeInstanceOf(OutcomeUnknown);
      expect((created as Error).message).toMatch(/could not read/);
      const read = fixture.provider({ fetch: fakeFetch(fixture.malformed.profile) });
      await expect(read.profile(ref.accessToken)).rejects.toBeInstanceOf(Unavailable);
    });
  });
}
