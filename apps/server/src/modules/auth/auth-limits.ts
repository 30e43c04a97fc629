import type { RateLimit } from '../security/rate-limiter';

const MINUTE = 60_000;

/**
 * Generous for people, tight for scripts guessing passwords or flooding inboxes. Password guesses
 * are refused per address and per (address, account), never per account alone: someone elsewhere
 * must not be able to lock the owner out. Per account they only slow down (decision 108).
 */
export const authLimits = {
  loginPerIp: { name: 'login:ip', max: 50, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts from this network.' },
  loginPerIpAndAccount: {
    name: 'login:ip-email',
    max: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts for this account from this network.',
  },
  /** Failed passwords per account, from anywhere: past `max`, each attempt waits (`loginSlowdownMs`). */
  loginFailuresPerAccount: { name: 'login:fail:email', max: 10, windowMs: 15 * MINUTE, message: 'Too many failed sign-ins.' },
  registerPerIp: { name: 'register:ip', max: 20, windowMs: 60 * MINUTE, message: 'Too many new accounts from this network.' },
  resetPerIp: { name: 'reset:ip', max: 10, windowMs: 60 * MINUTE, message: 'Too many password reset requests from this network.' },
  resetPerEmail: { name: 'reset:email', max: 3, windowMs: 60 * MINUTE, message: 'Too many password reset requests for this address.' },
  /** Wrong current passwords when changing the email or password, per person. */
  reauthPerUser: { name: 'reauth:user', max: 10, windowMs: 15 * MINUTE, message: 'Too many attempts with the current password.' },
} satisfies Record<string, RateLimit>;

const SLOWDOWN_STEP_MS = 250;
export const SLOWDOWN_MAX_MS = 5_000;

/**
 * How long a password sign-in waits after `failures` failed ones for the account in the window:
 * nothing up to the limit, then 250 ms doubling per failure, at most 5 s. The owner still gets in
 * (late); a guesser from many addresses gets a few guesses a second at most per connection.
 */
export function loginSlowdownMs(failures: number): number {
  const over = failures - authLimits.loginFailuresPerAccount.max;
  if (over <= 0) return 0;
  return Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_STEP_MS * 2 ** Math.min(over - 1, 10));
}
