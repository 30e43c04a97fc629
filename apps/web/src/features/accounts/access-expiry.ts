import { formatDate } from '../../lib/date-time';
/** An access grant that ends within this many days gets a reminder to reconnect (LinkedIn grants last 60 days). */
export const EXPIRY_NOTICE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day in the reader's own locale and time zone, e.g. "March 10, 2026". */
export function formatDay(isoDateTime: string): string {
  return formatDate(isoDateTime, {}, 'long');
}

/**
 * The reminder for a grant that ends within 14 days, or null. `expiresAt` null means the grant renews
 * itself. A grant already past its end (the expiry job has not flagged it yet) says so in the past tense.
 */
export function accessExpiryNotice(expiresAt: string | null, now: number = Date.now()): string | null {
  if (!expiresAt) return null;
  const endsAt = Date.parse(expiresAt);
  if (!Number.isFinite(endsAt) || endsAt - now > EXPIRY_NOTICE_DAYS * DAY_MS) return null;
  const verb = endsAt <= now ? 'ended' : 'ends';
  return `Access ${verb} on ${formatDay(expiresAt)}. Reconnect to keep posting.`;
}
