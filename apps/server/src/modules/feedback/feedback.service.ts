import type { FeedbackRequest } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { MailService } from '../mail/mail.service';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { createFeedbackRepository } from './feedback.repository';

/** Plenty for a person clicking PRO prompts; a script cannot flood the team's inbox through it. */
export const feedbackLimit: RateLimit = {
  name: 'feedback:user',
  max: 20,
  windowMs: 60 * 60_000,
  message: 'You have sent a lot of feedback in a short time.',
};

/** A header value on one line: a title with a line break must not add headers to the mail. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * Stores feedback and, when FEEDBACK_EMAIL is set, mails it to the team through the outbox in the
 * same transaction: the mail exists exactly when the feedback does.
 */
export function createFeedbackService(deps: {
  db: Database;
  mail: MailService;
  rateLimiter: RateLimiter;
  feedbackEmail: string | undefined;
}) {
  return {
    async submit(userId: string, feedback: FeedbackRequest): Promise<void> {
      await deps.rateLimiter.consume(feedbackLimit, userId);
      await deps.db.transaction(async (tx) => {
        const repository = createFeedbackRepository(tx);
        const id = await repository.insertFeedback({ userId, ...feedback });
        if (!deps.feedbackEmail) return;
        const sender = await repository.contactOf(userId);
        await deps.mail.queue(tx, {
          userId,
          to: deps.feedbackEmail,
          subject: oneLine(`[Postflow feedback] ${feedback.title}`).slice(0, 250),
          text: [
            `Type: ${feedback.type}`,
            `From: ${sender?.name ?? 'unknown'}${sender?.email ? ` <${sender.email}>` : ''} (user ${userId})`,
            `Feedback id: ${id}`,
            '',
            feedback.title,
            '',
            feedback.content,
          ].join('\n'),
        });
      });
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
