import { wallClockAt, zonedTimeToInstant, zoneOffsetMs } from '@postflow/contract';

export interface DaySpan {
  from: Date;
  to: Date;
}

/**
 * [start, end) cut at each midnight in `timeZone`: the first and last pieces may be parts of days.
 * Each day is as long as the zone makes it (23 or 25 hours on a change), so a day's "first N posts"
 * are that day's own. One look at the zone per day: the next midnight is guessed with the offset in
 * force and checked; only a day with a change asks the contract's helper to resolve it.
 */
export function daysBetween(start: Date, end: Date, timeZone: string): DaySpan[] {
  const days: DaySpan[] = [];
  const wall = wallClockAt(start, timeZone);
  let date = { year: wall.year, month: wall.month, day: wall.day };
  let offset =
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(start.getTime() / 1000) * 1000;
  let from = start;
  while (from < end) {
    const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
    date = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    let midnight = next.getTime() - offset;
    if (zoneOffsetMs(new Date(midnight), timeZone) !== offset) {
      midnight = zonedTimeToInstant({ ...date, hour: 0, minute: 0 }, timeZone).getTime();
      offset = zoneOffsetMs(new Date(midnight), timeZone);
    }
    // A zone whose midnight resolves no later than `from` cannot stall the walk.
    const to = new Date(Math.min(Math.max(midnight, from.getTime() + 3_600_000), end.getTime()));
    days.push({ from, to });
    from = to;
  }
  return days;
}
