import { describe, expect, it } from 'vitest';
import { dayIn, lastDays, periodBefore, periodOf } from './period';

describe('periods (docs/product.md, Shared rules · Figures)', () => {
  it('are whole days in the person’s zone, from midnight to midnight', () => {
    const period = periodOf('2026-03-01', '2026-03-30', 'America/Los_Angeles');
    expect(period.start.toISOString()).toBe('2026-03-01T08:00:00.000Z');
    // Daylight saving began on 8 March: the end is midnight at UTC−7.
    expect(period.end.toISOString()).toBe('2026-03-31T07:00:00.000Z');
  });

  it('last N days end today in the zone, today included', () => {
    // 02:00 UTC on 10 March is still 9 March in Los Angeles, and already 10 March in Kolkata.
    const now = new Date('2026-03-10T02:00:00Z');
    expect(lastDays(7, now, 'America/Los_Angeles')).toMatchObject({ firstDay: '2026-03-03', lastDay: '2026-03-09' });
    expect(lastDays(7, now, 'Asia/Kolkata')).toMatchObject({ firstDay: '2026-03-04', lastDay: '2026-03-10' });
    expect(lastDays(30, now, 'UTC').start.toISOString()).toBe('2026-02-09T00:00:00.000Z');
  });

  it('the period before has as many days, just before', () => {
    const before = periodBefore(periodOf('2026-03-01', '2026-03-30', 'Asia/Kolkata'));
    expect(before).toMatchObject({ firstDay: '2026-01-30', lastDay: '2026-02-28' });
    expect(before.end).toEqual(periodOf('2026-03-01', '2026-03-01', 'Asia/Kolkata').start);
  });

  it('names the day an instant falls on in a zone', () => {
    expect(dayIn(new Date('2026-03-10T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-10T02:00:00Z'), 'UTC')).toBe('2026-03-10');
  });
});
