import { describe, expect, it } from 'vitest';
import { parseZonedDateTime, startOfDayInZone, startOfMonthInZone, toUtcDateAndTime, zonedTimeToInstant } from './time-zones';

describe('wall-clock times in a time zone', () => {
  it('keeps 09:00 Berlin at 09:00 local across the spring change', () => {
    // Clocks went forward on Sunday 29 March 2026 at 02:00 CET.
    expect(parseZonedDateTime('2026-03-28', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(parseZonedDateTime('2026-03-30', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('resolves a time skipped by the change to the same reading after the jump, and an ambiguous one to its first occurrence', () => {
    expect(parseZonedDateTime('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: first in CEST (00:30 UTC), then in CET.
    expect(parseZonedDateTime('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('handles zones far from UTC and half-hour offsets', () => {
    expect(zonedTimeToInstant({ year: 2026, month: 1, day: 1, hour: 0, minute: 0 }, 'Pacific/Auckland').toISOString()).toBe(
      '2025-12-31T11:00:00.000Z',
    );
    expect(parseZonedDateTime('2026-06-01', '12:00', 'Asia/Kolkata').toISOString()).toBe('2026-06-01T06:30:00.000Z');
    expect(parseZonedDateTime('2026-06-01', '12:00', 'America/New_York').toISOString()).toBe('2026-06-01T16:00:00.000Z');
  });

  it('finds the start of the day and of the month in the person’s zone', () => {
    const lateEvening = new Date('2026-11-30T23:30:00.000Z'); // already 1 December in Berlin
    expect(startOfDayInZone(lateEvening, 'Europe/Berlin').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(startOfMonthInZone(lateEvening, 'Europe/Berlin').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(startOfDayInZone(lateEvening, 'America/Los_Angeles').toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(startOfMonthInZone(lateEvening, 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('splits an instant into the UTC date and time the wizard sends', () => {
    expect(toUtcDateAndTime(new Date('2026-03-30T07:05:00.000Z'))).toEqual({ date: '2026-03-30', time: '07:05' });
  });
});
