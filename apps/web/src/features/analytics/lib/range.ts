/** A date range as the API takes it: YYYY-MM-DD days (UTC days on the server), both ends included. */
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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The reader's calendar day of `date`, as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last 30 days, today included. The server counts UTC days; "today" is the later of the reader's
 * day and the UTC day, so a post published a minute ago is always inside the default range (west of
 * UTC in the evening the UTC day is already tomorrow) and the end date is never before the reader's today.
 */
export function defaultRange(now: Date): DayRange {
  const local = localDay(now);
  const utc = now.toISOString().slice(0, 10);
  const end = local > utc ? local : utc;
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
