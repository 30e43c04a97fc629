import type { RateLimit } from '../security/rate-limiter';

const MINUTE = 60_000;

/** Generous for people, tight for scripts guessing passwords or flooding inboxes. */
export const authLimits = {
  loginPerIp: { name: 'login:ip', max: 50, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts from this network.' },
  loginPerEmail: { name: 'login:email', max: 10, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts for this account.' },
  registerPerIp: { name: 'register:ip', max: 20, windowMs: 60 * MINUTE, message: 'Too many new accounts from this network.' },
  resetPerIp: { name: 'reset:ip', max: 10, windowMs: 60 * MINUTE, message: 'Too many password reset requests from this network.' },
  resetPerEmail: { name: 'reset:email', max: 3, windowMs: 60 * MINUTE, message: 'Too many password reset requests for this address.' },
} satisfies Record<string, RateLimit>;
