import { zonedTimeToInstant } from '@postflow/contract';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './calendar-days';

/** Every midnight the slow way, to compare with the walk's. */
function midnights(start: Date, end: Date, timeZone: string): string[] {
  const out: string[] = [];
  for (
    let day = new Date(start.getTime() - 2 * 86_400_000);
    day.getTime() < end.getTime() + 2 * 86_400_000;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    const instant = zonedTimeToInstant(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 },
      timeZone,
    );
    if (instant > start && instant < end) out.push(instant.toISOString());
  }
  return [...new Set(out)].sort();
}

describe('daysBetween', () => {
  for (const timeZone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata']) {
    it(`cuts six weeks around both changes at the zone's midnights (${timeZone})`, () => {
      for (const startIso of ['2026-03-02T05:17:00Z', '2026-10-05T00:00:00Z', '2026-08-20T12:00:00Z', '2026-03-29T01:30:00Z']) {
        const start = new Date(startIso);
        const end = new Date(start.getTime() + 45 * 86_400_000);
        const days = daysBetween(start, end, timeZone);
        expect(days[0]?.from).toEqual(start);
        expect(days.at(-1)?.to).toEqual(end);
        expect(days.slice(1).map((day) => day.from.toISOString())).toEqual(midnights(start, end, timeZone));
      }
    });
  }

  it("gives Berlin's spring day 23 hours and its autumn day 25", () => {
    const spring = daysBetween(new Date('2026-03-28T23:00:00Z'), new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin');
    expect(spring.map((day) => (day.to.getTime() - day.from.getTime()) / 3_600_000)).toEqual([23]);
    const autumn = daysBetween(new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z'), 'Europe/Berlin');
    expect(autumn.map((day) => (day.to.getTime() - day.from.getTime()) / 3_600_000)).toEqual([25]);
  });
});
