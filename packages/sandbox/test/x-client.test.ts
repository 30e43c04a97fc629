import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiResponseError, type TwitterApi } from 'twitter-api-v2';
import { DEFAULT_X_CLIENT_ID, DEFAULT_X_CLIENT_SECRET } from '../src/index';
import { consent, json, manualClock, startSandbox, type RunningSandbox } from './helpers/sandbox';
import { twitterClient } from './helpers/twitter';

const REDIRECT = 'http://localhost:8080/auth/x/callback';
const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];
// A tiny valid PNG (1×1).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('twitter-api-v2 against the sandbox (only the base URL changed)', () => {
  const clock = manualClock();
  let running: RunningSandbox;
  let user: TwitterApi;
  let refreshToken: string;

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now });
  });
  afterAll(async () => {
    await running.close();
  });

  function appClient() {
    return twitterClient(running.url, { clientId: DEFAULT_X_CLIENT_ID, clientSecret: DEFAULT_X_CLIENT_SECRET });
  }

  it('completes the OAuth 2.0 PKCE flow through the consent page', async () => {
    const link = appClient().generateOAuth2AuthLink(REDIRECT, { scope: SCOPES });
    expect(link.url.startsWith(`${running.url}/x/i/oauth2/authorize?`)).toBe(true);
    const callback = await consent(link.url, { newPersona: 'pkce_tester' });
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(link.state);

    const login = await appClient().loginWithOAuth2({
      code: callback.searchParams.get('code') ?? '',
      codeVerifier: link.codeVerifier,
      redirectUri: REDIRECT,
    });
    expect(login.expiresIn).toBe(7200);
    expect(login.scope.sort()).toEqual([...SCOPES].sort());
    expect(login.refreshToken).toBeTruthy();
    user = login.client;
    refreshToken = login.refreshToken ?? '';

    const me = await user.v2.me({ 'user.fields': ['public_metrics', 'created_at', 'profile_image_url'] });
    expect(me.data.username).toBe('pkce_tester');
    expect(me.data.public_metrics?.followers_count).toBeGreaterThan(0);
    expect(me.data.profile_image_url).toContain(`${running.url}/_sandbox/avatars/x/`);
  });

  it('rotates refresh tokens and refuses a spent one with X’s body', async () => {
    const first = await appClient().refreshOAuth2Token(refreshToken);
    expect(first.refreshToken).toBeTruthy();
    expect(first.refreshToken).not.toBe(refreshToken);
    expect((await first.client.v2.me()).data.username).toBe('pkce_tester');

    const spent = await appClient()
      .refreshOAuth2Token(refreshToken)
      .catch((error: unknown) => error);
    expect(spent).toBeInstanceOf(ApiResponseError);
    expect((spent as ApiResponseError).code).toBe(400);
    // twitter-api-v2 adds its own `errors` entry to OAuth-style bodies; the wire body is X's.
    expect((spent as ApiResponseError).data).toMatchObject({
      error: 'invalid_request',
      error_description: 'Value passed for the token was invalid.',
    });
    const second = await appClient().refreshOAuth2Token(first.refreshToken ?? '');
    user = second.client;
    refreshToken = second.refreshToken ?? '';
  });

  it('posts, reads back with rate-limit info, and rejects duplicates with 403', async () => {
    const created = await user.v2.tweet('Hello from the sandbox #testing');
    expect(created.data.text).toBe('Hello from the sandbox #testing');
    expect(created.data.id).toMatch(/^\d{15,19}$/);

    const full = await user.v2.get('users/me', undefined, { fullResponse: true });
    expect(full.rateLimit?.limit).toBe(75);
    expect(full.rateLimit?.remaining).toBeLessThan(75);
    expect(full.rateLimit?.reset).toBeGreaterThan(Math.floor(clock.now() / 1000));

    const duplicate = await user.v2.tweet('Hello from the sandbox #testing').catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(ApiResponseError);
    expect((duplicate as ApiResponseError).code).toBe(403);
    expect((duplicate as ApiResponseError).data).toEqual({
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    const posted = await json<{ posts: Array<{ text: string }> }>(await fetch(`${running.url}/_sandbox/x/posts?username=pkce_tester`));
    expect(posted.posts.filter((post) => post.text === 'Hello from the sandbox #testing')).toHaveLength(1);
  });

  it('uploads media with the client helper and attaches it', async () => {
    const mediaId = await user.v2.uploadMedia(PNG, { media_type: 'image/png' });
    expect(mediaId).toMatch(/^\d+$/);
    await user.v2.createMediaMetadata(mediaId, { alt_text: { text: 'A single pixel' } });
    const tweet = await user.v2.tweet({ text: 'With a picture', media: { media_ids: [mediaId] } });
    const lookup = await user.v2.singleTweet(tweet.data.id, {
      'tweet.fields': ['attachments'],
      expansions: ['attachments.media_keys'],
      'media.fields': ['alt_text'],
    });
    expect(lookup.data.attachments?.media_keys).toHaveLength(1);
    expect(lookup.includes?.media?.[0]?.alt_text).toBe('A single pixel');
  });

  it('lists the user timeline newest first and paginates', async () => {
    const me = await user.v2.me();
    for (let i = 0; i < 6; i++) {
      clock.advance(1000);
      await user.v2.tweet(`Timeline post number ${i}`);
    }
    const timeline = await user.v2.userTimeline(me.data.id, { max_results: 5, 'tweet.fields': ['created_at'] });
    const firstPage = timeline.tweets.map((tweet) => tweet.text);
    expect(firstPage[0]).toBe('Timeline post number 5');
    expect(firstPage).toHaveLength(5);
    const next = await timeline.next();
    expect(next.tweets.map((tweet) => tweet.text)).not.toContain('Timeline post number 5');
    expect(next.tweets.length).toBeGreaterThan(0);
  });

  it('exposes private metrics to the author only, and metrics grow with the clock', async () => {
    const tweet = await user.v2.tweet('Metrics should grow over time');
    const fields = { 'tweet.fields': ['public_metrics', 'non_public_metrics', 'organic_metrics'] as const };
    const early = await user.v2.tweets([tweet.data.id], { 'tweet.fields': [...fields['tweet.fields']] });
    running.sandbox.clock.advance(6 * 3_600_000);
    // The 2-hour access token has expired by now; the refresh token still works.
    expect(((await user.v2.me().catch((error: unknown) => error)) as ApiResponseError).code).toBe(401);
    const refreshed = await appClient().refreshOAuth2Token(refreshToken);
    user = refreshed.client;
    refreshToken = refreshed.refreshToken ?? '';
    const later = await user.v2.tweets([tweet.data.id], { 'tweet.fields': [...fields['tweet.fields']] });
    const before = early.data[0]?.public_metrics?.impression_count ?? 0;
    const after = later.data[0]?.public_metrics?.impression_count ?? 0;
    expect(after).toBeGreaterThan(before);
    expect(later.data[0]?.non_public_metrics?.impression_count).toBe(after);
    expect(later.data[0]?.organic_metrics?.like_count).toBe(later.data[0]?.public_metrics?.like_count);

    const other = twitterClient(
      running.url,
      (
        await json<{ access_token: string }>(
          await fetch(`${running.url}/_sandbox/x/tokens`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'someone_else' }),
          }),
        )
      ).access_token,
    );
    const foreign = await other.v2.tweets([tweet.data.id], { 'tweet.fields': ['non_public_metrics'] });
    expect(foreign.data ?? []).toHaveLength(0);
    expect(foreign.errors?.[0]?.type).toMatch(/\/2\/problems\/not-authorized-for-field$/);
    const publicOnly = await other.v2.tweets([tweet.data.id], { 'tweet.fields': ['public_metrics'] });
    expect(publicOnly.data[0]?.public_metrics?.impression_count).toBe(after);
  });

  it('deletes a post; it disappears from lookups but stays on the admin list marked deleted', async () => {
    const tweet = await user.v2.tweet('Short-lived post');
    const deleted = await user.v2.deleteTweet(tweet.data.id);
    expect(deleted.data.deleted).toBe(true);
    const lookup = await user.v2.tweets([tweet.data.id]);
    expect(lookup.errors?.[0]?.type).toMatch(/\/2\/problems\/resource-not-found$/);
    const posts = await json<{ posts: Array<{ id: string; deleted: boolean }> }>(await fetch(`${running.url}/_sandbox/x/posts`));
    expect(posts.posts.find((post) => post.id === tweet.data.id)?.deleted).toBe(true);
  });

  it('revokes an access token', async () => {
    const token = await json<{ access_token: string }>(
      await fetch(`${running.url}/_sandbox/x/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'revoke_me' }),
      }),
    );
    await appClient().revokeOAuth2Token(token.access_token, 'access_token');
    const error = await twitterClient(running.url, token.access_token)
      .v2.me()
      .catch((e: unknown) => e);
    expect((error as ApiResponseError).code).toBe(401);
  });
});
