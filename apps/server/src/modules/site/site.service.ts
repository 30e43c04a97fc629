import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { MailService } from '../mail/mail.service';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { createContactMessagesRepository, type NewContactMessage } from './contact-messages.repository';

/** Enough for a person who has more to add; too few to flood the operator's inbox from one address. */
export const contactLimitPerIp: RateLimit = {
  name: 'contact:ip',
  max: 5,
  windowMs: 60 * 60 * 1000,
  message: 'Too many messages from this network.',
};

export const CONTACT_THANKS = 'Thank you! Your message has been sent successfully.';

/** Header values must stay on one line: a subject with a line break could smuggle in headers. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function contactEmailText(message: NewContactMessage, receivedAt: Date): string {
  return [
    `${oneLine(message.name)} <${message.email}> wrote through the contact form on ${receivedAt.toISOString()}.`,
    'Reply to the address above; replying to this email will not reach them.',
    '',
    `Subject: ${oneLine(message.title)}`,
    '',
    message.content,
  ].join('\n');
}

export function createSiteService(deps: {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  mail: MailService;
  /** SUPPORT_EMAIL; without it messages are only stored. */
  supportEmail: string | undefined;
}) {
  return {
    info(): { supportEmail: string | null } {
      return { supportEmail: deps.supportEmail ?? null };
    },

    /** Stores the message and, when a support address is set, queues the mail in the same transaction. */
    async submitContact(message: NewContactMessage, meta: { ip: string }): Promise<{ id: string; message: string }> {
      await deps.rateLimiter.consume(contactLimitPerIp, meta.ip);
      const receivedAt = deps.clock.now();
      const id = await deps.db.transaction(async (tx) => {
        const messages = createContactMessagesRepository(tx);
        const messageId = await messages.insert(message, receivedAt);
        if (deps.supportEmail) {
          const emailId = await deps.mail.queue(tx, {
            userId: null,
            to: deps.supportEmail,
            subject: `[Postflow contact] ${oneLine(message.title)}`.slice(0, 250),
            text: contactEmailText(message, receivedAt),
          });
          await messages.linkEmail(messageId, emailId);
        }
        return messageId;
      });
      return { id, message: CONTACT_THANKS };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
