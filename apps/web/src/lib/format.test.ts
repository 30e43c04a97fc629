import { describe, expect, it } from 'vitest';
import { formatCount, formatRate, formatRelativeTime, formatTrend } from './format';

describe('formatCount (K from 1,000, M from 1,000,000, one decimal)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_500, '1.5K'],
    [1_549, '1.5K'],
    [1_550, '1.6K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
    [1_250_000_000, '1250.0M'],
    [-1_500, '-1.5K'],
    [Number.NaN, '0'],
  ])('%d → %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });
});

describe('formatRate', () => {
  it.each([
    [0, '0.00%'],
    [2.8, '2.80%'],
    [3.14159, '3.14%'],
    [100, '100.00%'],
  ])('%d → %s', (value, expected) => {
    expect(formatRate(value)).toBe(expected);
  });
});

describe('formatTrend (positive at or above 0, "+" above 0)', () => {
  it.each([
    [12.5, '+12.5%'],
    [50, '+50%'],
    [0, '0%'],
    [-0.01, '0%'],
    [-33.3, '-33.3%'],
    [-100, '-100%'],
  ])('%d → %s', (value, expected) => {
    expect(formatTrend(value)).toBe(expected);
  });
});

describe('formatRelativeTime (docs/product.md, Shared rules · Numbers and times)', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [60 * SECOND, '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [6 * DAY + 23 * HOUR, '6d ago'],
  ])('%d ms ago → %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('shows the locale date from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * DAY), now, 'en-US')).toBe(ago(7 * DAY).toLocaleDateString('en-US'));
    expect(formatRelativeTime('2025-12-25T12:00:00.000Z', now, 'de-DE')).toBe(
      new Date('2025-12-25T12:00:00.000Z').toLocaleDateString('de-DE'),
    );
  });

  it('reads a time a little ahead of the clock as just now, and an unreadable one as nothing', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe('Just now');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
