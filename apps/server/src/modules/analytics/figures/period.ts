import { wallClockAt, zonedTimeToInstant } from '@postflow/contract';
import { DAY_MS } from '../../../lib/clock';

/**
 * The days a figure covers (docs/product.md, Shared rules · Figures): whole calendar days in the person's time
 * zone, both ends included, from midnight that starts the first to midnight that ends the last.
 */
export interface Period {
  /** YYYY-MM-DD in `timeZone`. */
  firstDay: string;
  lastDay: string;
  timeZone: string;
  start: Date;
  /** Excluded: midnight that starts the day after `lastDay`. */
  end: Date;
}

const dayToUtcMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const utcMsToDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/**
 * The period with what lies before `start` cut off (a plan's history, docs/product.md Plans): its days
 * stay as asked, so a screen still lists them, but nothing before `start` is counted.
 */
export function cutBefore<P extends Period>(period: P, start: Date | undefined): P {
  if (!start || start <= period.start) return period;
  return { ...period, start: start < period.end ? start : period.end };
}

export const shiftDay = (day: string, days: number) => utcMsToDay(dayToUtcMs(day) + days * DAY_MS);

function midnight(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedTimeToInstant({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
}

/** The day `instant` falls on in `timeZone`, as YYYY-MM-DD. */
export function dayIn(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

export function periodOf(firstDay: string, lastDay: string, timeZone: string): Period {
  return { firstDay, lastDay, timeZone, start: midnight(firstDay, timeZone), end: midnight(shiftDay(lastDay, 1), timeZone) };
}

/** The `days` calendar days that end today in `timeZone`, today included. */
export function lastDays(days: number, now: Date, timeZone: string): Period {
  const today = dayIn(now, timeZone);
  return periodOf(shiftDay(today, 1 - days), today, timeZone);
}

/** As many days as `period` has, just before it: what a trend compares with. */
export function periodBefore(period: Period): Period {
  const length = Math.round((dayToUtcMs(period.lastDay) - dayToUtcMs(period.firstDay)) / DAY_MS) + 1;
  return periodOf(shiftDay(period.firstDay, -length), shiftDay(period.firstDay, -1), period.timeZone);
}
