import { describe, expect, it } from 'vitest';
import { parseScheduleTime } from './schedule-time';

const instant = (cell: string, zone: string) => {
  const parsed = parseScheduleTime(cell, zone);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
};

describe('scheduled_at in the bulk import', () => {
  it('reads ISO 8601 with an offset as written, whatever the person’s zone', () => {
    expect(instant('2027-03-02T09:00:00+01:00', 'America/New_York').instant.toISOString()).toBe('2027-03-02T08:00:00.000Z');
    expect(instant('2027-03-02T09:00Z', 'Asia/Tokyo').instant.toISOString()).toBe('2027-03-02T09:00:00.000Z');
    expect(instant('2027-03-02 09:00:30.5-0530', 'UTC').instant.toISOString()).toBe('2027-03-02T14:30:30.000Z');
  });

  it('reads a local date and time in the person’s zone', () => {
    expect(instant('2027-01-15 09:00', 'Europe/Berlin').instant.toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(instant('2027-07-15 09:00', 'Europe/Berlin').instant.toISOString()).toBe('2027-07-15T07:00:00.000Z');
    expect(instant('2027-07-15 09:00', 'UTC').instant.toISOString()).toBe('2027-07-15T09:00:00.000Z');
  });

  it('moves a time skipped by the spring-forward change to the first valid instant, and says so', () => {
    // Europe/Berlin, 28 March 2027: 02:00 CET becomes 03:00 CEST.
    const parsed = instant('2027-03-28 02:30', 'Europe/Berlin');
    expect(parsed.instant.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(parsed.note).toBe(
      '2027-03-28 02:30 does not exist in Europe/Berlin (the clocks jump forward that night); it is scheduled at 03:00, the first time after it.',
    );
  });

  it('takes the first of a time that happens twice when the clocks go back, and says so', () => {
    // Europe/Berlin, 31 October 2027: 03:00 CEST becomes 02:00 CET, so 02:30 happens twice.
    const parsed = instant('2027-10-31 02:30', 'Europe/Berlin');
    expect(parsed.instant.toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(parsed.note).toMatch(/happens twice in Europe\/Berlin/);
    expect(instant('2027-10-31 09:00', 'Europe/Berlin').note).toBeUndefined();
  });

  it('refuses what is not a date and time, and dates not on the calendar', () => {
    expect(parseScheduleTime('05/03/2027 09:00', 'UTC')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/2027-03-02 09:00 \(in your time zone, UTC\)/),
    });
    expect(parseScheduleTime('2027-02-30 09:00', 'UTC')).toEqual({ ok: false, message: '2027-02-30 is not a date on the calendar.' });
    expect(parseScheduleTime('2027-02-10 24:00', 'UTC')).toEqual({ ok: false, message: '24:00 is not a time of day.' });
    expect(parseScheduleTime('2027-02-10T09:00+25:00', 'UTC')).toMatchObject({ ok: false });
  });
});
