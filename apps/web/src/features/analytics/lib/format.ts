/*
 * Number and time wording for the analytics screen (docs/product.md, Shared rules · Numbers and times). The app-wide `lib/format.ts` was not
 * there yet when this screen was built; these stay inside the feature until it is.
 */
import { formatDateTime, formatNumericDate } from '../../../lib/date-time';
import { quote } from '../../../lib/text';

/** K from 1,000 and M from 1,000,000, with one decimal: 999 → '999', 1234 → '1.2K', 2_500_000 → '2.5M'. */
export function formatCount(value: number): string {
  const abs = Math.abs(value);
  // 999,950 would round to '1000.0K'; it reads better as '1.0M'.
  if (abs >= 999_950) return `${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(value);
}

/** An engagement rate given in percent (3.256 means 3.256%): two decimals and a % sign. */
export function formatRate(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Under 60 s 'Just now', then 'm ago', 'h ago' and 'd ago' up to 7 days, then the locale date.
 * A time slightly in the future (clocks disagree) counts as now.
 */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatNumericDate(new Date(at));
}

/** `relativeTime` inside a sentence: 'Last refreshed just now', 'Last refreshed 5m ago', 'Last refreshed on 3/1/2026'. */
export function sinceText(prefix: string, iso: string, now: number): string {
  const when = relativeTime(iso, now);
  if (when === 'Just now') return `${prefix} just now`;
  return when.endsWith(' ago') ? `${prefix} ${when}` : `${prefix} on ${when}`;
}

/** The full local date and time, for a `title` next to a relative time. */
export function fullDateTime(iso: string): string {
  return formatDateTime(iso);
}

/** The start of a post for a list: whitespace folded, cut at a word near `max` characters, with '…'. */
export function excerpt(text: string, max = 140): string {
  return quote(text, max);
}
