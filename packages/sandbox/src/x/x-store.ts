export interface XUser {
  id: string;
  username: string;
  name: string;
  description: string;
  /** Shown as `created_at`: a past date, like a real account's. */
  createdAt: number;
  /** When the sandbox first saw the persona: follower growth starts here. */
  addedAt: number;
  baseFollowers: number;
  following: number;
  listed: number;
}

export interface XAuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  codeChallenge: string;
  codeChallengeMethod: 'S256' | 'plain';
  expiresAt: number;
  used: boolean;
}

export interface XAccessToken {
  token: string;
  userId: string;
  clientId: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
  familyId: string;
}

export interface XRefreshToken {
  token: string;
  userId: string;
  clientId: string;
  scopes: string[];
  issuedAt: number;
  spent: boolean;
  revoked: boolean;
  familyId: string;
}

export type XMediaCategory =
  'amplify_video' | 'tweet_gif' | 'tweet_image' | 'tweet_video' | 'dm_gif' | 'dm_image' | 'dm_video' | 'subtitles';

export interface XMedia {
  id: string;
  mediaKey: string;
  ownerId: string;
  additionalOwners: string[];
  mediaType: string;
  category: XMediaCategory;
  totalBytes: number;
  segments: Record<string, number>;
  createdAt: number;
  expiresAt: number;
  finalizedAt?: number;
  /** Video and GIF go through pending → in_progress → succeeded after FINALIZE (docs/networks.md, X · Media upload). */
  needsProcessing: boolean;
  /** The first bytes of segment 0, base64: enough to tell an MP4 (`ftyp` box) from something else. */
  head?: string;
  /** Set at FINALIZE when processing will fail (not an MP4, or a `processing_failed` fault): STATUS reports it. */
  processingError?: { code: number; name: string; message: string };
  altText?: string;
}

export interface XTweet {
  id: string;
  authorId: string;
  clientId: string;
  text: string;
  createdAt: number;
  receivedAt: number;
  /** The real instant it arrived, without the admin clock's offset (absent in state saved before it existed). */
  arrivedAt?: number;
  mediaIds: string[];
  replyToId?: string;
  inReplyToUserId?: string;
  quoteTweetId?: string;
  conversationId: string;
  deleted: boolean;
  deletedAt?: number;
}

export interface XStore {
  users: Map<string, XUser>;
  userIdsByUsername: Map<string, string>;
  codes: Map<string, XAuthCode>;
  accessTokens: Map<string, XAccessToken>;
  refreshTokens: Map<string, XRefreshToken>;
  tweets: Map<string, XTweet>;
  /** Oldest first; timelines read it backwards. */
  tweetIdsByAuthor: Map<string, string[]>;
  /** author + text → latest tweet id with that text, for the duplicate rule. */
  latestTweetByText: Map<string, string>;
  media: Map<string, XMedia>;
}

export function createXStore(): XStore {
  return {
    users: new Map(),
    userIdsByUsername: new Map(),
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    tweets: new Map(),
    tweetIdsByAuthor: new Map(),
    latestTweetByText: new Map(),
    media: new Map(),
  };
}

export function duplicateKey(authorId: string, text: string): string {
  return `${authorId}\u0000${text}`;
}

export function addUser(store: XStore, user: XUser): void {
  store.users.set(user.id, user);
  store.userIdsByUsername.set(user.username.toLowerCase(), user.id);
}

export function addTweet(store: XStore, tweet: XTweet): void {
  store.tweets.set(tweet.id, tweet);
  let ids = store.tweetIdsByAuthor.get(tweet.authorId);
  if (!ids) {
    ids = [];
    store.tweetIdsByAuthor.set(tweet.authorId, ids);
  }
  ids.push(tweet.id);
  if (!tweet.deleted && tweet.text) store.latestTweetByText.set(duplicateKey(tweet.authorId, tweet.text), tweet.id);
}

export interface XSnapshot {
  users: XUser[];
  codes: XAuthCode[];
  accessTokens: XAccessToken[];
  refreshTokens: XRefreshToken[];
  tweets: XTweet[];
  media: XMedia[];
}

export function snapshotX(store: XStore): XSnapshot {
  return {
    users: [...store.users.values()],
    codes: [...store.codes.values()],
    accessTokens: [...store.accessTokens.values()],
    refreshTokens: [...store.refreshTokens.values()],
    tweets: [...store.tweets.values()],
    media: [...store.media.values()],
  };
}

export function restoreX(snapshot: XSnapshot): XStore {
  const store = createXStore();
  for (const user of snapshot.users) addUser(store, user);
  for (const code of snapshot.codes) store.codes.set(code.code, code);
  for (const token of snapshot.accessTokens) store.accessTokens.set(token.token, token);
  for (const token of snapshot.refreshTokens) store.refreshTokens.set(token.token, token);
  for (const tweet of [...snapshot.tweets].sort((a, b) => compareIds(a.id, b.id))) addTweet(store, tweet);
  for (const media of snapshot.media) store.media.set(media.id, media);
  return store;
}

export function compareIds(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}
