import path from 'node:path';
import type { AiEngine } from '../ai/ai-engine';
import { createAiEngine, createBuiltinAiEngine, withFallback } from '../ai/create-ai-engine';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import type { Log } from '../lib/logger';
import { createSecretBox } from '../lib/secret-box';
import { createProviderRegistry, type ProviderRegistry } from '../providers/social/registry';
import { createTokenVault } from '../modules/accounts/token-vault';
import { createCollectionService } from '../modules/analytics/collection/collection.service';
import { attachAccountHistory } from '../modules/analytics/collection/import-history.job';
import { createInsightsService } from '../modules/analytics/insights/insights.service';
import { createEnhanceService } from '../modules/posts/enhance.service';
import { createReportingService } from '../modules/analytics/reporting/reporting.service';
import { createAuthService } from '../modules/auth/auth.service';
import { createAdminService } from '../modules/admin/admin.service';
import { createWorkspacesService } from '../modules/workspaces/workspaces.service';
import { createActivityService } from '../modules/activity/activity.service';
import { createInvitationsService } from '../modules/members/invitations.service';
import { createMembersService } from '../modules/members/members.service';
import { createWorkspaceBrandingService } from '../modules/workspaces/workspace-branding.service';
import { createAccountsService } from '../modules/accounts/accounts.service';
import { createSignInMethodsService } from '../modules/accounts/sign-in-methods.service';
import { createHealthRepository } from '../modules/health/health.repository';
import { createMailService } from '../modules/mail/mail.service';
import { createDiskMediaStorage, type MediaStorage } from '../modules/media/media-storage';
import { createMediaService } from '../modules/media/media.service';
import { createImageQueue, defaultImageQueueOptions, type ImageQueue } from '../modules/media/image-queue';
import { createPlanLimits } from '../modules/plans/plan-limits';
import { createPostsService } from '../modules/posts/posts.service';
import { createChannelsService } from '../modules/channels/channels.service';
import { createApprovalsService } from '../modules/posts/approvals.service';
import { createPostImportService } from '../modules/post-import/post-import.service';
import { createQueueService } from '../modules/queue/queue.service';
import { createDashboardService } from '../modules/dashboard/dashboard.service';
import { createDraftsService } from '../modules/drafts/drafts.service';
import { createFeedService } from '../modules/feed/feed.service';
import { createCalendarService } from '../modules/calendar/calendar.service';
import { createFeedbackService } from '../modules/feedback/feedback.service';
import { createProfileService } from '../modules/profile/profile.service';
import { createRateLimitRepository } from '../modules/security/rate-limit.repository';
import { createApiKeysService } from '../modules/api-keys/api-keys.service';
import { createRateLimiter } from '../modules/security/rate-limiter';
import { createSiteService } from '../modules/site/site.service';
import { createLinkPreviewService } from '../modules/link-preview/link-preview.service';
import { createWebhooksService } from '../modules/webhooks/webhooks.service';

/** The composition root: every service wired with its real dependencies. Tests call it too. */
export function createServices(deps: {
  config: Config;
  db: Database;
  queue: JobQueue;
  clock: Clock;
  log: Log;
  /** Tests may pass their own (e.g. adapters with a counting fetch). */
  providers?: ProviderRegistry;
  mediaStorage?: MediaStorage;
  imageQueue?: ImageQueue;
  ai?: AiEngine;
}) {
  const { config, db, queue, clock, log } = deps;
  if (!config.secretKey) throw new Error('A secret key is required (the runtime generates one into DATA_DIR)');
  const secretBox = createSecretBox(config.secretKey);
  const providers = deps.providers ?? createProviderRegistry(config, { timeoutMs: config.networkTimeoutMs });
  const vault = createTokenVault({ db, secretBox, providers, clock });
  const rateLimiter = createRateLimiter({ repository: createRateLimitRepository(db), clock });
  const mail = createMailService({ queue });
  const auth = createAuthService({
    db,
    clock,
    rateLimiter,
    mail,
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    refreshTtlMs: config.refreshTtlMs,
    defaultPlan: config.defaultPlan,
    printResetLinks: !config.smtpUrl,
    log,
  });
  const configured = deps.ai ?? createAiEngine(config.ai);
  // A remote model that fails is answered by the built-in engine, so the wizard always gets text.
  const ai =
    configured.name === 'builtin'
      ? configured
      : withFallback(configured, createBuiltinAiEngine(), {
          onFallback: (error, operation) =>
            log.warn({ operation, reason: error.reason }, 'AI engine unavailable; the built-in engine answered'),
        });
  const media = createMediaService({
    db,
    storage: deps.mediaStorage ?? createDiskMediaStorage(path.join(config.dataDir, 'media')),
    rateLimiter,
    imageQueue: deps.imageQueue ?? createImageQueue(defaultImageQueueOptions()),
    maxUploadBytes: config.mediaMaxBytes,
  });
  const planLimits = createPlanLimits({ enabled: config.planLimits });
  const historyStart = (workspaceId: string) => planLimits.historyStart(db, workspaceId, clock.now());
  const channels = createChannelsService({ db, providers, vault, clock, log });
  const insights = createInsightsService({ db, queue, ai, clock, rateLimiter });
  const posts = createPostsService({
    db,
    channels,
    queue,
    media,
    providers,
    vault,
    clock,
    publicUrl: config.publicUrl,
    log,
    planLimits,
    historyStart,
  });
  const workspaces = createWorkspacesService({ db, clock, defaultPlan: config.defaultPlan });
  const signInMethods = createSignInMethodsService({ db, auth });
  const accounts = createAccountsService({
    db,
    providers,
    vault,
    secretBox,
    auth,
    clock,
    publicUrl: config.publicUrl,
    log,
    planLimits,
    defaultPlan: config.defaultPlan,
    signInMethods,
    onConnected: (tx, accountId) => attachAccountHistory(queue, tx, accountId),
  });
  const profile = createProfileService({
    db,
    media,
    mail,
    clock,
    rateLimiter,
    log,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    confirmOwner: auth.confirmOwner,
    historyStart,
  });
  return {
    config,
    clock,
    db,
    queue,
    rateLimiter,
    mail,
    auth,
    providers,
    vault,
    accounts,
    channels,
    signInMethods,
    media,
    posts,
    postImport: createPostImportService({ db, clock, posts, planLimits, log }),
    drafts: createDraftsService({ db, media, clock, publicUrl: config.publicUrl, log }),
    postingQueue: createQueueService({ db, queue, clock, publicUrl: config.publicUrl }),
    linkPreview: createLinkPreviewService({ policy: config.linkFetch, rateLimiter, clock }),
    approvals: createApprovalsService({
      db,
      queue,
      mail,
      clock,
      log,
      publicUrl: config.publicUrl,
      missedAfterMs: config.publishMissedAfterMs,
    }),
    feed: createFeedService({ db, publicUrl: config.publicUrl, historyStart }),
    calendar: createCalendarService({ db, publicUrl: config.publicUrl, historyStart }),
    dashboard: createDashboardService({ db, clock, historyStart }),
    feedback: createFeedbackService({ db, mail, rateLimiter, feedbackEmail: config.feedbackEmail }),
    profile,
    ai,
    reporting: createReportingService({ db, clock, historyStart, publicUrl: config.publicUrl }),
    collection: createCollectionService({ db, queue, clock, rateLimiter }),
    insights,
    enhance: createEnhanceService({ ai, bestHashtags: (workspaceId, network) => insights.bestHashtags(workspaceId, network), log }),
    site: createSiteService({ db, clock, rateLimiter, mail, supportEmail: config.supportEmail }),
    rateLimits: createRateLimitRepository(db),
    health: createHealthRepository(db),
    workspaces,
    apiKeys: createApiKeysService({
      db,
      clock,
      rateLimiter,
      planLimits,
      roleIn: (workspaceId, userId) => workspaces.roleIn(workspaceId, userId),
      rateLimit: config.apiKeyRateLimit,
    }),
    activity: createActivityService({ db }),
    members: createMembersService({ db, clock }),
    invitations: createInvitationsService({
      db,
      clock,
      mail,
      planLimits,
      rateLimiter,
      publicUrl: config.publicUrl,
      printInvitationLinks: !config.smtpUrl,
      log,
    }),
    admin: createAdminService({ db, clock, adminEmails: config.adminEmails }),
    /** For features built later to call requireFeature (white-label, API access, bulk scheduling). */
    planLimits,
    workspaceBranding: createWorkspaceBrandingService({ db, clock, planLimits }),
    webhooks: createWebhooksService({ db, queue, secretBox, clock, allowPrivate: config.webhooks.allowPrivate }),
    /** Webhook deliveries open the signing secrets the routes sealed. */
    secretBox,
  };
}

export type AppServices = ReturnType<typeof createServices>;
