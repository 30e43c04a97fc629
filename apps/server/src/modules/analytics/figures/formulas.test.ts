import { describe, expect, it } from 'vitest';
import { engagementRate, engagementRateText, growthPercent } from './formulas';

describe('engagementRate (docs/product.md, Shared rules · Figures)', () => {
  it('is engagements per 100 impressions, to two decimals', () => {
    expect(engagementRate(25, 1000)).toBe(2.5);
    expect(engagementRate(1, 3)).toBe(33.33);
  });

  it('rounds once, on the server, so every screen printing two decimals prints the same ones', () => {
    // 19 / 1,008 = 1.88492…%: rounded to three decimals (1.885) and printed with two it read 1.89 on analytics,
    // rounded to four (1.8849) it read 1.88 on the dashboard.
    expect(engagementRate(19, 1008)).toBe(1.88);
    expect(engagementRate(19, 1008)!.toFixed(2)).toBe('1.88');
  });

  it('is the rate of the sums, not the average of each post rate', () => {
    // A post seen by 10 with 5 engagements and one seen by 10,000 with 100: 105 / 10,010, not (50% + 1%) / 2.
    expect(engagementRate(5 + 100, 10 + 10_000)).toBe(1.05);
  });

  it('is unknown (null) without impressions', () => {
    expect(engagementRate(10, 0)).toBeNull();
  });

  it("words the profile's rate with two decimals, '0%' when unknown", () => {
    expect(engagementRateText(null)).toBe('0%');
    expect(engagementRateText(0)).toBe('0.00%');
    expect(engagementRateText(3.45)).toBe('3.45%');
  });
});

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

  it('has no value when the period before had nothing, however much there is now', () => {
    expect(growthPercent(12, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
  });
});
