import type { AppServices } from './services';
import type { Log } from '../lib/logger';
import { createEmailsRepository } from '../modules/mail/emails.repository';
import { createSmtpMailer } from '../modules/mail/mailer';
import { createMaintenanceRepository } from '../modules/maintenance/maintenance.repository';
import type { JobDefinition } from '../jobs/job';
import { createMaintenanceHandler, MAINTENANCE_CRON, maintenanceJob } from '../modules/maintenance/maintenance.job';
import { createMetricsSyncService } from '../modules/analytics/collection/metrics-sync.service';
import { createSyncsRepository } from '../modules/analytics/collection/syncs.repository';
import type { Publisher } from '../modules/publishing/publisher';
import { createHistoryImport } from '../modules/analytics/collection/history-import';
import { generateInsightsJob } from '../modules/analytics/insights/generate-insights.job';
import { enqueueFirstSync, importHistoryJob } from '../modules/analytics/collection/import-history.job';
import { createPlanMetricsSyncsHandler, PLAN_METRICS_CRON, planMetricsSyncsJob } from '../modules/analytics/collection/plan-metrics-syncs.job';
import { createSyncMetricsHandler, syncMetricsJob } from '../modules/analytics/collection/sync-metrics.job';
import { createPublishTargetHandler, publishTargetJob } from '../modules/publishing/publish-target.job';
import { createSendEmailHandler, sendEmailJob } from '../modules/mail/send-email.job';
import { createTokenExpiryHandler, TOKEN_EXPIRY_CRON, tokenExpiryJob } from '../modules/accounts/token-expiry.job';
import type { JobHandler } from '../jobs/worker';

export const allJobs: readonly JobDefinition[] = [
  sendEmailJob,
  maintenanceJob,
  tokenExpiryJob,
  publishTargetJob,
  syncMetricsJob,
  planMetricsSyncsJob,
  generateInsightsJob,
  importHistoryJob,
];

/** Recurring jobs (cron in UTC), registered by workers; pg-boss keeps one schedule per name. */
export const recurringJobs: ReadonlyArray<{ job: JobDefinition; cron: string }> = [
  { job: maintenanceJob, cron: MAINTENANCE_CRON },
  { job: tokenExpiryJob, cron: TOKEN_EXPIRY_CRON },
  { job: planMetricsSyncsJob, cron: PLAN_METRICS_CRON },
];

/** Binds each job to its handler with the services it needs. */
export function createJobHandlers(services: AppServices, log: Log, engine: { publisher: Publisher; workerId: string }): JobHandler[] {
  const { config, db, clock } = services;
  const sendEmail = createSendEmailHandler({
    emails: createEmailsRepository(db),
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl) : undefined,
    mailFrom: config.mailFrom,
    clock,
    log,
  });
  const maintenance = createMaintenanceHandler({ repository: createMaintenanceRepository(db), clock });
  const tokenExpiry = createTokenExpiryHandler({ db, mail: services.mail, clock, publicUrl: config.publicUrl, log });
  const publishTarget = createPublishTargetHandler({ db, publisher: engine.publisher, clock, workerId: engine.workerId });
  const syncMetrics = createSyncMetricsHandler({
    sync: createMetricsSyncService({
      db,
      providers: services.providers,
      vault: services.vault,
      rateLimits: services.rateLimits,
      clock,
      log,
      linkedInDailyCalls: config.linkedin?.dailyCalls,
    }),
    syncs: createSyncsRepository(db),
    clock,
    log,
  });
  const planSyncs = createPlanMetricsSyncsHandler({ db, queue: services.queue, clock });
  const importHistory = createHistoryImport({ db, providers: services.providers, vault: services.vault, log });
  return [
    {
      job: importHistoryJob,
      handle: async (payload) => {
        const { accountId } = payload as { accountId: string };
        if ((await importHistory(accountId)) > 0) await enqueueFirstSync(services.queue, accountId);
      },
    },
    { job: syncMetricsJob, handle: (payload) => syncMetrics(payload as Parameters<typeof syncMetrics>[0]) },
    { job: planMetricsSyncsJob, handle: () => planSyncs() },
    {
      job: generateInsightsJob,
      handle: async (payload) => {
        const { userId, platform } = payload as { userId: string; platform: 'all' | 'x' | 'linkedin' };
        await services.analytics.generateInsights(userId, platform);
      },
    },
    { job: publishTargetJob, handle: (payload) => publishTarget(payload as { targetId: string }) },
    { job: sendEmailJob, handle: (payload) => sendEmail(payload as { emailId: string }) },
    { job: maintenanceJob, handle: () => maintenance() },
    { job: tokenExpiryJob, handle: () => tokenExpiry() },
  ];
}
