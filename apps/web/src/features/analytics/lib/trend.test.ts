import { describe, expect, it } from 'vitest';
import { addDays } from './range';
import { bucketLabel, compactTrend, MAX_TREND_POINTS } from './trend';

function days(count: number, value: (index: number) => number = () => 1) {
  return Array.from({ length: count }, (_, index) => ({ date: addDays('2026-03-01', index), value: value(index) }));
}

describe('compactTrend', () => {
  it('keeps a range of 7 days or fewer as it is, one point per day', () => {
    expect(compactTrend(days(3, (i) => i * 10))).toEqual([
      { start: '2026-03-01', end: '2026-03-01', value: 0 },
      { start: '2026-03-02', end: '2026-03-02', value: 10 },
      { start: '2026-03-03', end: '2026-03-03', value: 20 },
    ]);
    expect(compactTrend(days(7))).toHaveLength(7);
    expect(compactTrend([])).toEqual([]);
  });

  it('sums 30 days into 7 consecutive buckets that cover the whole range', () => {
    const trend = days(30, (i) => i);
    const buckets = compactTrend(trend);

    expect(buckets).toHaveLength(MAX_TREND_POINTS);
    expect(buckets[0]?.start).toBe('2026-03-01');
    expect(buckets.at(-1)?.end).toBe('2026-03-30');
    for (let i = 1; i < buckets.length; i += 1) expect(buckets[i]?.start).toBe(addDays(buckets[i - 1]?.end ?? '', 1));
    expect(buckets.reduce((sum, bucket) => sum + bucket.value, 0)).toBe(trend.reduce((sum, point) => sum + point.value, 0));
    const lengths = buckets.map((bucket) => (Date.parse(bucket.end) - Date.parse(bucket.start)) / 86_400_000 + 1);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
  });

  it('caps at 7 points for 8 days and for a year', () => {
    expect(compactTrend(days(8))).toHaveLength(7);
    expect(compactTrend(days(365))).toHaveLength(7);
  });
});

describe('bucketLabel', () => {
  it('names one day, or the first and last day of a bucket', () => {
    const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(bucketLabel({ start: '2026-03-04', end: '2026-03-04', value: 0 })).toBe(day.format(Date.UTC(2026, 2, 4)));
    expect(bucketLabel({ start: '2026-03-01', end: '2026-03-05', value: 0 })).toBe(
      `${day.format(Date.UTC(2026, 2, 1))} – ${day.format(Date.UTC(2026, 2, 5))}`,
    );
  });
});
