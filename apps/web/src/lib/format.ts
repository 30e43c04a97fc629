/**
 * Numbers and times as the screens show them (docs/product.md, Shared rules · Numbers and times). Locale-sensitive parts take an optional
 * locale so tests can pin one; the app passes none and gets the browser's.
 */
import { formatNumericDate } from './date-time';

/**
 * Counts with K from 1,000 and M from 1,000,000, always with one decimal: 999 → '999',
 * 1,500 → '1.5K', 1,000,000 → '1.0M'. A value that would round up to 1000.0K is shown as 1.0M.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size < 1_000) return `${sign}${Math.round(size)}`;
  const thousands = Math.round(size / 100) / 10;
  if (size < 1_000_000 && thousands < 1_000) return `${sign}${thousands.toFixed(1)}K`;
  return `${sign}${(Math.round(size / 100_000) / 10).toFixed(1)}M`;
}

/** An engagement rate with two decimals and a % sign ('3.57%'). */
export function formatRate(percent: number): string {
  return `${(Number.isFinite(percent) ? percent : 0).toFixed(2)}%`;
}

/** A trend badge's text: '+12.5%' above 0, '0%' at 0, '-3%' below (at most one decimal). */
export function formatTrend(percent: number): string {
  const rounded = Math.round(percent * 10) / 10 + 0;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Under 60 s 'Just now'; then '5m ago', '3h ago', '2d ago' under 7 days; then the locale
 * date. A time slightly ahead of this machine's clock also reads 'Just now'.
 */
export function formatRelativeTime(time: Date | string, now: Date = new Date(), locale?: string): string {
  const instant = typeof time === 'string' ? new Date(time) : time;
  const elapsed = now.getTime() - instant.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatNumericDate(instant, { locale });
}
