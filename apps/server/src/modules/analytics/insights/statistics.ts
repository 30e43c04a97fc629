/** Small, dependency-free statistics for insights. */

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26 via erf), error < 1.5e-7. */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * Mann–Whitney U test, two-sided, normal approximation with tie correction and continuity
 * correction. It compares ranks, not means, so one viral post cannot make a whole group look
 * better. Answers the p-value (1 when either group is empty).
 */
export function mannWhitneyP(first: readonly number[], second: readonly number[]): number {
  const n1 = first.length;
  const n2 = second.length;
  if (!n1 || !n2) return 1;
  const all = [...first.map((value) => ({ value, group: 1 })), ...second.map((value) => ({ value, group: 2 }))].sort(
    (a, b) => a.value - b.value,
  );
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let start = 0; start < all.length;) {
    let end = start;
    while (end + 1 < all.length && (all[end + 1] as { value: number }).value === (all[start] as { value: number }).value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index += 1) ranks[index] = rank;
    const tied = end - start + 1;
    tieTerm += tied ** 3 - tied;
    start = end + 1;
  }
  let rankSumFirst = 0;
  all.forEach((entry, index) => {
    if (entry.group === 1) rankSumFirst += ranks[index] as number;
  });
  const u = rankSumFirst - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return 1;
  const z = (Math.abs(u - (n1 * n2) / 2) - 0.5) / Math.sqrt(variance);
  return Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))));
}

/**
 * How much to trust a finding, 0–1: how far it is from chance (after correcting for the number of
 * comparisons made) times how much data backs it (the smaller group counts; 30 posts is plenty).
 */
export function confidenceFrom(adjustedP: number, smallerGroup: number): number {
  const significance = Math.max(0, 1 - adjustedP);
  const support = 1 - Math.exp(-smallerGroup / 12);
  return Math.round(significance * support * 1000) / 1000;
}
