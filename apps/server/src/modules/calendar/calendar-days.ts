import { wallClockAt, zonedTimeToInstant } from '@postflow/contract';

export interface DaySpan {
  from: Date;
  to: Date;
}

/** The midnight that starts the day after the one holding `instant`, in `timeZone` (a 23- or 25-hour day on a change). */
function nextMidnight(instant: Date, timeZone: string): Date {
  const wall = wallClockAt(instant, timeZone);
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return zonedTimeToInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 },
    timeZone,
  );
}

/**
 * [start, end) cut at each midnight in `timeZone`: the first and last pieces may be parts of days.
 * Each day is as long as the zone makes it, so a day's "first N posts" are that day's own.
 */
export function daysBetween(start: Date, end: Date, timeZone: string): DaySpan[] {
  const days: DaySpan[] = [];
  let from = start;
  while (from < end) {
    const midnight = nextMidnight(from, timeZone);
    // A zone whose midnight resolves no later than `from` cannot stall the walk.
    const to = new Date(Math.min(Math.max(midnight.getTime(), from.getTime() + 3_600_000), end.getTime()));
    days.push({ from, to });
    from = to;
  }
  return days;
}
