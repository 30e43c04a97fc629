import { wallClockAt } from '@postflow/contract/client';

/**
 * The browser's own zone, behind an object so that tests can pin it (jsdom runs in the machine's zone,
 * usually UTC, which would hide every conversion).
 */
export const browserZone = {
  timeZone(): string {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      return 'UTC';
    }
  },
};

/** The zone the person chose in their profile; null while they have not (or nobody is signed in). */
let chosen: string | null = null;

/**
 * Adopts the signed-in person's zone from their profile (docs/decisions/145-person-time-zone.md). The app
 * shell calls it as the session's user changes (app/person-time-zone-scope.tsx); nothing else should.
 */
export function adoptPersonTimeZone(timeZone: string | null): void {
  chosen = timeZone;
}

/**
 * The person's IANA time zone, in which every time is shown and every figure's days are counted
 * (docs/product.md, Shared rules · Time zone): the one in their profile, or the browser's while they have
 * chosen none. The only place the web asks.
 */
export function personTimeZone(): string {
  return chosen ?? browserZone.timeZone();
}

/** The person's calendar day of `instant` (YYYY-MM-DD), in their zone. */
export function personDay(instant: Date, timeZone = personTimeZone()): string {
  const wall = wallClockAt(instant, timeZone);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/**
 * Every IANA zone the browser knows, for choosing one: UTC first (some browsers leave it out of their
 * list), and the browser's own zone even when the list spells it another way ('Asia/Calcutta' for 'Asia/Kolkata').
 */
export function knownTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const others = new Set([...listed, browserZone.timeZone()].filter((zone) => zone !== 'UTC'));
  return ['UTC', ...[...others].sort()];
}
