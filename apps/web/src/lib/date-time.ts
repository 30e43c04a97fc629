/**
 * Dates and times as every screen shows them (docs/product.md, Shared rules · Numbers and times): in the person's
 * locale, which also decides 12- or 24-hour clocks (so summaries match the browser's time inputs), and in the
 * person's time zone. Screens never pick a locale, an hour cycle or a zone themselves.
 */

import { personTimeZone } from './person-time-zone';

/** A locale and zone a test can pin; the app passes none and gets the person's. */
export interface DateTimeDisplay {
  locale?: string;
  timeZone?: string;
}

type Instant = Date | string;

function toDate(time: Instant): Date | null {
  const date = typeof time === 'string' ? new Date(time) : time;
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(time: Instant, display: DateTimeDisplay, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(time);
  if (!date) return '';
  return new Intl.DateTimeFormat(display.locale, { ...options, timeZone: display.timeZone ?? personTimeZone() }).format(date);
}

function yearIn(date: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(date));
}

/**
 * When something happens, for confirmations: weekday, day, month and time ('Tue 26 Nov, 18:30' in en-GB,
 * 'Tue, Nov 26, 6:30 PM' in en-US), with the year only when it is not this year's.
 */
export function formatWhen(time: Instant, now: Date = new Date(), display: DateTimeDisplay = {}): string {
  const date = toDate(time);
  if (!date) return '';
  const timeZone = display.timeZone ?? personTimeZone();
  const otherYear = yearIn(date, timeZone) !== yearIn(now, timeZone);
  const day = format(date, display, { weekday: 'short', day: 'numeric', month: 'short', ...(otherYear ? { year: 'numeric' } : {}) });
  return `${day}, ${formatTime(date, display)}`;
}

/** A date and time in full, e.g. 'Mar 10, 2026, 9:30 AM' (en-US) or '10 Mar 2026, 09:30' (en-GB). */
export function formatDateTime(time: Instant, display: DateTimeDisplay = {}): string {
  return format(time, display, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date without a time: 'Mar 10, 2026' ('medium'), 'March 10, 2026' ('long'). */
export function formatDate(time: Instant, display: DateTimeDisplay = {}, style: 'medium' | 'long' = 'medium'): string {
  return format(time, display, { dateStyle: style });
}

/** A day with its weekday: 'Tue, Mar 3, 2026' (en-US), 'Tue 3 Mar 2026' (en-GB). */
export function formatDayOf(time: Instant, display: DateTimeDisplay = {}): string {
  return format(time, display, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** A date in digits, as the locale writes it: '3/10/2026' (en-US), '10/03/2026' (en-GB). */
export function formatNumericDate(time: Instant, display: DateTimeDisplay = {}): string {
  return format(time, display, { year: 'numeric', month: 'numeric', day: 'numeric' });
}

/** A time of day in the locale's clock: '9:30 AM' (en-US) or '09:30' (en-GB). */
export function formatTime(time: Instant, display: DateTimeDisplay = {}): string {
  return format(time, display, { timeStyle: 'short' });
}

/** A weekday's name: 'Tuesday'. */
export function formatWeekday(time: Instant, display: DateTimeDisplay = {}): string {
  return format(time, display, { weekday: 'long' });
}
