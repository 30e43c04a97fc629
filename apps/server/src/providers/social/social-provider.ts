import type { Network } from '@postflow/contract';

/** The tokens a network granted, with their expiry as instants (undefined: the network gave none). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  accessExpiresAt: Date | undefined;
  refreshExpiresAt: Date | undefined;
  scopes: string[];
}

export interface NetworkProfile {
  /** X user id, or LinkedIn member id (`sub`). */
  id: string;
  username: string | undefined;
  displayName: string;
  avatarUrl: string | undefined;
  /** Only LinkedIn shares it (with the `email` scope), and only when verified. */
  email: string | undefined;
  followersCount: number | undefined;
}

/** The account a call acts for. */
export interface AccountRef {
  networkUserId: string;
  accessToken: string;
  /**
   * The scopes the network granted with this token, when known. Adapters skip calls a missing
   * scope would only have refused (LinkedIn member analytics); unknown means "try and see".
   */
  scopes?: string[] | undefined;
}

export interface MediaUpload {
  bytes: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'image/gif';
  altText?: string;
}

/** An MP4 checked from its bytes before scheduling (docs/networks.md, media limits of each network). */
export interface VideoUpload {
  bytes: Buffer;
  mimeType: 'video/mp4';
  durationMs: number;
  /** X: the media's alt text; LinkedIn: ignored (its video posts carry a title instead). */
  altText?: string;
  /** LinkedIn: the video's title shown with it. */
  title?: string;
}

/** A LinkedIn document (carousel) post's file: a PDF or PPTX checked from its bytes. */
export interface DocumentUpload {
  bytes: Buffer;
  mimeType: 'application/pdf' | 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  title: string;
}

/** A LinkedIn article share: the link card the person saw in the composer (docs/networks.md, LinkedIn · Article posts). */
export interface ArticleShare {
  url: string;
  title: string;
  description: string;
  /** The card's picture, fetched and re-encoded by our server. */
  thumbnail?: MediaUpload;
}

/**
 * One post for one channel. At most one kind of attachment is set: images (`media`, in order),
 * a video, a document or an article; the app refuses combinations before they get here.
 */
export interface PublishRequest {
  text: string;
  /** Images, in the order the person chose them. */
  media: MediaUpload[];
  video?: VideoUpload;
  /** LinkedIn only. */
  document?: DocumentUpload;
  /** LinkedIn only. */
  article?: ArticleShare;
  /** LinkedIn only: post as this organisation (numeric id) instead of the member. */
  organizationId?: string;
  /**
   * X only: the network id of the post this one answers (`reply.in_reply_to_tweet_id`), for part
   * k > 1 of a thread, which goes out only once part k − 1 is published (docs/networks.md, X · Threads).
   */
  inReplyTo?: string;
}

export interface PublishedPost {
  id: string;
  url: string;
}

export interface NetworkPost {
  id: string;
  text: string;
  createdAt: Date | undefined;
  url: string;
  /**
   * Whether the post carried media (X: `attachments.media_keys`; LinkedIn: `content.media` or
   * `content.multiImage`). Undefined when the network's answer does not say.
   */
  hasMedia: boolean | undefined;
  /** X: the post this one replies to (`referenced_tweets` of type `replied_to`), so a thread part is reconciled by its text and its parent. */
  inReplyTo?: string | undefined;
}

/** A comment the account wrote under a post (LinkedIn's first comment, docs/networks.md, LinkedIn · Comments). */
export interface NetworkComment {
  /** The comment's urn, as LinkedIn returns it. */
  id: string;
  text: string;
  createdAt: Date | undefined;
}

/**
 * Comments on the account's own posts: LinkedIn's `socialActions/{urn}/comments`. X has none (a
 * thread part is a post with `inReplyTo`), so its adapter leaves `comments` undefined.
 */
export interface NetworkComments {
  /** `postId` is the post's urn; `organizationId` comments as the page the post went out as. */
  create(account: AccountRef, request: { postId: string; text: string; organizationId?: string }): Promise<NetworkComment>;
  /** The comments the account (or the page) wrote under the post, newest first, for reconciling an unknown outcome. */
  list(account: AccountRef, request: { postId: string; organizationId?: string }): Promise<NetworkComment[]>;
  delete(account: AccountRef, request: { postId: string; commentId: string; organizationId?: string }): Promise<void>;
}

export interface PostMetrics {
  postId: string;
  impressions: number | undefined;
  likes: number;
  comments: number;
  shares: number;
  clicks: number | undefined;
}

/**
 * What a caller lets an adapter spend on calls made one per post (LinkedIn member impressions,
 * docs/networks.md, LinkedIn · Member post analytics), on top of the batched calls every metrics read makes. X makes no such
 * calls and ignores it. Without a budget the adapter reads every post it may.
 */
export interface PerPostCallBudget {
  /** Takes `calls` more from the account's allowance; false: refused, make no more such calls now. */
  spend(calls: number): Promise<boolean>;
  /** The posts worth a call of their own (undefined: all). The others' figures stay unknown. */
  worthACall?: ReadonlySet<string> | undefined;
}

export interface MetricsOptions {
  /** LinkedIn only: the posts are this organisation's (numeric id). */
  organizationId?: string;
  budget?: PerPostCallBudget;
}

export interface Organization {
  id: string;
  name: string;
  /** The page's address name (linkedin.com/company/<vanityName>), when LinkedIn gives it. */
  vanityName: string | undefined;
  followerCount: number | undefined;
  /** Where the page's logo can be downloaded, when it has one LinkedIn lets us read (docs/networks.md, LinkedIn · Page logos). */
  logoUrl: string | undefined;
}

/**
 * The port for a social network. One adapter per network (`x/`, `linkedin/`); both talk to the
 * real API or, with the sandbox's base URLs, to the sandbox. Every method throws only the errors
 * in `./errors`.
 */
export interface SocialProvider {
  readonly network: Network;
  /** True when this adapter points at the offline sandbox rather than the network. */
  readonly isSandbox: boolean;
  readonly redirectUri: string;

  authorizationUrl(request: { state: string; codeVerifier: string }): string;
  exchangeCode(request: { code: string; codeVerifier: string }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Best effort: networks without a revoke call resolve without doing anything. */
  revoke(token: string): Promise<void>;
  profile(accessToken: string): Promise<NetworkProfile>;

  publish(account: AccountRef, request: PublishRequest): Promise<PublishedPost>;
  deletePost(account: AccountRef, postId: string): Promise<void>;
  /** The account's newest posts (for reconciling an unknown outcome), newest first. */
  recentPosts(account: AccountRef, options?: { organizationId?: string; limit?: number }): Promise<NetworkPost[]>;
  /** Posts the network will not report on (deleted, or no permission) are left out. */
  metrics(account: AccountRef, postIds: string[], options?: MetricsOptions): Promise<PostMetrics[]>;
  /** LinkedIn: the pages the member administers. X: none. */
  organizations(account: AccountRef): Promise<Organization[]>;
  /** LinkedIn: comments under the account's posts. X: undefined. */
  readonly comments?: NetworkComments;
  /**
   * Where a person opens the post: on the network, or on the sandbox's public page for it. X puts
   * the author's handle in the address (`handle`, when known); LinkedIn's address is the post's urn.
   */
  postUrl(postId: string, handle?: string | null): string;
}
