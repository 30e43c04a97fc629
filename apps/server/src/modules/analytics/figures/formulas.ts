/**
 * The formulas behind the figures every screen shows (docs/product.md, Shared rules · Figures). Rounded here, once,
 * so that screens which print two decimals all print the same ones.
 */

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // + 0 turns -0 into 0, so a tiny negative never shows as "-0".
  return Math.round(value * factor) / factor + 0;
};

/**
 * Engagements per 100 impressions, over the posts whose impressions are known and above 0: the sum of their
 * engagements over the sum of their impressions (not an average of each post's rate, which lets a post seen
 * by ten people weigh as much as one seen by ten thousand). Two decimals; null when no impressions are known.
 */
export function engagementRate(ratedEngagements: number, ratedImpressions: number): number | null {
  if (ratedImpressions <= 0) return null;
  return roundTo((ratedEngagements / ratedImpressions) * 100, 2);
}

/** The rate as the profile's call words it: '3.45%', and '0%' when no impressions are known. */
export const engagementRateText = (rate: number | null) => (rate === null ? '0%' : `${rate.toFixed(2)}%`);

/**
 * Growth in per cent, (current − previous) / previous × 100 to one decimal; null when the period before has
 * nothing (a new account, or nothing then), because a change from nothing has no percentage.
 */
export function growthPercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return roundTo(((current - previous) / previous) * 100, 1);
}
