import { describe, expect, it } from 'vitest';
import { engagementRate, growthPercent } from './dashboard-math';

describe('growthPercent (docs/product.md, Dashboard · Figures)', () => {
  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [100, 100, 0],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [0, 4, -100],
  ])('%d against %d is %d%%', (current, previous, expected) => {
    expect(growthPercent(current, previous)).toBe(expected);
  });

  it('is 0 when there is no previous value, however much there is now', () => {
    expect(growthPercent(12, 0)).toBe(0);
    expect(growthPercent(0, 0)).toBe(0);
  });
});

describe('engagementRate', () => {
  it('is engagements per 100 impressions', () => {
    expect(engagementRate(25, 1000)).toBe(2.5);
    expect(engagementRate(1, 3)).toBe(33.3333);
  });

  it('is unknown (null) without impressions', () => {
    expect(engagementRate(10, 0)).toBeNull();
  });
});
