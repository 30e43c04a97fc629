import { confidenceFrom, mannWhitneyP, median } from './statistics';

export interface Comparison {
  /** Median engagement rate of the group, over that of the rest. */
  lift: number;
  adjustedP: number;
  confidence: number;
  groupSize: number;
  restSize: number;
  groupMedianRate: number;
  restMedianRate: number;
}

/** Fewer posts than this on either side, and a comparison says nothing. */
export const MIN_GROUP_SIZE = 5;

/**
 * Compares a group of posts' engagement rates with the rest's. `comparisons` is how many such
 * questions the analysis asks at once (Bonferroni), so asking about 24 hour windows does not
 * turn chance into a finding.
 */
export function compareRates(group: readonly number[], rest: readonly number[], comparisons: number): Comparison | undefined {
  if (group.length < MIN_GROUP_SIZE || rest.length < MIN_GROUP_SIZE) return undefined;
  const groupMedianRate = median(group);
  const restMedianRate = median(rest);
  if (restMedianRate <= 0) return undefined;
  const adjustedP = Math.min(1, mannWhitneyP(group, rest) * comparisons);
  return {
    lift: groupMedianRate / restMedianRate,
    adjustedP,
    confidence: confidenceFrom(adjustedP, Math.min(group.length, rest.length)),
    groupSize: group.length,
    restSize: rest.length,
    groupMedianRate,
    restMedianRate,
  };
}

/**
 * A finding worth telling: unlikely to be chance, and big enough to matter. The threshold is
 * strict because one generation runs about eight analyses (each already corrected for its own
 * comparisons): 0.001 each keeps the chance of any false finding in a run under 1%.
 */
export const SIGNIFICANT_P = 0.001;
export const MEANINGFUL_LIFT = 1.15;

export function isFinding(
  comparison: Comparison | undefined,
  direction: 'better' | 'worse' | 'either' = 'either',
): comparison is Comparison {
  if (!comparison || comparison.adjustedP >= SIGNIFICANT_P) return false;
  const better = comparison.lift >= MEANINGFUL_LIFT;
  const worse = comparison.lift <= 1 / MEANINGFUL_LIFT;
  return direction === 'better' ? better : direction === 'worse' ? worse : better || worse;
}

export function priorityOf(comparison: Comparison): 'high' | 'medium' | 'low' {
  const size = comparison.lift >= 1 ? comparison.lift : 1 / comparison.lift;
  if (size >= 1.3 && comparison.confidence >= 0.7) return 'high';
  if (size >= 1.15 && comparison.confidence >= 0.4) return 'medium';
  return 'low';
}

export const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;
export const times = (lift: number) => `${lift.toFixed(2)}×`;
