import { describe, expect, it } from 'vitest';
import { formatPostDate, scheduleLabel, toLocalInputValue } from './schedule-time';

const utc = { locale: 'en-US', timeZone: 'UTC' };
// A Wednesday, mid-afternoon.
const now = new Date('2026-03-11T15:00:00Z');
const label = (iso: string | null | undefined) => scheduleLabel(iso, now, utc);

describe('scheduleLabel (relative schedule times)', () => {
  it("says 'Not scheduled' without a time", () => {
    expect(label(null)).toBe('Not scheduled');
    expect(label('')).toBe('Not scheduled');
    expect(label(undefined)).toBe('Not scheduled');
  });

  it('counts overdue posts in calendar days', () => {
    expect(label('2026-03-10T23:59:00Z')).toBe('Overdue by 1 day');
    expect(label('2026-03-08T09:00:00Z')).toBe('Overdue by 3 days');
  });

  it("says 'Today at {time}' for later today, and for earlier today while it waits to go out", () => {
    expect(label('2026-03-11T18:30:00Z')).toBe('Today at 6:30 PM');
    expect(label('2026-03-11T14:59:00Z')).toBe('Today at 2:59 PM');
  });

  it("says 'Tomorrow at {time}' for the next calendar day, even less than 24 hours ahead", () => {
    expect(label('2026-03-12T00:05:00Z')).toBe('Tomorrow at 12:05 AM');
    expect(label('2026-03-12T23:00:00Z')).toBe('Tomorrow at 11:00 PM');
  });

  it("says 'In N days - {weekday time}' up to 7 days ahead", () => {
    expect(label('2026-03-13T09:00:00Z')).toBe('In 2 days - Friday 9:00 AM');
    expect(label('2026-03-18T09:00:00Z')).toBe('In 7 days - Wednesday 9:00 AM');
  });

  it('gives the full date beyond 7 days', () => {
    expect(label('2026-03-19T09:00:00Z')).toBe('Thu, Mar 19, 2026, 9:00 AM');
  });

  it('counts days in the viewer’s zone: 23:30 UTC is already tomorrow in Berlin', () => {
    expect(scheduleLabel('2026-03-11T23:30:00Z', now, { locale: 'en-US', timeZone: 'Europe/Berlin' })).toBe('Tomorrow at 12:30 AM');
  });

  it("says 'Invalid date' for a value that is not a date", () => {
    expect(label('next tuesday')).toBe('Invalid date');
  });
});

describe('formatPostDate (date display fallbacks)', () => {
  it('formats a date with its time', () => {
    expect(formatPostDate('2026-03-11T15:04:00Z', utc)).toBe('Mar 11, 2026, 3:04 PM');
  });
  it("answers 'No date available', 'Invalid date' and 'Date error'", () => {
    expect(formatPostDate(null, utc)).toBe('No date available');
    expect(formatPostDate('not a date', utc)).toBe('Invalid date');
    expect(formatPostDate('2026-03-11T15:04:00Z', { locale: 'en-US', timeZone: 'Not/AZone' })).toBe('Date error');
  });
});

describe('toLocalInputValue', () => {
  it('formats a date for a datetime-local input in the local zone', () => {
    expect(toLocalInputValue(new Date(2026, 2, 5, 7, 9))).toBe('2026-03-05T07:09');
  });
});
