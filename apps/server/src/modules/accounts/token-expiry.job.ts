import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { Clock } from '../../lib/clock';
import { createAccountsRepository } from './accounts.repository';
import type { MailService } from '../mail/mail.service';
import { defineJob } from '../../jobs/job';

export const tokenExpiryJob = defineJob({
  name: 'check-token-expiry',
  schema: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 300,
});
export const TOKEN_EXPIRY_CRON = '15 * * * *';

/** LinkedIn's self-serve grants last 60 days and cannot be renewed without the person. */
export const EXPIRY_WARNING_DAYS = [14, 7, 2, 1] as const;
const DAY_MS = 86_400_000;

/**
 * Warns the owner of an account whose access grant is about to end, once per threshold, by email
 * (the Connect Accounts page shows the date as well). Runs hourly; idempotent.
 */
export function createTokenExpiryHandler(deps: { db: Database; mail: MailService; clock: Clock; publicUrl: string; log: Log }) {
  return async (): Promise<void> => {
    const now = deps.clock.now();
    const accounts = createAccountsRepository(deps.db);
    for (const grant of await accounts.expiringGrants(now, EXPIRY_WARNING_DAYS[0])) {
      const daysLeft = Math.max(0, Math.ceil((grant.accessExpiresAt.getTime() - now.getTime()) / DAY_MS));
      const threshold = [...EXPIRY_WARNING_DAYS].reverse().find((days) => daysLeft <= days);
      if (threshold === undefined || (grant.expiryWarningDays !== null && grant.expiryWarningDays <= threshold)) continue;
      if (!grant.email) continue;
      const name = grant.network === 'x' ? 'X' : 'LinkedIn';
      const account = grant.displayName ?? grant.username ?? name;
      await deps.db.transaction(async (tx) => {
        if (!(await createAccountsRepository(tx).recordExpiryWarning(grant.id, threshold))) return;
        await deps.mail.queue(tx, {
          userId: grant.userId,
          to: grant.email as string,
          subject: `Your ${name} connection ends in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`,
          text: [
            `Hello ${grant.ownerName},`,
            '',
            `${name} grants Postflow access to "${account}" for a limited time, and that access ends on ${grant.accessExpiresAt.toUTCString()}.`,
            `After that, scheduled posts for this account cannot go out. Reconnect it now (it takes a few seconds):`,
            '',
            `${deps.publicUrl}/connect-accounts`,
          ].join('\n'),
        });
      });
      deps.log.info({ accountId: grant.id, daysLeft }, 'access expiry warning queued');
    }
  };
}
