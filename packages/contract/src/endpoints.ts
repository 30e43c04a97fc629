/**
 * Every call of the API by its method, path and whether it needs a session: plain data, no zod, so the
 * browser can load it up front. The routes (`authRoutes`, …) add their schemas to these entries, and the
 * web client calls through `api` (./api.ts), typed from those routes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthMode = 'required' | 'none';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify syntax, `:id` for parameters. */
  readonly path: string;
  readonly auth: AuthMode;
}

export const endpoints = {
  auth: {
    register: { method: 'POST', path: '/auth/register', auth: 'none' },
    login: { method: 'POST', path: '/auth/login', auth: 'none' },
    refresh: { method: 'POST', path: '/auth/refresh', auth: 'none' },
    profile: { method: 'GET', path: '/auth/profile', auth: 'required' },
    validate: { method: 'GET', path: '/auth/validate', auth: 'required' },
    logout: { method: 'GET', path: '/auth/logout', auth: 'required' },
    requestPasswordReset: { method: 'POST', path: '/auth/password-reset/request', auth: 'none' },
    confirmPasswordReset: { method: 'POST', path: '/auth/password-reset/confirm', auth: 'none' },
    checkPasswordReset: { method: 'POST', path: '/auth/password-reset/check', auth: 'none' },
    changePassword: { method: 'PUT', path: '/auth/password', auth: 'required' },
  },
  health: {
    health: { method: 'GET', path: '/healthz', auth: 'none' },
  },
  accounts: {
    list: { method: 'GET', path: '/auth/accounts', auth: 'required' },
    linkX: { method: 'GET', path: '/auth/link/x', auth: 'required' },
    linkLinkedIn: { method: 'GET', path: '/auth/link/linkedin', auth: 'required' },
    linkedInUrl: { method: 'GET', path: '/auth/linkedin/url', auth: 'required' },
    socialToken: { method: 'POST', path: '/auth/social/token', auth: 'none' },
    disconnect: { method: 'DELETE', path: '/auth/social/:id', auth: 'required' },
    signInMethods: { method: 'GET', path: '/auth/sign-in-methods', auth: 'required' },
    removeSignInMethod: { method: 'DELETE', path: '/auth/sign-in-methods/:id', auth: 'required' },
    connections: { method: 'GET', path: '/api/connections', auth: 'required' },
    disconnectLinkedIn: { method: 'POST', path: '/linkedin/disconnect', auth: 'required' },
    linkedInOrganizations: { method: 'GET', path: '/auth/linkedin/organizations', auth: 'required' },
  },
  posts: {
    enhance: { method: 'POST', path: '/content/enhance', auth: 'required' },
    publish: { method: 'POST', path: '/content/publish', auth: 'required' },
    listPosts: { method: 'GET', path: '/posts', auth: 'required' },
    createPost: { method: 'POST', path: '/posts', auth: 'required' },
    recent: { method: 'GET', path: '/content/recent', auth: 'required' },
    history: { method: 'GET', path: '/content/history', auth: 'required' },
    update: { method: 'PUT', path: '/content/:id', auth: 'required' },
    remove: { method: 'DELETE', path: '/content/:id', auth: 'required' },
    publishNow: { method: 'POST', path: '/content/:id/publish-now', auth: 'required' },
    statusChanges: { method: 'GET', path: '/posts/status-changes', auth: 'required' },
  },
  feed: {
    personal: { method: 'GET', path: '/api/v1/social/feed', auth: 'required' },
    user: { method: 'GET', path: '/api/v1/social/users/:id/feed', auth: 'required' },
  },
  dashboard: {
    stats: { method: 'GET', path: '/api/v1/dashboard/stats', auth: 'required' },
  },
  feedback: {
    send: { method: 'POST', path: '/api/feedback/', auth: 'required' },
    sendWithoutSlash: { method: 'POST', path: '/api/feedback', auth: 'required' },
  },
  profile: {
    details: { method: 'GET', path: '/users/profile', auth: 'required' },
    update: { method: 'PUT', path: '/auth/profile', auth: 'required' },
    uploadAvatar: { method: 'POST', path: '/users/profile/image', auth: 'required' },
    uploadCover: { method: 'POST', path: '/users/profile/cover', auth: 'required' },
  },
  analytics: {
    summary: { method: 'GET', path: '/api/v1/analytics/summary', auth: 'required' },
    metrics: { method: 'GET', path: '/api/v1/analytics/metrics', auth: 'required' },
    postHistory: { method: 'GET', path: '/api/v1/analytics/posts/:id', auth: 'required' },
    insights: { method: 'GET', path: '/api/v1/analytics/insights', auth: 'required' },
    markRead: { method: 'POST', path: '/api/v1/analytics/insights/:id/read', auth: 'required' },
    markApplied: { method: 'POST', path: '/api/v1/analytics/insights/:id/applied', auth: 'required' },
    generateInsights: { method: 'POST', path: '/api/v1/analytics/insights/generate', auth: 'required' },
    sync: { method: 'POST', path: '/api/v1/analytics/sync', auth: 'required' },
    syncStatus: { method: 'GET', path: '/api/v1/analytics/sync/status', auth: 'required' },
    optimalTimes: { method: 'GET', path: '/api/v1/analytics/optimal-times', auth: 'required' },
    recommendHashtags: { method: 'POST', path: '/api/v1/analytics/hashtags/recommend', auth: 'required' },
    contentIdeas: { method: 'POST', path: '/api/v1/analytics/content/ideas', auth: 'required' },
    engagementTrend: { method: 'GET', path: '/api/v1/analytics/engagement/trend', auth: 'required' },
    audienceBreakdown: { method: 'GET', path: '/api/v1/analytics/audience/breakdown', auth: 'required' },
  },
  site: {
    contact: { method: 'POST', path: '/api/contact/', auth: 'none' },
    contactWithoutSlash: { method: 'POST', path: '/api/contact', auth: 'none' },
    info: { method: 'GET', path: '/api/site/info', auth: 'none' },
  },
} as const satisfies Record<string, Record<string, Endpoint>>;
