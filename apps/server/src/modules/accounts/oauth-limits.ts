import type { RateLimit } from '../security/rate-limiter';

/**
 * Each sign-in with X or LinkedIn stores a round trip (oauth_states) before anyone is known, so
 * starts are limited per address: far above a person's clicks, far below a flood (decision 112).
 */
export const oauthStartPerIp = {
  name: 'oauth-start:ip',
  max: 30,
  windowMs: 15 * 60_000,
  message: 'Too many sign-in attempts with X or LinkedIn from this network.',
} satisfies RateLimit;
