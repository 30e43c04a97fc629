import { IMPORT_COLUMNS, wallClockAt } from '@postflow/contract/client';

const pad = (value: number) => String(value).padStart(2, '0');

/** A day `ahead` days from `now` in `timeZone`, as YYYY-MM-DD. */
function dayAhead(now: Date, ahead: number, timeZone: string): string {
  const wall = wallClockAt(new Date(now.getTime() + ahead * 86_400_000), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The template the page offers (docs/product.md, Bulk import): the header and one row of each kind,
 * dated next week so it imports as it is. A byte order mark makes Excel open it as UTF-8.
 */
export function templateCsv(now: Date, timeZone: string): string {
  const rows = [
    IMPORT_COLUMNS.join(','),
    `"Our spring launch is live: come and see!",x;linkedin,${dayAhead(now, 7, timeZone)} 09:00,`,
    `"A longer note for LinkedIn, with a comma, so it is in quotes.",linkedin,${dayAhead(now, 8, timeZone)}T12:30:00+00:00,`,
    'Added to the queue: no date,x,,',
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

export const templateHref = (now: Date, timeZone: string) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(now, timeZone))}`;
