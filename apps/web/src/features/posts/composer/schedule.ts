import { parseZonedDateTime, toUtcDateAndTime, wallClockAt } from '@postflow/contract/client';
import { formatDayOf, formatTime } from '../../../lib/date-time';

export const BOTH_NEEDED_MESSAGE = 'Please select both date and time for scheduling';
export const PAST_MESSAGE = 'Scheduled time must be in the future';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's date in `timeZone` as a date input wants it ('2026-03-03'): the date input's minimum. */
export function todayIn(timeZone: string, now: Date): string {
  const wall = wallClockAt(now, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The date and time fields for an ISO instant (the composer's `?at=`, docs/decisions/142-calendar.md)
 * in `timeZone`, or null when `at` is missing or not an instant.
 */
export function scheduleFieldsAt(at: string | null, timeZone: string): { date: string; time: string } | null {
  if (!at) return null;
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return null;
  const wall = wallClockAt(instant, timeZone);
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** The instant a local date ('2026-03-03') and time ('09:00') in `timeZone` stand for, or null when either is missing or malformed. */
export function scheduledInstant(date: string, time: string, timeZone: string): Date | null {
  if (!DATE.test(date) || !TIME.test(time)) return null;
  const instant = parseZonedDateTime(date, time, timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** docs/product.md, Composer · Review and schedule: why this date and time cannot be scheduled, or null. */
export function scheduleProblem(date: string, time: string, timeZone: string, now: Date): string | null {
  const instant = scheduledInstant(date, time, timeZone);
  if (!instant) return BOTH_NEEDED_MESSAGE;
  if (instant.getTime() <= now.getTime()) return PAST_MESSAGE;
  return null;
}

/** docs/product.md, Composer · Publish call: the server wants the UTC date and HH:MM. */
export function serverSchedule(instant: Date): { scheduleDate: string; scheduleTime: string } {
  const { date, time } = toUtcDateAndTime(instant);
  return { scheduleDate: date, scheduleTime: time };
}

function parts(instant: Date, timeZone: string, locale: string | undefined) {
  const display = { timeZone, locale };
  return {
    day: formatDayOf(instant, display),
    time: formatTime(instant, display),
  };
}

/**
 * The chosen moment in the person's zone and in UTC, in the person's locale (so a 12-hour time input gets a 12-hour
 * summary): 'Tue, Mar 3, 2026, 9:00 AM (Europe/Berlin)' and '8:00 AM UTC' in en-US. The UTC side repeats the date when
 * it falls on another day.
 */
export function describeSchedule(instant: Date, timeZone: string, locale?: string): { local: string; utc: string } {
  const local = parts(instant, timeZone, locale);
  const utc = parts(instant, 'UTC', locale);
  return {
    local: `${local.day}, ${local.time} (${timeZone})`,
    utc: utc.day === local.day ? `${utc.time} UTC` : `${utc.day}, ${utc.time} UTC`,
  };
}
