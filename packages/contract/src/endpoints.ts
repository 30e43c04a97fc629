/**
 * Every call of the API by its method, path and whether it needs a session: plain data, no zod, so the
 * browser can load it up front. The routes (`authRoutes`, …) add their schemas to these entries, and the
 * web client calls through `api` (./api.ts), typed from those routes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthMode = 'required' | 'none';

/** What a member may do in a workspace, from most to least (docs/product.md, Workspaces). */
export const workspaceRoles = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/**
 * Who may call an endpoint that needs a session: 'person' acts on the caller's own things (profile,
 * password, their list of workspaces) whatever workspace is current; a role acts in the current
 * workspace and needs at least that role there (docs/decisions/128-workspaces.md).
 */
export type Access = 'person' | WorkspaceRole;

/**
 * What a personal API key may be allowed to do (docs/decisions/162-api-keys.md). A route that names
 * one may be called with a key holding it; a route without one needs a signed-in person.
 */
export const apiKeyScopes = ['posts:read', 'posts:write', 'analytics:read', 'channels:read'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/**
 * The least role a key's maker needs to give it each scope: a key never does what its maker could not
 * (docs/decisions/162-api-keys.md). The server refuses the rest; the web app disables them.
 */
export const apiKeyScopeRoles: Readonly<Record<ApiKeyScope, WorkspaceRole>> = {
  'posts:read': 'viewer',
  'posts:write': 'editor',
  'analytics:read': 'viewer',
  'channels:read': 'viewer',
};

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify syntax, `:id` for parameters. */
  readonly path: string;
  readonly auth: AuthMode;
  /** Required when `auth` is 'required'; the server refuses to start on an endpoint without it. */
  readonly access?: Access;
  /** The path parameter naming the workspace acted on, for calls about a workspace itself; otherwise the `X-Workspace-Id` header names it. */
  readonly workspaceParam?: string;
  /** The API key scope that lets a key call it; left out, only a signed-in person may. */
  readonly scope?: ApiKeyScope;
}

export const endpoints = {
  auth: {
    register: { method: 'POST', path: '/auth/register', auth: 'none' },
    login: { method: 'POST', path: '/auth/login', auth: 'none' },
    refresh: { method: 'POST', path: '/auth/refresh', auth: 'none' },
    profile: { method: 'GET', path: '/auth/profile', auth: 'required', access: 'person' },
    validate: { method: 'GET', path: '/auth/validate', auth: 'required', access: 'person' },
    logout: { method: 'GET', path: '/auth/logout', auth: 'required', access: 'person' },
    requestPasswordReset: { method: 'POST', path: '/auth/password-reset/request', auth: 'none' },
    confirmPasswordReset: { method: 'POST', path: '/auth/password-reset/confirm', auth: 'none' },
    checkPasswordReset: { method: 'POST', path: '/auth/password-reset/check', auth: 'none' },
    changePassword: { method: 'PUT', path: '/auth/password', auth: 'required', access: 'person' },
  },
  health: {
    health: { method: 'GET', path: '/healthz', auth: 'none' },
  },
  accounts: {
    list: { method: 'GET', path: '/auth/accounts', auth: 'required', access: 'viewer', scope: 'channels:read' },
    linkX: { method: 'GET', path: '/auth/link/x', auth: 'required', access: 'admin' },
    linkLinkedIn: { method: 'GET', path: '/auth/link/linkedin', auth: 'required', access: 'admin' },
    linkedInUrl: { method: 'GET', path: '/auth/linkedin/url', auth: 'required', access: 'admin' },
    socialToken: { method: 'POST', path: '/auth/social/token', auth: 'none' },
    disconnect: { method: 'DELETE', path: '/auth/social/:id', auth: 'required', access: 'admin' },
    signInMethods: { method: 'GET', path: '/auth/sign-in-methods', auth: 'required', access: 'person' },
    removeSignInMethod: { method: 'DELETE', path: '/auth/sign-in-methods/:id', auth: 'required', access: 'person' },
    connections: { method: 'GET', path: '/api/connections', auth: 'required', access: 'viewer', scope: 'channels:read' },
    disconnectLinkedIn: { method: 'POST', path: '/linkedin/disconnect', auth: 'required', access: 'admin' },
    linkedInOrganizations: {
      method: 'GET',
      path: '/auth/linkedin/organizations',
      auth: 'required',
      access: 'editor',
      scope: 'channels:read',
    },
  },
  channels: {
    list: { method: 'GET', path: '/api/v1/channels', auth: 'required', access: 'viewer', scope: 'channels:read' },
  },
  posts: {
    enhance: { method: 'POST', path: '/content/enhance', auth: 'required', access: 'editor', scope: 'posts:write' },
    publish: { method: 'POST', path: '/content/publish', auth: 'required', access: 'editor', scope: 'posts:write' },
    listPosts: { method: 'GET', path: '/posts', auth: 'required', access: 'viewer', scope: 'posts:read' },
    createPost: { method: 'POST', path: '/posts', auth: 'required', access: 'editor', scope: 'posts:write' },
    recent: { method: 'GET', path: '/content/recent', auth: 'required', access: 'viewer', scope: 'posts:read' },
    history: { method: 'GET', path: '/content/history', auth: 'required', access: 'viewer', scope: 'posts:read' },
    update: { method: 'PUT', path: '/content/:id', auth: 'required', access: 'editor', scope: 'posts:write' },
    remove: { method: 'DELETE', path: '/content/:id', auth: 'required', access: 'editor', scope: 'posts:write' },
    publishNow: { method: 'POST', path: '/content/:id/publish-now', auth: 'required', access: 'editor', scope: 'posts:write' },
    statusChanges: { method: 'GET', path: '/posts/status-changes', auth: 'required', access: 'viewer' },
    approve: { method: 'POST', path: '/api/v1/posts/:id/approve', auth: 'required', access: 'admin' },
    reject: { method: 'POST', path: '/api/v1/posts/:id/reject', auth: 'required', access: 'admin' },
    reschedule: { method: 'PATCH', path: '/api/v1/posts/:id', auth: 'required', access: 'editor', scope: 'posts:write' },
    retry: { method: 'POST', path: '/api/v1/posts/:id/retry', auth: 'required', access: 'editor', scope: 'posts:write' },
  },
  calendar: {
    items: { method: 'GET', path: '/api/v1/calendar', auth: 'required', access: 'viewer', scope: 'posts:read' },
  },
  postImport: {
    importPosts: { method: 'POST', path: '/api/v1/posts/import', auth: 'required', access: 'editor' },
  },
  drafts: {
    list: { method: 'GET', path: '/api/v1/drafts', auth: 'required', access: 'viewer', scope: 'posts:read' },
    create: { method: 'POST', path: '/api/v1/drafts', auth: 'required', access: 'editor', scope: 'posts:write' },
    get: { method: 'GET', path: '/api/v1/drafts/:id', auth: 'required', access: 'viewer', scope: 'posts:read' },
    update: { method: 'PUT', path: '/api/v1/drafts/:id', auth: 'required', access: 'editor', scope: 'posts:write' },
    remove: { method: 'DELETE', path: '/api/v1/drafts/:id', auth: 'required', access: 'editor', scope: 'posts:write' },
    uploadImage: { method: 'POST', path: '/api/v1/drafts/:id/image', auth: 'required', access: 'editor', scope: 'posts:write' },
  },
  media: {
    upload: { method: 'POST', path: '/api/v1/media', auth: 'required', access: 'editor', scope: 'posts:write' },
  },
  feed: {
    personal: { method: 'GET', path: '/api/v1/social/feed', auth: 'required', access: 'viewer', scope: 'posts:read' },
    user: { method: 'GET', path: '/api/v1/social/users/:id/feed', auth: 'required', access: 'viewer', scope: 'posts:read' },
  },
  dashboard: {
    stats: { method: 'GET', path: '/api/v1/dashboard/stats', auth: 'required', access: 'viewer', scope: 'analytics:read' },
  },
  feedback: {
    send: { method: 'POST', path: '/api/feedback/', auth: 'required', access: 'person' },
    sendWithoutSlash: { method: 'POST', path: '/api/feedback', auth: 'required', access: 'person' },
  },
  profile: {
    details: { method: 'GET', path: '/users/profile', auth: 'required', access: 'viewer', scope: 'posts:read' },
    update: { method: 'PUT', path: '/auth/profile', auth: 'required', access: 'person' },
    updateTimeZone: { method: 'PUT', path: '/auth/profile/time-zone', auth: 'required', access: 'person' },
    uploadAvatar: { method: 'POST', path: '/users/profile/image', auth: 'required', access: 'person' },
    uploadCover: { method: 'POST', path: '/users/profile/cover', auth: 'required', access: 'person' },
  },
  analytics: {
    summary: { method: 'GET', path: '/api/v1/analytics/summary', auth: 'required', access: 'viewer', scope: 'analytics:read' },
    metrics: { method: 'GET', path: '/api/v1/analytics/metrics', auth: 'required', access: 'viewer', scope: 'analytics:read' },
    postHistory: { method: 'GET', path: '/api/v1/analytics/posts/:id', auth: 'required', access: 'viewer', scope: 'analytics:read' },
    insights: { method: 'GET', path: '/api/v1/analytics/insights', auth: 'required', access: 'viewer', scope: 'analytics:read' },
    markRead: { method: 'POST', path: '/api/v1/analytics/insights/:id/read', auth: 'required', access: 'editor' },
    markApplied: { method: 'POST', path: '/api/v1/analytics/insights/:id/applied', auth: 'required', access: 'editor' },
    generateInsights: { method: 'POST', path: '/api/v1/analytics/insights/generate', auth: 'required', access: 'editor' },
    sync: { method: 'POST', path: '/api/v1/analytics/sync', auth: 'required', access: 'editor' },
    syncStatus: { method: 'GET', path: '/api/v1/analytics/sync/status', auth: 'required', access: 'viewer', scope: 'analytics:read' },
    optimalTimes: { method: 'GET', path: '/api/v1/analytics/optimal-times', auth: 'required', access: 'viewer', scope: 'analytics:read' },
    recommendHashtags: { method: 'POST', path: '/api/v1/analytics/hashtags/recommend', auth: 'required', access: 'editor' },
    contentIdeas: { method: 'POST', path: '/api/v1/analytics/content/ideas', auth: 'required', access: 'editor' },
    engagementTrend: {
      method: 'GET',
      path: '/api/v1/analytics/engagement/trend',
      auth: 'required',
      access: 'viewer',
      scope: 'analytics:read',
    },
    audienceBreakdown: {
      method: 'GET',
      path: '/api/v1/analytics/audience/breakdown',
      auth: 'required',
      access: 'viewer',
      scope: 'analytics:read',
    },
  },
  workspaces: {
    list: { method: 'GET', path: '/api/v1/workspaces', auth: 'required', access: 'person' },
    create: { method: 'POST', path: '/api/v1/workspaces', auth: 'required', access: 'person' },
    update: { method: 'PATCH', path: '/api/v1/workspaces/:id', auth: 'required', access: 'admin', workspaceParam: 'id' },
    remove: { method: 'DELETE', path: '/api/v1/workspaces/:id', auth: 'required', access: 'owner', workspaceParam: 'id' },
    leave: { method: 'POST', path: '/api/v1/workspaces/:id/leave', auth: 'required', access: 'viewer', workspaceParam: 'id' },
    branding: { method: 'PATCH', path: '/api/v1/workspaces/:id/branding', auth: 'required', access: 'admin', workspaceParam: 'id' },
  },
  members: {
    list: { method: 'GET', path: '/api/v1/workspaces/:id/members', auth: 'required', access: 'viewer', workspaceParam: 'id' },
    updateRole: {
      method: 'PATCH',
      path: '/api/v1/workspaces/:id/members/:personId',
      auth: 'required',
      access: 'admin',
      workspaceParam: 'id',
    },
    remove: { method: 'DELETE', path: '/api/v1/workspaces/:id/members/:personId', auth: 'required', access: 'admin', workspaceParam: 'id' },
    invite: { method: 'POST', path: '/api/v1/workspaces/:id/invitations', auth: 'required', access: 'admin', workspaceParam: 'id' },
    invitations: { method: 'GET', path: '/api/v1/workspaces/:id/invitations', auth: 'required', access: 'admin', workspaceParam: 'id' },
    revokeInvitation: {
      method: 'DELETE',
      path: '/api/v1/workspaces/:id/invitations/:invitationId',
      auth: 'required',
      access: 'admin',
      workspaceParam: 'id',
    },
    invitation: { method: 'GET', path: '/api/v1/invitations/:token', auth: 'required', access: 'person' },
    accept: { method: 'POST', path: '/api/v1/invitations/:token/accept', auth: 'required', access: 'person' },
  },
  admin: {
    workspaces: { method: 'GET', path: '/api/v1/admin/workspaces', auth: 'required', access: 'person' },
    setPlan: { method: 'PATCH', path: '/api/v1/admin/workspaces/:id', auth: 'required', access: 'person' },
    planRequests: { method: 'GET', path: '/api/v1/admin/plan-requests', auth: 'required', access: 'person' },
  },
  site: {
    contact: { method: 'POST', path: '/api/contact/', auth: 'none' },
    contactWithoutSlash: { method: 'POST', path: '/api/contact', auth: 'none' },
    info: { method: 'GET', path: '/api/site/info', auth: 'none' },
  },
  queue: {
    getSlots: { method: 'GET', path: '/api/v1/accounts/:accountId/slots', auth: 'required', access: 'viewer', scope: 'posts:read' },
    putSlots: { method: 'PUT', path: '/api/v1/accounts/:accountId/slots', auth: 'required', access: 'editor', scope: 'posts:write' },
    suggestions: {
      method: 'GET',
      path: '/api/v1/accounts/:accountId/slots/suggestions',
      auth: 'required',
      access: 'viewer',
      scope: 'posts:read',
    },
    list: { method: 'GET', path: '/api/v1/queue', auth: 'required', access: 'viewer', scope: 'posts:read' },
    move: { method: 'POST', path: '/api/v1/queue/:id/move', auth: 'required', access: 'editor', scope: 'posts:write' },
  },
  linkPreview: {
    preview: { method: 'POST', path: '/api/v1/link-preview', auth: 'required', access: 'viewer', scope: 'posts:write' },
  },
  apiKeys: {
    list: { method: 'GET', path: '/api/v1/api-keys', auth: 'required', access: 'viewer' },
    create: { method: 'POST', path: '/api/v1/api-keys', auth: 'required', access: 'viewer' },
    revoke: { method: 'DELETE', path: '/api/v1/api-keys/:id', auth: 'required', access: 'viewer' },
  },
  activity: {
    list: { method: 'GET', path: '/api/v1/workspaces/:id/activity', auth: 'required', access: 'viewer', workspaceParam: 'id' },
  },
  // A workspace setting (docs/decisions/163-webhooks.md): admins only, and not for API keys.
  webhooks: {
    create: { method: 'POST', path: '/api/v1/webhooks', auth: 'required', access: 'admin' },
    list: { method: 'GET', path: '/api/v1/webhooks', auth: 'required', access: 'admin' },
    update: { method: 'PATCH', path: '/api/v1/webhooks/:id', auth: 'required', access: 'admin' },
    remove: { method: 'DELETE', path: '/api/v1/webhooks/:id', auth: 'required', access: 'admin' },
    rotateSecret: { method: 'POST', path: '/api/v1/webhooks/:id/rotate-secret', auth: 'required', access: 'admin' },
    test: { method: 'POST', path: '/api/v1/webhooks/:id/test', auth: 'required', access: 'admin' },
    deliveries: { method: 'GET', path: '/api/v1/webhooks/:id/deliveries', auth: 'required', access: 'admin' },
    redeliver: {
      method: 'POST',
      path: '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      auth: 'required',
      access: 'admin',
    },
  },
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Whether a role may do what needs `needed`: owner > admin > editor > viewer. */
export function roleAllows(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return workspaceRoles.indexOf(role) <= workspaceRoles.indexOf(needed);
}
