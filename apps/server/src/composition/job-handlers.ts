import { bindJob, checkHandlers, definedJobs, type JobDefinition, type JobHandler } from '../jobs/job';
import type { Log } from '../lib/logger';
import { createTokenExpiryHandler, tokenExpiryJob } from '../modules/accounts/token-expiry.job';
import { createHistoryImport } from '../modules/analytics/collection/history-import';
import { createImportHistoryHandler, importHistoryJob } from '../modules/analytics/collection/import-history.job';
import { createMetricsSyncService } from '../modules/analytics/collection/metrics-sync.service';
import { createPlanMetricsSyncsHandler, planMetricsSyncsJob } from '../modules/analytics/collection/plan-metrics-syncs.job';
import { createSyncMetricsHandler, syncMetricsJob } from '../modules/analytics/collection/sync-metrics.job';
import { createSyncsRepository } from '../modules/analytics/collection/syncs.repository';
import { createGenerateInsightsHandler, generateInsightsJob } from '../modules/analytics/insights/generate-insights.job';
import { createEmailsRepository } from '../modules/mail/emails.repository';
import { createSmtpMailer } from '../modules/mail/mailer';
import { createSendEmailHandler, sendEmailJob } from '../modules/mail/send-email.job';
import { createMaintenanceHandler, maintenanceJob } from '../modules/maintenance/maintenance.job';
import { createMaintenanceRepository } from '../modules/maintenance/maintenance.repository';
import { createPublishTargetHandler, publishTargetJob } from '../modules/publishing/publish-target.job';
import type { Publisher } from '../modules/publishing/publisher';
import { createWebhookDeliverHandler, webhookDeliverJob } from '../modules/webhooks/webhook-deliver.job';
import { createWebhookFanoutHandler, webhookFanoutJob } from '../modules/webhooks/webhook-fanout.job';
import type { AppServices } from './services';

/** Every job of the app: importing this file loads every module that defines one. */
export function jobDefinitions(): JobDefinition[] {
  return definedJobs();
}

/**
 * Binds every job to its handler, each given only what it needs. Each binding checks the handler's
 * payload type against the job's schema; start-up fails if a defined job is left without a handler.
 */
export function createJobHandlers(services: AppServices, log: Log, engine: { publisher: Publisher; workerId: string }): JobHandler[] {
  const { config, db, clock, queue, providers, vault } = services;
  const handlers = [
    bindJob(
      sendEmailJob,
      createSendEmailHandler({
        emails: createEmailsRepository(db),
        mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl) : undefined,
        mailFrom: config.mailFrom,
        clock,
        log,
      }),
    ),
    bindJob(
      maintenanceJob,
      createMaintenanceHandler({
        repository: createMaintenanceRepository(db),
        sweepUnreferencedMedia: services.media.sweepUnreferenced,
        clock,
      }),
    ),
    bindJob(tokenExpiryJob, createTokenExpiryHandler({ db, mail: services.mail, clock, publicUrl: config.publicUrl, log })),
    bindJob(publishTargetJob, createPublishTargetHandler({ db, publisher: engine.publisher, clock, workerId: engine.workerId })),
    bindJob(
      syncMetricsJob,
      createSyncMetricsHandler({
        sync: createMetricsSyncService({
          db,
          providers,
          vault,
          rateLimits: services.rateLimits,
          clock,
          log,
          linkedInDailyCalls: config.linkedin?.dailyCalls,
        }),
        syncs: createSyncsRepository(db),
        clock,
        log,
      }),
    ),
    bindJob(planMetricsSyncsJob, createPlanMetricsSyncsHandler({ db, queue, clock })),
    bindJob(importHistoryJob, createImportHistoryHandler({ importHistory: createHistoryImport({ db, providers, vault, log }), queue })),
    bindJob(generateInsightsJob, createGenerateInsightsHandler({ generate: services.insights.generateInsights })),
    bindJob(webhookFanoutJob, createWebhookFanoutHandler({ db, queue, clock })),
    bindJob(
      webhookDeliverJob,
      createWebhookDeliverHandler({
        db,
        queue,
        secretBox: services.secretBox,
        mail: services.mail,
        clock,
        publicUrl: config.publicUrl,
        policy: config.webhooks,
      }),
    ),
  ];
  checkHandlers(jobDefinitions(), handlers);
  return handlers;
}
