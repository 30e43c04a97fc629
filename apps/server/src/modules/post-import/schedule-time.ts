import { wallClockAt, zoneOffsetMs, type WallClock } from '@postflow/contract';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** `2027-03-02T09:00:00+01:00`, `…Z`, `…+0100`, with `T` or a space, seconds and fractions optional. */
const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;
/** `2027-03-02 09:00` (seconds optional): a wall-clock time in the person's zone. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/i;

export type ScheduleTime = { ok: true; instant: Date; note?: string } | { ok: false; message: string };

const pad = (value: number) => String(value).padStart(2, '0');
const clockText = (wall: Pick<WallClock, 'hour' | 'minute'>) => `${pad(wall.hour)}:${pad(wall.minute)}`;

/**
 * A `scheduled_at` cell as an instant (docs/product.md, Bulk import): ISO 8601 with an offset as
 * written, or a local date and time in `timeZone`. A local time skipped by a spring-forward change
 * becomes the first valid instant after the gap; one that happens twice becomes the first; both say so.
 */
export function parseScheduleTime(cell: string, timeZone: string): ScheduleTime {
  const value = cell.trim();
  const offset = WITH_OFFSET.exec(value);
  const local = offset ? undefined : LOCAL.exec(value);
  const parts = offset ?? local;
  if (!parts) {
    return {
      ok: false,
      message: `"${shorten(value)}" is not a date and time Postflow reads. Write 2027-03-02 09:00 (in your time zone, ${timeZone}) or 2027-03-02T09:00:00+01:00 (with its offset).`,
    };
  }
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
    return { ok: false, message: `${parts[1]}-${parts[2]}-${parts[3]} is not a date on the calendar.` };
  }
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, message: `${parts[4]}:${parts[5]} is not a time of day.` };
  const wall = { year, month, day, hour, minute, second };
  if (offset) {
    const shift = offsetMs(offset[7] as string);
    if (shift === undefined) return { ok: false, message: `${offset[7]} is not a time zone offset; offsets look like +01:00 or Z.` };
    return { ok: true, instant: new Date(Date.UTC(year, month - 1, day, hour, minute, second) - shift) };
  }
  return localInstant(wall, timeZone);
}

/** `Z`, `+01:00`, `-0530`, `+02` in milliseconds east of UTC; undefined past ±18:00. */
function offsetMs(text: string): number | undefined {
  if (text.toUpperCase() === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || 0);
  if (hours > 18 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes) * MINUTE_MS;
}

/** The wall clock in `timeZone` as if it were UTC, in milliseconds: comparable with Date.UTC of a wall time. */
const wallValue = (instant: number, timeZone: string) => {
  const seen = wallClockAt(new Date(instant), timeZone);
  return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
};

function localInstant(wall: WallClock, timeZone: string): ScheduleTime {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offsets in force a day before and a day after: at most one change happens in between, and
  // on nearly every day none does (one look at the clock each instead of four).
  const before = zoneOffsetMs(new Date(asUtc - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(asUtc + DAY_MS), timeZone);
  if (before === after) return { ok: true, instant: new Date(asUtc - before) };
  const candidates = [asUtc - before, asUtc - after];
  const valid = candidates.filter((instant) => wallValue(instant, timeZone) === asUtc).sort((a, b) => a - b);
  const written = `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${clockText(wall)}`;
  if (valid.length === 1) return { ok: true, instant: new Date(valid[0] as number) };
  if (valid.length > 1) {
    return {
      ok: true,
      instant: new Date(valid[0] as number),
      note: `${written} happens twice in ${timeZone} (the clocks go back that night); the first one is used.`,
    };
  }
  // In a spring-forward gap: the first minute whose wall clock is past the time written.
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallValue(middle, timeZone) > asUtc) high = middle;
    else low = middle;
  }
  const shown = wallClockAt(new Date(high), timeZone);
  return {
    ok: true,
    instant: new Date(high),
    note: `${written} does not exist in ${timeZone} (the clocks jump forward that night); it is scheduled at ${clockText(shown)}, the first time after it.`,
  };
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
