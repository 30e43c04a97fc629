import { setTimeout as delay } from 'node:timers/promises';
import { Rejected } from '../errors';
import { createHttpClient, type HttpResponse } from '../http/http-client';
import { nodeFetch } from '../http/node-fetch';
import { parseJsonAnswer } from '../http/parse';
import type { AccountRef, NetworkPost, PostMetrics, PublishRequest, SocialProvider, TokenSet } from '../social-provider';
import { xApiError, xTokenError, type XCall } from './x-errors';
import { uploadXMedia, uploadXVideo, type XMediaContext } from './x-media';
import { xMetrics } from './x-metrics';
import { pkceChallengeS256 } from './pkce';
import { xTokenResponseSchema, xTweetCreatedSchema, xTweetDeletedSchema, xTweetListSchema, xUserMeSchema } from './x-schemas';

export interface XProviderOptions {
  clientId: string;
  /** Confidential clients ("Web App") authenticate with HTTP Basic; public clients have none. */
  clientSecret: string | undefined;
  /** `https://api.x.com`, or `${sandbox}/x`. */
  apiBaseUrl: string;
  /** Consent host: `https://x.com`, or `${sandbox}/x`. */
  authBaseUrl: string;
  isSandbox: boolean;
  redirectUri: string;
  scopes: string[];
  fetch?: typeof fetch | undefined;
  /** Per call (headers and body). Default 15 s. */
  timeoutMs?: number | undefined;
  /** Per media upload request. Default 60 s. */
  uploadTimeoutMs?: number | undefined;
  /** Give up on media X is still processing after waiting this long. Default 120 s. */
  mediaProcessingTimeoutMs?: number | undefined;
  /** Bytes per chunked-upload APPEND. Default 4 MiB (docs/networks.md, X · Media upload). */
  mediaChunkBytes?: number | undefined;
  now?: (() => Date) | undefined;
  /** How the adapter waits between STATUS polls; tests move the sandbox clock instead of sleeping. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export const X_DEFAULT_TIMEOUT_MS = 15_000;
const X_DEFAULT_UPLOAD_TIMEOUT_MS = 60_000;
const X_DEFAULT_PROCESSING_TIMEOUT_MS = 120_000;
/** docs/networks.md, X · Media limits: up to 4 images, or a single GIF, or a single video. */
const X_MAX_IMAGES = 4;
/** docs/networks.md, X · Reading posts and metrics: max_results is 5–100. */
const X_TIMELINE_MIN = 5;
const X_TIMELINE_MAX = 100;
/** How far back a timeline reaches (docs/networks.md, X · Reading posts and metrics). */
const X_TIMELINE_REACH = 3200;

const READ: XCall = { kind: 'read', subject: 'the request' };

/**
 * A post's public address on the consent host (`https://x.com`, or the sandbox's `/x`, which serves
 * such pages for its posts): docs/networks.md, X · Post addresses.
 */
export function xPostUrl(webBaseUrl: string, postId: string, username?: string | null): string {
  const id = encodeURIComponent(postId);
  return username ? `${webBaseUrl}/${encodeURIComponent(username)}/status/${id}` : `${webBaseUrl}/i/web/status/${id}`;
}

function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

export function createXProvider(options: XProviderOptions): SocialProvider {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? X_DEFAULT_TIMEOUT_MS;
  const http = createHttpClient({ networkName: 'X', fetch: options.fetch ?? nodeFetch, timeoutMs });
  const api = options.apiBaseUrl.replace(/\/+$/, '');
  const web = options.authBaseUrl.replace(/\/+$/, '');
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  async function xCall(accessToken: string, call: XCall, method: 'GET' | 'POST' | 'DELETE', path: string, json?: unknown) {
    const headers: Record<string, string> = bearer(accessToken);
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await http({
      method,
      url: `${api}${path}`,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      kind: call.kind,
    });
    return response;
  }

  /**
   * Every upload step is a `write`: a failure there is retryable, because nothing is posted until
   * POST /2/tweets, and an upload sent again only leaves an unused media id behind (docs/architecture.md, the life of a post).
   */
  function mediaContext(accessToken: string): XMediaContext {
    return {
      http,
      apiBaseUrl: api,
      accessToken,
      uploadTimeoutMs: options.uploadTimeoutMs ?? Math.max(X_DEFAULT_UPLOAD_TIMEOUT_MS, timeoutMs),
      processingTimeoutMs: options.mediaProcessingTimeoutMs ?? X_DEFAULT_PROCESSING_TIMEOUT_MS,
      chunkBytes: options.mediaChunkBytes,
      now,
      sleep: options.sleep ?? ((ms) => delay(ms)),
    };
  }

  function orThrow(response: HttpResponse, call: XCall): HttpResponse {
    if (!isSuccess(response)) throw xApiError(response, call, now());
    return response;
  }

  /** docs/networks.md, X · Token exchange, Token refresh: confidential clients send Basic auth; public ones name themselves in the form. */
  function clientAuth(form: Record<string, string>): { headers: Record<string, string>; body: URLSearchParams } {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (options.clientSecret !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    } else {
      form = { ...form, client_id: options.clientId };
    }
    return { headers, body: new URLSearchParams(form) };
  }

  async function tokenCall(form: Record<string, string>, grant: 'authorization_code' | 'refresh_token'): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: `${api}/2/oauth2/token`, ...clientAuth(form), kind: 'write' });
    if (!isSuccess(response)) throw xTokenError(response, grant, now());
    const tokens = parseJsonAnswer(xTokenResponseSchema, response, { networkName: 'X', kind: 'write' });
    const issuedAt = now().getTime();
    return {
      accessToken: tokens.access_token,
      // Rotation (docs/networks.md, X · Token refresh): every refresh returns a new refresh token and spends the old one.
      refreshToken: tokens.refresh_token,
      accessExpiresAt: tokens.expires_in === undefined ? undefined : new Date(issuedAt + tokens.expires_in * 1000),
      // X does not document an absolute refresh-token lifetime (docs/networks.md, X · Token refresh).
      refreshExpiresAt: undefined,
      scopes: tokens.scope === undefined ? [...options.scopes] : tokens.scope.split(/[\s,]+/).filter(Boolean),
    };
  }

  return {
    network: 'x',
    isSandbox: options.isSandbox,
    redirectUri: options.redirectUri,

    authorizationUrl({ state, codeVerifier }) {
      // docs/networks.md, X · OAuth consent: scope is space-separated and encoded as %20 (URLSearchParams would write "+").
      const params: [string, string][] = [
        ['response_type', 'code'],
        ['client_id', options.clientId],
        ['redirect_uri', options.redirectUri],
        ['scope', options.scopes.join(' ')],
        ['state', state],
        ['code_challenge', pkceChallengeS256(codeVerifier)],
        ['code_challenge_method', 'S256'],
      ];
      const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
      return `${options.authBaseUrl.replace(/\/+$/, '')}/i/oauth2/authorize?${query}`;
    },

    exchangeCode({ code, codeVerifier }) {
      return tokenCall(
        { code, grant_type: 'authorization_code', redirect_uri: options.redirectUri, code_verifier: codeVerifier },
        'authorization_code',
      );
    },

    refresh(refreshToken) {
      return tokenCall({ refresh_token: refreshToken, grant_type: 'refresh_token' }, 'refresh_token');
    },

    async revoke(token) {
      const response = await http({ method: 'POST', url: `${api}/2/oauth2/revoke`, ...clientAuth({ token }), kind: 'write' });
      // docs/networks.md, X · Token revocation: the answer body is not dependable. A 400 means the token is already invalid: nothing left to revoke.
      if (isSuccess(response) || response.status === 400) return;
      throw xTokenError(response, 'refresh_token', now());
    },

    async profile(accessToken) {
      const response = orThrow(await xCall(accessToken, READ, 'GET', '/2/users/me?user.fields=profile_image_url,public_metrics'), READ);
      const { data } = parseJsonAnswer(xUserMeSchema, response, { networkName: 'X', kind: 'read' });
      return {
        id: data.id,
        username: data.username,
        displayName: data.name,
        avatarUrl: data.profile_image_url,
        email: undefined,
        followersCount: data.public_metrics?.followers_count,
      };
    },

    async publish(account: AccountRef, request: PublishRequest) {
      const gifs = request.media.filter((media) => media.mimeType === 'image/gif').length;
      if (request.media.length > X_MAX_IMAGES || (gifs > 0 && request.media.length > 1)) {
        throw new Rejected('X refused the post: a post takes up to 4 images, or a single GIF.');
      }
      if (request.video && request.media.length > 0) {
        throw new Rejected('X refused the post: a post takes images or one video, not both.');
      }
      // An `article` is ignored: X draws its own card from the link in the text.
      if (request.document) throw new Rejected('X refused the post: X has no document posts; post the document on LinkedIn.');
      if (request.text.trim() === '' && request.media.length === 0 && !request.video) {
        throw new Rejected('X refused the post: it has neither text nor media.');
      }
      const media = mediaContext(account.accessToken);
      // One after the other, so the ids (and the images in the post) keep the order the person chose.
      const mediaIds: string[] = [];
      for (const image of request.media) mediaIds.push(await uploadXMedia(media, image));
      if (request.video) mediaIds.push(await uploadXVideo(media, request.video));
      const call: XCall = { kind: 'create', subject: request.inReplyTo ? 'the reply' : 'the post' };
      const body = {
        ...(request.text === '' ? {} : { text: request.text }),
        // docs/networks.md, X · Creating and deleting posts: media ids are strings; a number is refused.
        ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
        // docs/networks.md, X · Threads: part k > 1 of a thread answers part k − 1.
        ...(request.inReplyTo ? { reply: { in_reply_to_tweet_id: request.inReplyTo } } : {}),
      };
      const response = orThrow(await xCall(account.accessToken, call, 'POST', '/2/tweets', body), call);
      const { data } = parseJsonAnswer(xTweetCreatedSchema, response, { networkName: 'X', kind: 'create' });
      return { id: data.id, url: xPostUrl(web, data.id) };
    },

    async deletePost(account, postId) {
      const call: XCall = { kind: 'write', subject: 'the deletion' };
      const response = await xCall(account.accessToken, call, 'DELETE', `/2/tweets/${encodeURIComponent(postId)}`);
      // Deleting is idempotent for us: a post that is already gone is the outcome we wanted.
      if (response.status === 404) return;
      parseJsonAnswer(xTweetDeletedSchema, orThrow(response, call), { networkName: 'X', kind: 'write' });
    },

    async recentPosts(account, recentOptions = {}): Promise<NetworkPost[]> {
      // docs/networks.md, X · Reading posts and metrics: 5–100 per page; `meta.next_token` pages back through the newest 3,200.
      const limit = Math.max(1, Math.min(recentOptions.limit ?? 20, X_TIMELINE_REACH));
      const posts: NetworkPost[] = [];
      let next: string | undefined;
      do {
        const pageSize = Math.max(X_TIMELINE_MIN, Math.min(X_TIMELINE_MAX, limit - posts.length));
        const path = `/2/users/${encodeURIComponent(account.networkUserId)}/tweets?max_results=${pageSize}&tweet.fields=created_at,attachments,referenced_tweets${next ? `&pagination_token=${encodeURIComponent(next)}` : ''}`;
        const response = orThrow(await xCall(account.accessToken, READ, 'GET', path), READ);
        const list = parseJsonAnswer(xTweetListSchema, response, { networkName: 'X', kind: 'read' });
        for (const tweet of list.data ?? []) {
          posts.push({
            id: tweet.id,
            text: tweet.text,
            createdAt: tweet.created_at === undefined ? undefined : new Date(tweet.created_at),
            url: xPostUrl(web, tweet.id),
            // `attachments` was asked for, so its absence means the post had no media.
            hasMedia: (tweet.attachments?.media_keys?.length ?? 0) > 0,
            // `referenced_tweets` was asked for too: a post without a `replied_to` entry answers nothing.
            inReplyTo: tweet.referenced_tweets?.find((reference) => reference.type === 'replied_to')?.id,
          });
        }
        next = list.meta?.next_token;
      } while (next && posts.length < limit);
      return posts.slice(0, limit);
    },

    metrics(account, postIds): Promise<PostMetrics[]> {
      return xMetrics(postIds, async (path) => {
        const response = orThrow(await xCall(account.accessToken, READ, 'GET', path), READ);
        return parseJsonAnswer(xTweetListSchema, response, { networkName: 'X', kind: 'read' });
      });
    },

    async organizations() {
      return [];
    },

    postUrl: (postId, handle) => xPostUrl(web, postId, handle),
  };
}
