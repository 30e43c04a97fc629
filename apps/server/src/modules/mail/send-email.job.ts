import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { EmailsRepository } from './emails.repository';
import type { Mailer } from './mailer';
import { defineJob } from '../../jobs/job';

export const sendEmailJob = defineJob({
  name: 'send-email',
  schema: z.object({ emailId: z.uuid() }),
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
});

export interface SendEmailDeps {
  emails: EmailsRepository;
  /** Undefined without SMTP_URL: the message stays in the outbox table. */
  mailer: Mailer | undefined;
  mailFrom: string;
  clock: Clock;
  log: { info(object: object, message: string): void };
}

export function createSendEmailHandler(deps: SendEmailDeps) {
  return async ({ emailId }: z.output<typeof sendEmailJob.schema>): Promise<void> => {
    const email = await deps.emails.findById(emailId);
    // Already delivered, or deleted: a repeated delivery of this job must not send twice.
    if (!email || email.status === 'sent') return;
    if (!deps.mailer) {
      await deps.emails.markStored(email.id);
      deps.log.info({ emailId, subject: email.subject }, 'email kept in the outbox (SMTP_URL is not set)');
      return;
    }
    await deps.mailer.deliver({
      from: deps.mailFrom,
      to: email.toAddress,
      subject: email.subject,
      text: email.textBody,
      ...(email.htmlBody ? { html: email.htmlBody } : {}),
    });
    await deps.emails.markSent(email.id, deps.clock.now());
  };
}
