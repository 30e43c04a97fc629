import { setTimeout as delay } from 'node:timers/promises';
import { escapeLittleText, LINKEDIN_MAX_LENGTH, littleTextLength, unescapeLittleText } from '@postflow/contract';
import { Rejected } from '../errors';
import { createHttpClient, type HttpResponse } from '../http/http-client';
import { nodeFetch } from '../http/node-fetch';
import { parseAnswer, parseJsonAnswer } from '../http/parse';
import type { AccountRef, MetricsOptions, NetworkPost, Organization, PublishRequest, SocialProvider, TokenSet } from '../social-provider';
import { isAccessDenied, linkedInApiError, linkedInTokenError, type LinkedInCall } from './linkedin-errors';
import { linkedInArticle } from './linkedin-article';
import { linkedInComments } from './linkedin-comments';
import { uploadLinkedInDocument } from './linkedin-documents';
import { uploadLinkedInImage } from './linkedin-images';
import type { LinkedInUploadContext } from './linkedin-uploads';
import { uploadLinkedInVideo } from './linkedin-videos';
import { linkedInMetrics, LINKEDIN_BATCH } from './linkedin-metrics';
import { logoImageUrn, readLogoUrls } from './linkedin-logos';
import {
  batchSchema,
  linkedInNetworkSizeSchema,
  linkedInOrganizationAclsSchema,
  linkedInOrganizationSchema,
  linkedInPostListSchema,
  linkedInPostUrnSchema,
  linkedInTokenResponseSchema,
  linkedInUserInfoSchema,
} from './linkedin-schemas';
import { encodeKey, linkedInPostUrl, organizationIdOf, organizationUrn, personUrn, restliList } from './restli';

export interface LinkedInProviderOptions {
  clientId: string;
  clientSecret: string | undefined;
  /** `https://api.linkedin.com`, or `${sandbox}/linkedin`. */
  apiBaseUrl: string;
  /** OAuth host: `https://www.linkedin.com`, or `${sandbox}/linkedin`. */
  authBaseUrl: string;
  isSandbox: boolean;
  redirectUri: string;
  scopes: string[];
  /** `LinkedIn-Version` of every `/rest/*` call, YYYYMM (docs/networks.md, LinkedIn · Rest.li conventions). */
  version: string;
  fetch?: typeof fetch | undefined;
  /** Per call (headers and body). Default 15 s. */
  timeoutMs?: number | undefined;
  /** Per upload request (an image, a video part, a document). Default 60 s. */
  uploadTimeoutMs?: number | undefined;
  /** Give up on a video or document LinkedIn is still processing after waiting this long. Default 120 s. */
  mediaProcessingTimeoutMs?: number | undefined;
  /** Between two reads of a video's or document's status. Default 2 s. */
  mediaPollIntervalMs?: number | undefined;
  now?: (() => Date) | undefined;
  /** How the adapter waits between status reads; tests move the sandbox clock instead of sleeping. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export const LINKEDIN_DEFAULT_TIMEOUT_MS = 15_000;
const LINKEDIN_DEFAULT_UPLOAD_TIMEOUT_MS = 60_000;
const LINKEDIN_DEFAULT_PROCESSING_TIMEOUT_MS = 120_000;
const LINKEDIN_DEFAULT_POLL_INTERVAL_MS = 2_000;
/** docs/networks.md, LinkedIn · Creating a post: one image in `content.media`, 2–20 in `content.multiImage`. */
const LINKEDIN_MAX_IMAGES = 20;
/** docs/networks.md, LinkedIn · Image upload: alt text is at most 4,086 characters. */
const LINKEDIN_MAX_ALT_TEXT = 4086;
const LINKEDIN_MAX_PAGE = 100;

const READ: LinkedInCall = { kind: 'read', subject: 'the request' };

function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function urnFromLocation(location: string | null): string | undefined {
  const last = location?.split('?')[0]?.split('/').pop();
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

export function createLinkedInProvider(options: LinkedInProviderOptions): SocialProvider {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? LINKEDIN_DEFAULT_TIMEOUT_MS;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? Math.max(LINKEDIN_DEFAULT_UPLOAD_TIMEOUT_MS, timeoutMs);
  const http = createHttpClient({ networkName: 'LinkedIn', fetch: options.fetch ?? nodeFetch, timeoutMs });
  const api = options.apiBaseUrl.replace(/\/+$/, '');
  const auth = options.authBaseUrl.replace(/\/+$/, '');

  /** docs/networks.md, LinkedIn · Rest.li conventions: every versioned call names the version and the Rest.li protocol. */
  const restHeaders = (accessToken: string): Record<string, string> => ({
    authorization: `Bearer ${accessToken}`,
    'linkedin-version': options.version,
    'x-restli-protocol-version': '2.0.0',
  });

  async function rest(
    accessToken: string,
    call: LinkedInCall,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    extra: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResponse> {
    const headers = { ...restHeaders(accessToken), ...extra.headers };
    if (extra.json !== undefined) headers['content-type'] = 'application/json';
    return http({
      method,
      url: `${api}${path}`,
      headers,
      body: extra.json === undefined ? undefined : JSON.stringify(extra.json),
      kind: call.kind,
    });
  }

  function orThrow(response: HttpResponse, call: LinkedInCall): HttpResponse {
    if (!isSuccess(response)) throw linkedInApiError(response, call, now());
    return response;
  }

  /** docs/networks.md, LinkedIn · Token exchange, Token refresh: the client secret goes in the form body; no Basic auth, no PKCE for web apps. */
  async function tokenCall(form: Record<string, string>, grant: 'authorization_code' | 'refresh_token'): Promise<TokenSet> {
    const response = await http({
      method: 'POST',
      url: `${auth}/oauth/v2/accessToken`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: options.clientId, client_secret: options.clientSecret ?? '' }),
      kind: 'write',
    });
    if (!isSuccess(response)) throw linkedInTokenError(response, grant, now());
    const tokens = parseJsonAnswer(linkedInTokenResponseSchema, response, { networkName: 'LinkedIn', kind: 'write' });
    const issuedAt = now().getTime();
    return {
      accessToken: tokens.access_token,
      // Only apps approved for programmatic refresh get one; it is not rotated (docs/networks.md, LinkedIn · Token refresh).
      refreshToken: tokens.refresh_token,
      accessExpiresAt: new Date(issuedAt + tokens.expires_in * 1000),
      refreshExpiresAt:
        tokens.refresh_token_expires_in === undefined ? undefined : new Date(issuedAt + tokens.refresh_token_expires_in * 1000),
      // Documented space-delimited, observed comma-separated (docs/networks.md, LinkedIn · Token exchange).
      scopes: tokens.scope === undefined ? [...options.scopes] : tokens.scope.split(/[\s,]+/).filter(Boolean),
    };
  }

  const trustedUploadHosts = [hostOf(api), hostOf(auth)].filter((host): host is string => host !== undefined);

  /**
   * Upload steps are `write` calls: a failure there is retryable, because nothing is posted until POST /rest/posts, and an
   * upload sent again only leaves an unused image, video or document behind (docs/architecture.md, the life of a post).
   */
  function uploadContext(accessToken: string): LinkedInUploadContext {
    return {
      http,
      apiBaseUrl: api,
      trustedUploadHosts,
      restHeaders,
      accessToken,
      uploadTimeoutMs,
      now,
      processingTimeoutMs: options.mediaProcessingTimeoutMs ?? LINKEDIN_DEFAULT_PROCESSING_TIMEOUT_MS,
      pollIntervalMs: options.mediaPollIntervalMs ?? LINKEDIN_DEFAULT_POLL_INTERVAL_MS,
      sleep: options.sleep ?? ((ms) => delay(ms)),
    };
  }

  return {
    network: 'linkedin',
    isSandbox: options.isSandbox,
    redirectUri: options.redirectUri,

    authorizationUrl({ state }) {
      // docs/networks.md, LinkedIn · OAuth consent: no PKCE for web apps, so the verifier is not used. Scopes are space-delimited (%20).
      const params: [string, string][] = [
        ['response_type', 'code'],
        ['client_id', options.clientId],
        ['redirect_uri', options.redirectUri],
        ['state', state],
        ['scope', options.scopes.join(' ')],
      ];
      return `${auth}/oauth/v2/authorization?${params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
    },

    exchangeCode({ code }) {
      return tokenCall({ grant_type: 'authorization_code', code, redirect_uri: options.redirectUri }, 'authorization_code');
    },

    refresh(refreshToken) {
      return tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'refresh_token');
    },

    async revoke(token) {
      // LinkedIn documents no revoke for 3-legged tokens (docs/networks.md, LinkedIn · Token revocation); the sandbox serves
      // POST /oauth/v2/revoke {client_id, client_secret, token}, as LinkedIn's newer docs describe.
      // Best effort: a 4xx (unknown token, or no such endpoint) means there is nothing left to revoke.
      const response = await http({
        method: 'POST',
        url: `${auth}/oauth/v2/revoke`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret ?? '', token }),
        kind: 'write',
      });
      if (isSuccess(response) || (response.status >= 400 && response.status < 500 && response.status !== 429)) return;
      throw linkedInApiError(response, { kind: 'write', subject: 'the revocation' }, now());
    },

    async profile(accessToken) {
      // docs/networks.md, LinkedIn · Member profile: unversioned, so no LinkedIn-Version header.
      const response = await http({
        method: 'GET',
        url: `${api}/v2/userinfo`,
        headers: { authorization: `Bearer ${accessToken}` },
        kind: 'read',
      });
      const info = parseJsonAnswer(linkedInUserInfoSchema, orThrow(response, READ), { networkName: 'LinkedIn', kind: 'read' });
      const displayName = info.name ?? [info.given_name, info.family_name].filter(Boolean).join(' ');
      return {
        id: info.sub,
        username: undefined,
        displayName: displayName || info.sub,
        avatarUrl: info.picture,
        email: info.email_verified === true || info.email_verified === 'true' ? info.email : undefined,
        followersCount: undefined,
      };
    },

    async publish(account: AccountRef, request: PublishRequest) {
      const commentary = escapeLittleText(request.text);
      const length = littleTextLength(commentary);
      if (length > LINKEDIN_MAX_LENGTH) {
        throw new Rejected(
          `LinkedIn refused the post: it is ${length.toLocaleString('en-US')} characters once LinkedIn's special characters are escaped, over the ${LINKEDIN_MAX_LENGTH.toLocaleString('en-US')} limit.`,
        );
      }
      if (request.media.length > LINKEDIN_MAX_IMAGES) {
        throw new Rejected(`LinkedIn refused the post: a post takes up to ${LINKEDIN_MAX_IMAGES} images.`);
      }
      const attachments = [
        request.media.length > 0,
        request.video !== undefined,
        request.document !== undefined,
        request.article !== undefined,
      ].filter(Boolean);
      // docs/networks.md, LinkedIn · Article posts: a post carries one kind of content, so a link card goes without pictures.
      if (request.article && request.media.length > 0) {
        throw new Rejected('LinkedIn refused the post: a post with pictures cannot also carry a link card.');
      }
      if (attachments.length > 1) {
        throw new Rejected('LinkedIn refused the post: a post takes images, one video, one document or one link card, not several kinds.');
      }
      if (commentary === '' && attachments.length === 0) {
        throw new Rejected('LinkedIn refused the post: it has neither text nor an attachment.');
      }
      const author = request.organizationId ? organizationUrn(request.organizationId) : personUrn(account.networkUserId);
      const uploads = uploadContext(account.accessToken);

      // One after the other, so `multiImage` keeps the order the person chose.
      const images: { id: string; altText?: string }[] = [];
      for (const media of request.media) {
        const id = await uploadLinkedInImage(uploads, author, media);
        images.push(media.altText ? { id, altText: [...media.altText].slice(0, LINKEDIN_MAX_ALT_TEXT).join('') } : { id });
      }
      let content: Record<string, unknown> | undefined;
      if (images.length === 1) content = { media: images[0] };
      if (images.length > 1) content = { multiImage: { images } };
      if (request.video) {
        // docs/networks.md, LinkedIn · Creating a post: a video goes in `content.media` with an optional title.
        const id = await uploadLinkedInVideo(uploads, author, request.video);
        content = { media: { id, ...(request.video.title ? { title: request.video.title } : {}) } };
      }
      if (request.document) {
        // docs/networks.md, LinkedIn · Document upload: a document post needs its title.
        const id = await uploadLinkedInDocument(uploads, author, request.document);
        content = { media: { id, title: request.document.title } };
      }
      if (request.article) {
        content = { article: await linkedInArticle(request.article, (thumbnail) => uploadLinkedInImage(uploads, author, thumbnail)) };
      }

      const call: LinkedInCall = { kind: 'create', subject: 'the post' };
      const body = {
        author,
        commentary,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        ...(content ? { content } : {}),
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      };
      const response = orThrow(await rest(account.accessToken, call, 'POST', '/rest/posts', { json: body }), call);
      // docs/networks.md, LinkedIn · Creating a post: 201 with an empty body; the id is in the x-restli-id header (some clients read Location).
      const urn = parseAnswer(
        linkedInPostUrnSchema,
        response.headers.get('x-restli-id') ?? urnFromLocation(response.headers.get('location')),
        {
          networkName: 'LinkedIn',
          kind: 'create',
          response,
        },
      );
      return { id: urn, url: linkedInPostUrl(auth, urn) };
    },

    async deletePost(account, postId) {
      const call: LinkedInCall = { kind: 'write', subject: 'the deletion' };
      // docs/networks.md, LinkedIn · Deleting a post: X-RestLi-Method is required for DELETE; deleting is idempotent (204 again). A 404
      // also means the post is gone, which is what we wanted.
      const response = await rest(account.accessToken, call, 'DELETE', `/rest/posts/${encodeKey(postId)}`, {
        headers: { 'x-restli-method': 'DELETE' },
      });
      if (response.status === 404) return;
      orThrow(response, call);
    },

    async recentPosts(account, recentOptions = {}): Promise<NetworkPost[]> {
      const author = recentOptions.organizationId ? organizationUrn(recentOptions.organizationId) : personUrn(account.networkUserId);
      const limit = Math.max(1, Math.min(recentOptions.limit ?? 20, LINKEDIN_MAX_PAGE * 10));
      const posts: NetworkPost[] = [];
      // docs/networks.md, LinkedIn · Rest.li conventions: Rest.li paging with `start` and `count`; a short page is the last one.
      for (let start = 0; posts.length < limit; start += LINKEDIN_MAX_PAGE) {
        const count = Math.min(LINKEDIN_MAX_PAGE, limit - posts.length);
        const path = `/rest/posts?q=author&author=${encodeKey(author)}&count=${count}&start=${start}&sortBy=LAST_MODIFIED`;
        const response = orThrow(await rest(account.accessToken, READ, 'GET', path), READ);
        const { elements } = parseJsonAnswer(linkedInPostListSchema, response, { networkName: 'LinkedIn', kind: 'read' });
        for (const post of elements) {
          const created = post.publishedAt ?? post.createdAt;
          posts.push({
            id: post.id,
            // Commentary comes back as little text: give the text as the person wrote it.
            text: unescapeLittleText(post.commentary ?? ''),
            createdAt: created === undefined ? undefined : new Date(created),
            url: linkedInPostUrl(auth, post.id),
            // docs/networks.md, LinkedIn · Reading posts: images (or a video, a document) come back in `content` as they were posted.
            hasMedia: post.content?.media != null || post.content?.multiImage != null,
          });
        }
        if (elements.length < count) break;
      }
      return posts.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0)).slice(0, limit);
    },

    metrics(account, postIds, metricsOptions: MetricsOptions = {}) {
      const { organizationId, budget } = metricsOptions;
      return linkedInMetrics(
        {
          get: (path) => rest(account.accessToken, READ, 'GET', path),
          now,
          scopes: account.scopes,
          version: options.version,
          spend: budget ? (calls) => budget.spend(calls) : undefined,
        },
        postIds,
        { ...(organizationId ? { organizationId } : {}), worthACall: budget?.worthACall },
      );
    },

    async organizations(account): Promise<Organization[]> {
      // docs/networks.md, LinkedIn · Organisation pages: the pages the member administers. Without the Community Management scopes LinkedIn
      // answers 403: the member simply has no pages we can post as.
      const aclPath = `/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=0&count=${LINKEDIN_MAX_PAGE}`;
      const aclResponse = await rest(account.accessToken, READ, 'GET', aclPath);
      if (isAccessDenied(aclResponse)) return [];
      const { elements } = parseJsonAnswer(linkedInOrganizationAclsSchema, orThrow(aclResponse, READ), {
        networkName: 'LinkedIn',
        kind: 'read',
      });
      const ids = [
        ...new Set(
          elements
            .filter((acl) => (acl.role ?? 'ADMINISTRATOR') === 'ADMINISTRATOR' && (acl.state ?? 'APPROVED') === 'APPROVED')
            .map((acl) => organizationIdOf(acl.organization))
            .filter((id): id is string => id !== undefined),
        ),
      ];
      if (ids.length === 0) return [];

      // docs/networks.md, LinkedIn · Organisation pages: names by BATCH_GET (decoration is deprecated in versioned APIs).
      const names = new Map<string, string>();
      const vanityNames = new Map<string, string>();
      const logos = new Map<string, string>();
      for (let start = 0; start < ids.length; start += LINKEDIN_BATCH) {
        const chunk = ids.slice(start, start + LINKEDIN_BATCH);
        const response = await rest(account.accessToken, READ, 'GET', `/rest/organizations?ids=${restliList(chunk)}`);
        if (isAccessDenied(response)) return [];
        const batch = parseJsonAnswer(batchSchema(linkedInOrganizationSchema), orThrow(response, READ), {
          networkName: 'LinkedIn',
          kind: 'read',
        });
        for (const organization of Object.values(batch.results)) {
          const name = organization.localizedName ?? Object.values(organization.name?.localized ?? {})[0] ?? organization.vanityName;
          if (name) names.set(String(organization.id), name);
          if (organization.vanityName) vanityNames.set(String(organization.id), organization.vanityName);
          const logo = logoImageUrn(organization.logoV2);
          if (logo) logos.set(String(organization.id), logo);
        }
      }
      // docs/networks.md, LinkedIn · Page logos: one more call for every page's logo, only when a page has one.
      const logoUrls = logos.size
        ? await readLogoUrls((path) => rest(account.accessToken, READ, 'GET', path), [...logos.values()], new URL(api).origin)
        : new Map();

      // docs/networks.md, LinkedIn · Organisation pages: follower counts, one call per page; a page we may not count still appears.
      const organizations: Organization[] = [];
      for (const id of ids) {
        const response = await rest(
          account.accessToken,
          READ,
          'GET',
          `/rest/networkSizes/${encodeKey(organizationUrn(id))}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
        );
        let followerCount: number | undefined;
        if (isSuccess(response)) {
          followerCount = parseJsonAnswer(linkedInNetworkSizeSchema, response, { networkName: 'LinkedIn', kind: 'read' }).firstDegreeSize;
        } else if (response.status >= 500 || response.status === 401 || response.status === 429) {
          throw linkedInApiError(response, READ, now());
        }
        const logo = logos.get(id);
        organizations.push({
          id,
          name: names.get(id) ?? `Organization ${id}`,
          vanityName: vanityNames.get(id),
          followerCount,
          logoUrl: logo ? logoUrls.get(logo) : undefined,
        });
      }
      return organizations;
    },

    comments: linkedInComments({ rest, now }),

    postUrl: (postId) => linkedInPostUrl(auth, postId),
  };
}
