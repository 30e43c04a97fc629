import type { accountsRoutes } from './accounts';
import type { activityRoutes } from './activity';
import type { adminRoutes } from './admin';
import type { analyticsRoutes } from './analytics';
import type { apiKeyRoutes } from './api-keys';
import type { authRoutes } from './auth';
import type { calendarRoutes } from './calendar';
import type { channelsRoutes } from './channels';
import type { dashboardRoutes } from './dashboard';
import type { draftsRoutes } from './drafts';
import { endpoints, type Endpoint } from './endpoints';
import type { feedbackRoutes } from './feedback';
import type { feedRoutes } from './feed';
import type { healthRoutes } from './health';
import type { mediaRoutes } from './media';
import type { postsRoutes } from './posts';
import type { postImportRoutes } from './post-import';
import type { queueRoutes } from './queue';
import type { profileRoutes } from './profile';
import type { siteRoutes } from './site';
import type { workspaceRoutes } from './workspaces';
import type { membersRoutes } from './members';
import type { linkPreviewRoutes } from './link-preview';
import type { webhooksRoutes } from './webhooks';

/**
 * An endpoint as a client holds it: method, path and auth at run time, and its route's schemas as types
 * only (the never-set `route` carries them), so calling it types the params, body and answer without
 * loading zod.
 */
export interface RouteRef<Route> extends Endpoint {
  readonly route?: Route;
}

type Refs<Routes> = { readonly [Name in keyof Routes]: RouteRef<Routes[Name]> };

/** Asks for an endpoint under every name the routes have, so the table and the routes cannot part. */
const refs = <Routes>(table: { readonly [Name in keyof Routes]: Endpoint }): Refs<Routes> => table;

/** Every call of the API for clients: `apiCall(api.feed.personal, { query })` in the web. */
export const api = {
  auth: refs<typeof authRoutes>(endpoints.auth),
  health: refs<typeof healthRoutes>(endpoints.health),
  accounts: refs<typeof accountsRoutes>(endpoints.accounts),
  channels: refs<typeof channelsRoutes>(endpoints.channels),
  posts: refs<typeof postsRoutes>(endpoints.posts),
  postImport: refs<typeof postImportRoutes>(endpoints.postImport),
  drafts: refs<typeof draftsRoutes>(endpoints.drafts),
  media: refs<typeof mediaRoutes>(endpoints.media),
  feed: refs<typeof feedRoutes>(endpoints.feed),
  dashboard: refs<typeof dashboardRoutes>(endpoints.dashboard),
  feedback: refs<typeof feedbackRoutes>(endpoints.feedback),
  profile: refs<typeof profileRoutes>(endpoints.profile),
  analytics: refs<typeof analyticsRoutes>(endpoints.analytics),
  site: refs<typeof siteRoutes>(endpoints.site),
  workspaces: refs<typeof workspaceRoutes>(endpoints.workspaces),
  activity: refs<typeof activityRoutes>(endpoints.activity),
  members: refs<typeof membersRoutes>(endpoints.members),
  admin: refs<typeof adminRoutes>(endpoints.admin),
  calendar: refs<typeof calendarRoutes>(endpoints.calendar),
  queue: refs<typeof queueRoutes>(endpoints.queue),
  linkPreview: refs<typeof linkPreviewRoutes>(endpoints.linkPreview),
  webhooks: refs<typeof webhooksRoutes>(endpoints.webhooks),
  apiKeys: refs<typeof apiKeyRoutes>(endpoints.apiKeys),
} as const;
