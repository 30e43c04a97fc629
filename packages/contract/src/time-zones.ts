/**
 * Wall-clock times in a named time zone, using only Intl (no time zone data of our own). A
 * scheduled post stores an instant plus the zone it was planned in, so daylight saving changes
 * never move it; these helpers turn "09:00 in Europe/Berlin on that day" into that instant.
 */

/** Whether `zone` names an IANA time zone the runtime knows, e.g. 'Europe/Berlin' (not an offset such as '+01:00'). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Milliseconds the zone is ahead of UTC at `instant` (e.g. +3,600,000 for Berlin in winter). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` shows the given date and time. A time that
 * does not exist (skipped by a spring-forward change) resolves to the same clock reading after the
 * jump; an ambiguous one (autumn) to its first occurrence.
 */
export function zonedTimeToInstant(wall: Omit<WallClock, 'second'> & { second?: number }, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const day = 86_400_000;
  // The offsets in force a day before and a day after: at most one change happens in between.
  const candidates = [asUtc - zoneOffsetMs(new Date(asUtc - day), timeZone), asUtc - zoneOffsetMs(new Date(asUtc + day), timeZone)];
  const shows = (instant: number) => {
    const seen = wallClockAt(new Date(instant), timeZone);
    return (
      seen.year === wall.year &&
      seen.month === wall.month &&
      seen.day === wall.day &&
      seen.hour === wall.hour &&
      seen.minute === wall.minute
    );
  };
  const valid = candidates.filter(shows);
  return new Date(valid.length ? Math.min(...valid) : Math.max(...candidates));
}

/** '2026-03-30' and '09:00' in a zone → the instant. */
export function parseZonedDateTime(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedTimeToInstant({ year, month, day, hour, minute }, timeZone);
}

/** The UTC date and HH:MM of an instant, as the wizard sends them (docs/product.md, Composer · Publish call). */
export function toUtcDateAndTime(instant: Date): { date: string; time: string } {
  const iso = instant.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Midnight at the start of the day that contains `instant`, in `timeZone`. */
export function startOfDayInZone(instant: Date, timeZone: string): Date {
  const wall = wallClockAt(instant, timeZone);
  return zonedTimeToInstant({ year: wall.year, month: wall.month, day: wall.day, hour: 0, minute: 0 }, timeZone);
}

/** Midnight on the 1st of the month that contains `instant`, in `timeZone`. */
export function startOfMonthInZone(instant: Date, timeZone: string): Date {
  const wall = wallClockAt(instant, timeZone);
  return zonedTimeToInstant({ year: wall.year, month: wall.month, day: 1, hour: 0, minute: 0 }, timeZone);
}
