import type { Queryable } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { sendEmailJob } from './send-email.job';
import { createEmailsRepository } from './emails.repository';

export interface EmailMessage {
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Mail is written to the `emails` table and handed to the `send-email` job in the caller's
 * transaction, so a message exists exactly when the change that caused it was committed.
 */
export function createMailService(deps: { queue: JobQueue }) {
  return {
    async queue(tx: Queryable, message: EmailMessage): Promise<string> {
      const emailId = await createEmailsRepository(tx).insert({
        userId: message.userId,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      await deps.queue.enqueue(sendEmailJob, { emailId }, { id: emailId, tx });
      return emailId;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
