/** docs/product.md, Dashboard · Figures: growth % = (current − previous) / previous × 100, and 0 when there is no previous value. One decimal. */
export function growthPercent(current: number, previous: number): number {
  if (!previous) return 0;
  return roundTo(((current - previous) / previous) * 100, 1);
}

/** Engagements per 100 impressions, to 4 decimals; null when no impressions are known. */
export function engagementRate(engagements: number, impressions: number): number | null {
  if (impressions <= 0) return null;
  return roundTo((engagements / impressions) * 100, 4);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // + 0 turns -0 into 0, so a tiny negative never shows as "-0".
  return Math.round(value * factor) / factor + 0;
}
