/**
 * LinkedIn publishes no standard limits; its Share on LinkedIn page quotes the self-serve figures of
 * 150 requests per member per day and 100,000 per application per day. The throttle is per
 * resource ("Resource level throttle limit"), so each endpoint counts on its own.
 */
export interface LinkedInDailyLimit {
  perMemberPerDay: number | null;
  perAppPerDay: number | null;
}

export const DEFAULT_LINKEDIN_DAILY_LIMIT: LinkedInDailyLimit = { perMemberPerDay: 150, perAppPerDay: 100_000 };
