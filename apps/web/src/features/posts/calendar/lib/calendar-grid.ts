import { wallClockAt, zonedTimeToInstant } from '@postflow/contract/client';

/**
 * The calendar's days and slots in the person's zone (docs/decisions/142-calendar.md). A day is named
 * by its date ('2026-03-29') and spans from its midnight to the next, however long the zone makes it
 * (23 hours on a spring change); a slot is named by its wall-clock time, so a 09:00 post sits in the
 * 09:00 row before and after a change. Every instant comes from the contract's time-zone helpers.
 */

export interface CalendarDay {
  /** 'YYYY-MM-DD'. */
  key: string;
  year: number;
  month: number;
  day: number;
  /** Midnight in the zone, and the next midnight. */
  start: Date;
  end: Date;
}

export interface Slot {
  /** 'HH:MM' on the wall clock. */
  label: string;
  /** The instant the wall clock shows `label` that day; null when the clocks skip it (spring change). */
  start: Date | null;
}

export const SLOT_MINUTES = 30;

const pad = (value: number) => String(value).padStart(2, '0');

export function keyOf(parts: { year: number; month: number; day: number }): string {
  return `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`;
}

function partsOf(key: string): { year: number; month: number; day: number } {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The date `count` days after `key` (calendar arithmetic, no zone involved). */
export function addDays(key: string, count: number): string {
  const { year, month, day } = partsOf(key);
  const date = new Date(Date.UTC(year, month - 1, day + count));
  return keyOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** The 1st of the month `count` months from `key`'s. */
export function shiftMonth(key: string, count: number): string {
  const { year, month } = partsOf(key);
  const first = new Date(Date.UTC(year, month - 1 + count, 1));
  return keyOf({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: 1 });
}

/** Monday = 0 … Sunday = 6. */
export function weekdayOf(key: string): number {
  const { year, month, day } = partsOf(key);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

export function dayKeyAt(instant: Date, timeZone: string): string {
  return keyOf(wallClockAt(instant, timeZone));
}

export function dayOf(key: string, timeZone: string): CalendarDay {
  const parts = partsOf(key);
  const next = partsOf(addDays(key, 1));
  return {
    key,
    ...parts,
    start: zonedTimeToInstant({ ...parts, hour: 0, minute: 0 }, timeZone),
    end: zonedTimeToInstant({ ...next, hour: 0, minute: 0 }, timeZone),
  };
}

/** The six weeks a month view shows: from the Monday on or before the 1st of `key`'s month. */
export function monthGrid(key: string, timeZone: string): CalendarDay[] {
  const first = keyOf({ ...partsOf(key), day: 1 });
  const monday = addDays(first, -weekdayOf(first));
  return Array.from({ length: 42 }, (_, index) => dayOf(addDays(monday, index), timeZone));
}

/** Monday to Sunday of the week holding `key`. */
export function weekOf(key: string, timeZone: string): CalendarDay[] {
  const monday = addDays(key, -weekdayOf(key));
  return Array.from({ length: 7 }, (_, index) => dayOf(addDays(monday, index), timeZone));
}

/** The day's 30-minute rows by wall-clock time; a time the clocks skip has no instant. */
export function daySlots(day: CalendarDay, timeZone: string): Slot[] {
  const slots: Slot[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += SLOT_MINUTES) {
    const hour = Math.floor(minutes / 60);
    const minute = minutes % 60;
    const instant = zonedTimeToInstant({ year: day.year, month: day.month, day: day.day, hour, minute }, timeZone);
    const seen = wallClockAt(instant, timeZone);
    const exists = seen.day === day.day && seen.hour === hour && seen.minute === minute;
    slots.push({ label: `${pad(hour)}:${pad(minute)}`, start: exists ? instant : null });
  }
  return slots;
}

/** The row an instant sits in: its day and its wall-clock time rounded down to the slot. */
export function slotAt(instant: Date, timeZone: string): { day: string; label: string } {
  const wall = wallClockAt(instant, timeZone);
  const minute = wall.minute - (wall.minute % SLOT_MINUTES);
  return { day: keyOf(wall), label: `${pad(wall.hour)}:${pad(minute)}` };
}

/** The same wall-clock time as `instant`, on the day `key`: what dropping a post on another day of the month means. */
export function sameTimeOn(instant: Date, key: string, timeZone: string): Date {
  const wall = wallClockAt(instant, timeZone);
  return zonedTimeToInstant({ ...partsOf(key), hour: wall.hour, minute: wall.minute }, timeZone);
}

/** 'YYYY-MM-DD' and 'HH:MM' in the zone, for date and time inputs. */
export function dateAndTimeIn(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallClockAt(instant, timeZone);
  return { date: keyOf(wall), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}
