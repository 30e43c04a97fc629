import { slotDayLabel, slotDays, wallClockAt, zonedTimeToInstant, zoneOffsetMs, type Slot, type SlotDay } from '@postflow/contract';

/** Sorted by day (Monday first) then time, each once; says in words what it merged. */
export function normalizeSlots(slots: readonly Slot[]): { slots: Slot[]; merged: string[] } {
  const counts = new Map<string, number>();
  for (const slot of slots)
    counts.set(`${slotDays.indexOf(slot.day)} ${slot.time}`, (counts.get(`${slotDays.indexOf(slot.day)} ${slot.time}`) ?? 0) + 1);
  const keys = [...counts.keys()].sort();
  const normalized = keys.map((key) => {
    const [index, time] = key.split(' ') as [string, string];
    return { day: slotDays[Number(index)] as SlotDay, time };
  });
  const merged = keys
    .filter((key) => (counts.get(key) ?? 0) > 1)
    .map((key) => {
      const [index, time] = key.split(' ') as [string, string];
      const times = counts.get(key) as number;
      return `${slotDayLabel(slotDays[Number(index)] as SlotDay)} ${time} was listed ${times === 2 ? 'twice' : `${times} times`}; kept once.`;
    });
  return { slots: normalized, merged };
}

export interface SlotInstant {
  at: Date;
  day: SlotDay;
  time: string;
  /** Why the instant is not the slot's time that day (a spring-forward gap), in words. */
  note: string | null;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The first instant after a gap: the wall clock skips a slot's time on a spring-forward day, and the
 * post goes out at the first minute that exists after it (docs/decisions/143-queue-and-posting-slots.md).
 */
function firstInstantAfterGap(beforeGap: number, afterGap: number, timeZone: string): number {
  const offsetAfter = zoneOffsetMs(new Date(afterGap), timeZone);
  let low = beforeGap;
  let high = afterGap;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (zoneOffsetMs(new Date(middle), timeZone) === offsetAfter) high = middle;
    else low = middle;
  }
  return high;
}

const two = (value: number) => String(value).padStart(2, '0');

/** One slot's instant on one calendar day in the zone, and a note when that time does not exist that day. */
export function slotInstant(date: { year: number; month: number; day: number }, slot: Slot, timeZone: string): SlotInstant {
  const [hour, minute] = slot.time.split(':').map(Number) as [number, number];
  const resolved = zonedTimeToInstant({ ...date, hour, minute }, timeZone);
  const shown = wallClockAt(resolved, timeZone);
  if (shown.hour === hour && shown.minute === minute) return { at: resolved, day: slot.day, time: slot.time, note: null };
  // zonedTimeToInstant put it the gap's length after; the first minute after the gap is earlier.
  const gapMs = zoneOffsetMs(resolved, timeZone) - zoneOffsetMs(new Date(resolved.getTime() - DAY_MS), timeZone);
  const at = new Date(firstInstantAfterGap(resolved.getTime() - Math.max(gapMs, MINUTE_MS), resolved.getTime(), timeZone));
  const moved = wallClockAt(at, timeZone);
  const dateText = `${date.year}-${two(date.month)}-${two(date.day)}`;
  return {
    at,
    day: slot.day,
    time: slot.time,
    note: `${slot.time} does not exist on ${dateText} in ${timeZone} (the clocks go forward), so this slot is at ${two(moved.hour)}:${two(moved.minute)}.`,
  };
}

/** Every slot instant in [from, until), in order; a time two slots resolve to is listed once. */
export function slotInstants(slots: readonly Slot[], timeZone: string, from: Date, until: Date): SlotInstant[] {
  if (slots.length === 0) return [];
  const start = wallClockAt(from, timeZone);
  const found: SlotInstant[] = [];
  const seen = new Set<number>();
  // Calendar days in the zone, counted in UTC dates so no offset can skip or repeat one.
  for (let offset = 0; ; offset++) {
    const calendar = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const date = { year: calendar.getUTCFullYear(), month: calendar.getUTCMonth() + 1, day: calendar.getUTCDate() };
    const day = slotDays[(calendar.getUTCDay() + 6) % 7] as SlotDay;
    const dayStart = zonedTimeToInstant({ ...date, hour: 0, minute: 0 }, timeZone);
    if (dayStart.getTime() >= until.getTime()) break;
    for (const slot of slots) {
      if (slot.day !== day) continue;
      const instant = slotInstant(date, slot, timeZone);
      const time = instant.at.getTime();
      if (time < from.getTime() || time >= until.getTime() || seen.has(time)) continue;
      seen.add(time);
      found.push(instant);
    }
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}
