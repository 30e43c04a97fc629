import { describe, expect, it } from 'vitest';
import { addDays, defaultRange, rangeErrors } from './range';

describe('defaultRange', () => {
  it('is the last 30 days, today included', () => {
    const now = new Date(2026, 2, 10, 12, 0);
    const range = defaultRange(now);
    expect(range.end >= '2026-03-10').toBe(true);
    expect(addDays(range.start, 29)).toBe(range.end);
  });

  it("ends on the person's today in their zone, the dashboard's last day", () => {
    // 02:00 UTC on 10 March is still the 9th in Los Angeles and already the 10th in Kolkata.
    const now = new Date('2026-03-10T02:00:00Z');
    expect(defaultRange(now, 'America/Los_Angeles')).toEqual({ start: '2026-02-08', end: '2026-03-09' });
    expect(defaultRange(now, 'Asia/Kolkata')).toEqual({ start: '2026-02-09', end: '2026-03-10' });
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('rangeErrors', () => {
  it('accepts a range of one day or more', () => {
    expect(rangeErrors({ start: '2026-03-01', end: '2026-03-01' })).toEqual({});
    expect(rangeErrors({ start: '2026-02-01', end: '2026-03-01' })).toEqual({});
  });

  it('refuses an end before the start', () => {
    expect(rangeErrors({ start: '2026-03-02', end: '2026-03-01' })).toEqual({ end: 'The end date must not be before the start date' });
  });

  it('asks for missing dates', () => {
    expect(rangeErrors({ start: '', end: '' })).toEqual({ start: 'Choose a start date', end: 'Choose an end date' });
  });

  it('refuses more than five years, as the server does', () => {
    expect(rangeErrors({ start: '2020-01-01', end: '2026-01-01' })).toEqual({ start: 'Choose a range of at most five years' });
  });
});
