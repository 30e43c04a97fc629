import type { AppServices, Log } from '../deps';
import { createEmailsRepository } from '../modules/mail/emails.repository';
import { createSmtpMailer } from '../modules/mail/mailer';
import type { JobDefinition } from './job';
import { createSendEmailHandler, sendEmailJob } from './send-email.job';
import type { JobHandler } from './worker';

export const allJobs: readonly JobDefinition[] = [sendEmailJob];

/** Binds each job to its handler with the services it needs. */
export function createJobHandlers(services: AppServices, log: Log): JobHandler[] {
  const { config, db, clock } = services;
  const sendEmail = createSendEmailHandler({
    emails: createEmailsRepository(db),
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl) : undefined,
    mailFrom: config.mailFrom,
    clock,
    log,
  });
  return [{ job: sendEmailJob, handle: (payload) => sendEmail(payload as { emailId: string }) }];
}
