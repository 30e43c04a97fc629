import { formatTime, formatWeekday, type DateTimeDisplay } from '../../../../lib/date-time';
import { personTimeZone } from '../../../../lib/person-time-zone';

/** Dates shown on the profile's cards, each with a locale and zone a test can fix (the person's by default). */
export type DateDisplayOptions = DateTimeDisplay;

const DAY_MS = 24 * 60 * 60 * 1000;

function parse(value: string | null | undefined): Date | 'missing' | 'invalid' {
  if (!value) return 'missing';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** The calendar day of `date` in the zone, as a day count (so that "tomorrow" means the next date, not +24 h). */
function dayNumber(date: Date, timeZone: string = personTimeZone()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(date);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

const time = (date: Date, options: DateDisplayOptions) => formatTime(date, options);

/**
 * The relative time of a scheduled post (docs/product.md, Profile · Scheduled posts), by calendar day in the viewer's zone:
 * 'Not scheduled'; 'Overdue by N day(s)'; 'Today at {time}'; 'Tomorrow at {time}';
 * 'In N days - {weekday time}' up to 7 days ahead; a full date beyond that.
 */
export function scheduleLabel(value: string | null | undefined, now: Date, options: DateDisplayOptions = {}): string {
  const date = parse(value);
  if (date === 'missing') return 'Not scheduled';
  if (date === 'invalid') return 'Invalid date';
  const days = dayNumber(date, options.timeZone) - dayNumber(now, options.timeZone);
  if (days < 0) return `Overdue by ${-days} ${days === -1 ? 'day' : 'days'}`;
  if (days === 0) return `Today at ${time(date, options)}`;
  if (days === 1) return `Tomorrow at ${time(date, options)}`;
  if (days <= 7) {
    const weekday = formatWeekday(date, options);
    return `In ${days} days - ${weekday} ${time(date, options)}`;
  }
  return date.toLocaleString(options.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone ?? personTimeZone(),
  });
}

/** docs/product.md, Profile · Post lists: 'No date available', 'Invalid date', 'Date error'. */
export function formatPostDate(value: string | null | undefined, options: DateDisplayOptions = {}): string {
  const date = parse(value);
  if (date === 'missing') return 'No date available';
  if (date === 'invalid') return 'Invalid date';
  try {
    return date.toLocaleString(options.locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: options.timeZone ?? personTimeZone(),
    });
  } catch {
    // An unknown locale or zone makes Intl throw.
    return 'Date error';
  }
}

/** The value of an `<input type="datetime-local">` for an instant, in the browser's zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
