import type { Config } from './config/env';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Clock } from './lib/clock';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createHealthRepository } from './modules/health/health.repository';
import { createMailService } from './modules/mail/mail.service';
import { createRateLimitRepository } from './modules/security/rate-limit.repository';
import { createRateLimiter } from './modules/security/rate-limiter';

export interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The composition root: every service wired with its real dependencies. Tests call it too. */
export function createServices(deps: { config: Config; db: Database; queue: JobQueue; clock: Clock; log: Log }) {
  const { config, db, queue, clock, log } = deps;
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
    printResetLinks: !config.smtpUrl,
    log,
  });
  return {
    config,
    clock,
    db,
    queue,
    rateLimiter,
    mail,
    auth,
    health: createHealthRepository(db),
    accounts: createAccountsRepository(db),
  };
}

export type AppServices = ReturnType<typeof createServices>;
