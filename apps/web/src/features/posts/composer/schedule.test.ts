import { describe, expect, it } from 'vitest';
import {
  BOTH_NEEDED_MESSAGE,
  describeSchedule,
  PAST_MESSAGE,
  scheduledInstant,
  scheduleProblem,
  serverSchedule,
  todayIn,
} from './schedule';

describe('schedule helpers', () => {
  it("gives today's date in the person's zone", () => {
    const now = new Date('2026-03-03T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-03');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-03-04');
    expect(todayIn('America/New_York', now)).toBe('2026-03-03');
  });

  it('turns a local date and time into the UTC date and HH:MM the server wants', () => {
    const instant = scheduledInstant('2026-03-04', '00:30', 'Europe/Berlin');
    expect(instant?.toISOString()).toBe('2026-03-03T23:30:00.000Z');
    expect(serverSchedule(instant as Date)).toEqual({ scheduleDate: '2026-03-03', scheduleTime: '23:30' });
    // Summer time: Berlin is UTC+2.
    expect(serverSchedule(scheduledInstant('2026-07-01', '09:00', 'Europe/Berlin') as Date)).toEqual({
      scheduleDate: '2026-07-01',
      scheduleTime: '07:00',
    });
  });

  it('needs both a date and a time, in the future', () => {
    const now = new Date('2026-03-03T08:30:00Z');
    expect(scheduleProblem('2026-03-03', '', 'Europe/Berlin', now)).toBe(BOTH_NEEDED_MESSAGE);
    expect(scheduleProblem('', '10:00', 'Europe/Berlin', now)).toBe(BOTH_NEEDED_MESSAGE);
    expect(scheduleProblem('2026-03-03', '09:30', 'Europe/Berlin', now)).toBe(PAST_MESSAGE);
    expect(scheduleProblem('2026-03-03', '09:31', 'Europe/Berlin', now)).toBeNull();
  });

  it('describes the moment locally with the zone, and in UTC', () => {
    expect(describeSchedule(new Date('2026-03-03T08:00:00Z'), 'Europe/Berlin', 'en-GB')).toEqual({
      local: 'Tue, 3 Mar 2026, 09:00 (Europe/Berlin)',
      utc: '08:00 UTC',
    });
    expect(describeSchedule(new Date('2026-03-03T23:30:00Z'), 'Europe/Berlin', 'en-GB')).toEqual({
      local: 'Wed, 4 Mar 2026, 00:30 (Europe/Berlin)',
      utc: 'Tue, 3 Mar 2026, 23:30 UTC',
    });
  });

  it('follows the locale’s clock, as the time input does: 12-hour in en-US', () => {
    expect(describeSchedule(new Date('2026-03-03T17:30:00Z'), 'Europe/Berlin', 'en-US')).toEqual({
      local: 'Tue, Mar 3, 2026, 6:30 PM (Europe/Berlin)',
      utc: '5:30 PM UTC',
    });
  });
});
