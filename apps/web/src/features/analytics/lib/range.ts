import { personDay } from '../../../lib/person-time-zone';

/** A date range as the API takes it: YYYY-MM-DD days in the person's time zone, both ends included. */
export interface DayRange {
  start: string;
  end: string;
}

export interface RangeErrors {
  start?: string;
  end?: string;
}

/** docs/product.md, Analytics · Controls: the analytics screen opens on the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;
/** The contract refuses ranges longer than five years. */
const MAX_RANGE_MS = 5 * 366 * DAY_MS;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last 30 days, today included, in the person's zone: the days the dashboard's 'Last 30 days' covers, which
 * the server counts in the same zone (docs/product.md, Shared rules · Figures).
 */
export function defaultRange(now: Date, timeZone?: string): DayRange {
  const end = personDay(now, timeZone);
  return { start: addDays(end, -(DEFAULT_RANGE_DAYS - 1)), end };
}

function isDay(value: string): boolean {
  return DAY_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** What is wrong with a range before it is sent; an empty object means it can be sent. */
export function rangeErrors({ start, end }: DayRange): RangeErrors {
  const errors: RangeErrors = {};
  if (!isDay(start)) errors.start = 'Choose a start date';
  if (!isDay(end)) errors.end = 'Choose an end date';
  if (errors.start || errors.end) return errors;
  if (end < start) return { end: 'The end date must not be before the start date' };
  if (Date.parse(end) - Date.parse(start) > MAX_RANGE_MS) return { start: 'Choose a range of at most five years' };
  return errors;
}
