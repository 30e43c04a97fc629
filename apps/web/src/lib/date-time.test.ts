import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, formatWhen } from './date-time';

const now = new Date('2026-11-26T10:00:00Z');

describe('date-time (docs/product.md, Shared rules · Numbers and times)', () => {
  it('says when in the person’s zone, with the clock of their locale', () => {
    expect(formatWhen('2026-11-26T17:30:00Z', now, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe('Thu 26 Nov, 17:30');
    expect(formatWhen('2026-11-26T17:30:00Z', now, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Thu, Nov 26, 12:30 PM');
  });

  it('adds the year only when it is not this year’s', () => {
    expect(formatWhen('2027-01-05T09:00:00Z', now, { locale: 'en-GB', timeZone: 'UTC' })).toBe('Tue, 5 Jan 2027, 09:00');
  });

  it('never mixes clocks: times and full dates follow the same locale', () => {
    expect(formatTime('2026-11-26T17:30:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('17:30');
    expect(formatDateTime('2026-11-26T17:30:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('26 Nov 2026, 17:30');
    expect(formatDateTime('2026-03-10T08:30:00.000Z', { locale: 'en-US', timeZone: 'Europe/Berlin' })).toBe('Mar 10, 2026, 9:30 AM');
    expect(formatTime('2026-11-26T17:30:00Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('5:30 PM');
  });

  it('shows nothing for an instant that is not one', () => {
    expect(formatWhen('soon', now)).toBe('');
  });
});
