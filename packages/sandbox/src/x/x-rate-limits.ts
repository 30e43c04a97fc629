/**
 * Current per-endpoint limits from docs/networks.md, X · Rate limits (15-minute windows unless "Day").
 * `perUserDay` on POST /2/tweets is X's account-level 2,400 posts a day (a help-centre figure);
 * it feeds the `x-user-limit-24hour-*` headers, which are observed rather than documented.
 */
export interface XLimitRule {
  perUser: number | null;
  perApp: number | null;
  windowMs: number;
  perUserDay: number | null;
  perAppDay: number | null;
  /** Emit `x-user-limit-24hour-*` / `x-app-limit-24hour-*` (observed only on POST /2/tweets). */
  dailyHeaders: boolean;
}

export const X_RATE_LIMITED_ENDPOINTS = [
  'x.users.me',
  'x.users.tweets',
  'x.tweets.create',
  'x.tweets.delete',
  'x.tweets.lookup',
  'x.tweets.get',
  'x.media.upload',
  'x.media.status',
  'x.media.initialize',
  'x.media.append',
  'x.media.finalize',
  'x.media.metadata',
] as const;

export type XRateLimitedEndpoint = (typeof X_RATE_LIMITED_ENDPOINTS)[number];

const FIFTEEN_MINUTES = 15 * 60_000;

function rule(perUser: number | null, perApp: number | null, day: Partial<XLimitRule> = {}): XLimitRule {
  return { perUser, perApp, windowMs: FIFTEEN_MINUTES, perUserDay: null, perAppDay: null, dailyHeaders: false, ...day };
}

export function defaultXRateLimits(): Record<XRateLimitedEndpoint, XLimitRule> {
  return {
    'x.users.me': rule(75, null),
    'x.users.tweets': rule(900, 10_000),
    'x.tweets.create': rule(100, null, { perAppDay: 10_000, perUserDay: 2_400, dailyHeaders: true }),
    'x.tweets.delete': rule(50, null),
    'x.tweets.lookup': rule(5_000, 3_500),
    'x.tweets.get': rule(900, 450),
    'x.media.upload': rule(500, null, { perAppDay: 50_000 }),
    'x.media.status': rule(1_000, null, { perAppDay: 100_000 }),
    'x.media.initialize': rule(1_875, null, { perAppDay: 180_000 }),
    'x.media.append': rule(1_875, null, { perAppDay: 180_000 }),
    'x.media.finalize': rule(1_875, null, { perAppDay: 180_000 }),
    'x.media.metadata': rule(500, null, { perAppDay: 50_000 }),
  };
}
