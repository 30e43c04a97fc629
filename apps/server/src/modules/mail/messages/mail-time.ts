import { wallClockAt } from '@postflow/contract';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A time in a mail, `2026-11-24 09:00 Europe/Berlin`: on the recipient's wall clock, with the zone named,
 * as the mail may be read anywhere (docs/decisions/145-person-time-zone.md). UTC for someone who has
 * not chosen a zone, or who has no account yet.
 */
export function mailTime(instant: Date, timeZone: string | null | undefined): string {
  const zone = timeZone ?? 'UTC';
  const wall = wallClockAt(instant, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)} ${zone}`;
}
