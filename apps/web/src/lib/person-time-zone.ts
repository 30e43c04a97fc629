import { wallClockAt } from '@postflow/contract/client';

/**
 * The person's IANA time zone, in which every figure's days are counted (docs/product.md, Shared rules · Figures).
 * The browser's until people can choose one in their profile; that choice belongs here, the only place asked.
 */
export function personTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The person's calendar day of `instant` (YYYY-MM-DD), in their zone. */
export function personDay(instant: Date, timeZone = personTimeZone()): string {
  const wall = wallClockAt(instant, timeZone);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}
