export type OrganizationRole =
  | 'ADMINISTRATOR'
  | 'DIRECT_SPONSORED_CONTENT_POSTER'
  | 'RECRUITING_POSTER'
  | 'LEAD_GEN_FORMS_MANAGER'
  | 'ANALYST'
  | 'CURATOR'
  | 'CONTENT_ADMINISTRATOR';

export interface LinkedInMember {
  sub: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
  createdAt: number;
  baseFollowers: number;
}

export interface LinkedInOrganization {
  id: number;
  name: string;
  vanityName: string;
  createdAt: number;
  baseFollowers: number;
}

export interface LinkedInAcl {
  sub: string;
  organizationId: number;
  role: OrganizationRole;
  state: 'APPROVED' | 'REQUESTED' | 'REJECTED' | 'REVOKED';
}

export interface LinkedInAuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  sub: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
}

export interface LinkedInAccessToken {
  token: string;
  sub: string;
  clientId: string;
  scopes: string[];
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface LinkedInRefreshToken {
  token: string;
  sub: string;
  clientId: string;
  scopes: string[];
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface LinkedInImage {
  urn: string;
  owner: string;
  uploadedBy: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'PROCESSING_FAILED' | 'AVAILABLE';
  uploadToken: string;
  uploadUrlExpiresAt: number;
  createdAt: number;
  bytes?: number;
  contentType?: string;
}

export type LinkedInMediaStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'PROCESSING_FAILED' | 'AVAILABLE';

/** One byte range of a video upload (docs/networks.md, LinkedIn · Video upload). */
export interface LinkedInVideoPart {
  firstByte: number;
  lastByte: number;
  /** Set when the part was PUT: what finalizeUpload must list, in order. */
  etag?: string;
  /** The first bytes of the part, base64 (part 0: the container check). */
  head?: string;
}

export interface LinkedInVideo {
  urn: string;
  owner: string;
  uploadedBy: string;
  fileSizeBytes: number;
  uploadToken: string;
  uploadUrlsExpireAt: number;
  parts: LinkedInVideoPart[];
  createdAt: number;
  finalizedAt?: number;
  /** Set at finalize when processing will fail; the status turns PROCESSING_FAILED once processing ends. */
  failureReason?: string;
}

export interface LinkedInDocument {
  urn: string;
  owner: string;
  uploadedBy: string;
  uploadToken: string;
  uploadUrlExpiresAt: number;
  createdAt: number;
  uploadedAt?: number;
  bytes?: number;
  failureReason?: string;
}

export interface LinkedInPost {
  urn: string;
  author: string;
  /** The member whose token created it (the author may be an organization). */
  createdBy: string;
  clientId: string;
  /** As sent, little-text escapes included. */
  commentary: string;
  /** What LinkedIn publishes: cut at the first unescaped reserved character (docs/networks.md, LinkedIn · Post text). */
  publishedCommentary: string;
  visibility: string;
  distribution: unknown;
  content?: Record<string, unknown>;
  lifecycleState: string;
  isReshareDisabledByAuthor: boolean;
  createdAt: number;
  receivedAt: number;
  /** The real instant it arrived, without the admin clock's offset (absent in state saved before it existed). */
  arrivedAt?: number;
  lastModifiedAt: number;
  deleted: boolean;
  deletedAt?: number;
}

/** A comment under a post (docs/networks.md, LinkedIn · Comments). */
export interface LinkedInComment {
  /** The numeric id, as in `x-restli-id` and the delete path. */
  id: string;
  /** `urn:li:comment:(<post urn>,<id>)`. */
  urn: string;
  /** The post commented on. */
  object: string;
  /** The member or organization urn the comment is written as. */
  actor: string;
  /** The member whose token created it. */
  createdBy: string;
  clientId: string;
  text: string;
  createdAt: number;
  receivedAt: number;
  deleted: boolean;
  deletedAt?: number;
}

export interface LinkedInStore {
  members: Map<string, LinkedInMember>;
  memberSubsByName: Map<string, string>;
  organizations: Map<number, LinkedInOrganization>;
  acls: LinkedInAcl[];
  aclsByMember: Map<string, LinkedInAcl[]>;
  codes: Map<string, LinkedInAuthCode>;
  accessTokens: Map<string, LinkedInAccessToken>;
  refreshTokens: Map<string, LinkedInRefreshToken>;
  /** member + app → scope set of the latest grant (a new scope set invalidates older tokens, docs/networks.md, LinkedIn · Token exchange). */
  grants: Map<string, string>;
  images: Map<string, LinkedInImage>;
  imageUrnsByUploadToken: Map<string, string>;
  videos: Map<string, LinkedInVideo>;
  documents: Map<string, LinkedInDocument>;
  posts: Map<string, LinkedInPost>;
  postUrnsByAuthor: Map<string, string[]>;
  latestPostByCommentary: Map<string, string>;
  comments: Map<string, LinkedInComment>;
  /** Post urn → its comments' urns, oldest first. */
  commentUrnsByObject: Map<string, string[]>;
}

export function createLinkedInStore(): LinkedInStore {
  return {
    members: new Map(),
    memberSubsByName: new Map(),
    organizations: new Map(),
    acls: [],
    aclsByMember: new Map(),
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    grants: new Map(),
    images: new Map(),
    imageUrnsByUploadToken: new Map(),
    videos: new Map(),
    documents: new Map(),
    posts: new Map(),
    postUrnsByAuthor: new Map(),
    latestPostByCommentary: new Map(),
    comments: new Map(),
    commentUrnsByObject: new Map(),
  };
}

export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function commentaryKey(author: string, commentary: string): string {
  return `${author}\u0000${commentary}`;
}

export function addMember(store: LinkedInStore, member: LinkedInMember): void {
  store.members.set(member.sub, member);
  store.memberSubsByName.set(normalizeName(member.name), member.sub);
}

export function addAcl(store: LinkedInStore, acl: LinkedInAcl): void {
  store.acls.push(acl);
  const list = store.aclsByMember.get(acl.sub) ?? [];
  list.push(acl);
  store.aclsByMember.set(acl.sub, list);
}

export function addImage(store: LinkedInStore, image: LinkedInImage): void {
  store.images.set(image.urn, image);
  store.imageUrnsByUploadToken.set(image.uploadToken, image.urn);
}

export function addPost(store: LinkedInStore, post: LinkedInPost): void {
  store.posts.set(post.urn, post);
  const list = store.postUrnsByAuthor.get(post.author) ?? [];
  list.push(post.urn);
  store.postUrnsByAuthor.set(post.author, list);
  if (!post.deleted && post.commentary) {
    store.latestPostByCommentary.set(commentaryKey(post.author, post.commentary), post.urn);
  }
}

export function addComment(store: LinkedInStore, comment: LinkedInComment): void {
  store.comments.set(comment.urn, comment);
  const list = store.commentUrnsByObject.get(comment.object) ?? [];
  list.push(comment.urn);
  store.commentUrnsByObject.set(comment.object, list);
}

export function commentsOn(store: LinkedInStore, postUrn: string): LinkedInComment[] {
  return (store.commentUrnsByObject.get(postUrn) ?? [])
    .map((urn) => store.comments.get(urn))
    .filter((comment): comment is LinkedInComment => comment !== undefined);
}

export function personUrn(sub: string): string {
  return `urn:li:person:${sub}`;
}

export function organizationUrn(id: number): string {
  return `urn:li:organization:${id}`;
}

export interface LinkedInSnapshot {
  members: LinkedInMember[];
  organizations: LinkedInOrganization[];
  acls: LinkedInAcl[];
  codes: LinkedInAuthCode[];
  accessTokens: LinkedInAccessToken[];
  refreshTokens: LinkedInRefreshToken[];
  grants: Array<[string, string]>;
  images: LinkedInImage[];
  /** Absent in state saved before videos and documents existed. */
  videos?: LinkedInVideo[];
  documents?: LinkedInDocument[];
  posts: LinkedInPost[];
  /** Absent in state saved before comments existed. */
  comments?: LinkedInComment[];
}

export function snapshotLinkedIn(store: LinkedInStore): LinkedInSnapshot {
  return {
    members: [...store.members.values()],
    organizations: [...store.organizations.values()],
    acls: store.acls,
    codes: [...store.codes.values()],
    accessTokens: [...store.accessTokens.values()],
    refreshTokens: [...store.refreshTokens.values()],
    grants: [...store.grants],
    images: [...store.images.values()],
    videos: [...store.videos.values()],
    documents: [...store.documents.values()],
    posts: [...store.posts.values()],
    comments: [...store.comments.values()],
  };
}

export function restoreLinkedIn(snapshot: LinkedInSnapshot): LinkedInStore {
  const store = createLinkedInStore();
  for (const member of snapshot.members) addMember(store, member);
  for (const organization of snapshot.organizations) store.organizations.set(organization.id, organization);
  for (const acl of snapshot.acls) addAcl(store, acl);
  for (const code of snapshot.codes) store.codes.set(code.code, code);
  for (const token of snapshot.accessTokens) store.accessTokens.set(token.token, token);
  for (const token of snapshot.refreshTokens) store.refreshTokens.set(token.token, token);
  for (const [key, scopes] of snapshot.grants) store.grants.set(key, scopes);
  for (const image of snapshot.images) addImage(store, image);
  for (const video of snapshot.videos ?? []) store.videos.set(video.urn, video);
  for (const document of snapshot.documents ?? []) store.documents.set(document.urn, document);
  for (const post of [...snapshot.posts].sort((a, b) => a.createdAt - b.createdAt)) addPost(store, post);
  for (const comment of [...(snapshot.comments ?? [])].sort((a, b) => a.createdAt - b.createdAt)) addComment(store, comment);
  return store;
}
