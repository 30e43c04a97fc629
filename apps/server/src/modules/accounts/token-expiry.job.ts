import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Log } from '../../lib/logger';
import { DAY_MS, type Clock } from '../../lib/clock';
import { createAccountsRepository } from './accounts.repository';
import type { MailService } from '../mail/mail.service';
import { accessExpiryMail } from '../mail/messages/access-expiry';
import { defineJob } from '../../jobs/job';

export const tokenExpiryJob = defineJob({
  name: 'check-token-expiry',
  schema: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 300,
  cron: '15 * * * *',
});

/** LinkedIn's self-serve grants last 60 days and cannot be renewed without the person. */
export const EXPIRY_WARNING_DAYS = [14, 7, 2, 1] as const;

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
      await deps.db.transaction(async (tx) => {
        if (!(await createAccountsRepository(tx).recordExpiryWarning(grant.id, threshold))) return;
        const mail = accessExpiryMail({
          ownerName: grant.ownerName,
          network: grant.network,
          account: grant.displayName ?? grant.username,
          daysLeft,
          accessExpiresAt: grant.accessExpiresAt,
          timeZone: grant.ownerTimeZone,
          publicUrl: deps.publicUrl,
        });
        await deps.mail.queue(tx, { userId: grant.ownerId, to: grant.email as string, ...mail });
      });
      deps.log.info({ accountId: grant.id, daysLeft }, 'access expiry warning queued');
    }
  };
}
