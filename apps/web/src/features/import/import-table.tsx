import type { ImportColumn, ImportRow } from '@postflow/contract';
import { cx } from '../../components/ui/cx';
import { formatDateTime } from '../../lib/date-time';
import { platformName } from '../../lib/platform-names';

const cell = 'px-3 py-2 text-left align-top';
const COLUMNS = ['Line', 'Text', 'Networks', 'Time', 'Status'];
const headCell = `${cell} text-xs font-semibold tracking-wide text-slate-600 uppercase`;
const badCell = 'bg-red-50 text-red-900 ring-1 ring-inset ring-red-300';

/** What the Status column says of a row, before or after the real run. */
function statusOf(row: ImportRow, dryRun: boolean): string {
  if (row.error) return row.error.message;
  if (row.postId) return row.warnings?.[0]?.startsWith('Already imported') ? 'Already imported' : 'Created';
  return dryRun ? 'Ready' : 'Not created';
}

/**
 * The rows of a check or an import (docs/product.md, Bulk import · Page): line, the start of the
 * text, networks, time in the person's zone and status. The cell a problem is about is marked
 * (aria-invalid, red) and the problem is said in the Status column; a problem about the whole row
 * marks the row.
 */
export function ImportTable({ rows, dryRun, caption }: { rows: ImportRow[]; dryRun: boolean; caption: string }) {
  const invalid = (row: ImportRow, column: ImportColumn) => row.error?.column === column;
  return (
    <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={headCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={row.line}
              className={cx(row.error && row.error.column === null && 'bg-red-50')}
              aria-invalid={row.error ? true : undefined}
            >
              <th scope="row" className={cx(cell, 'font-medium text-slate-700 tabular-nums')}>
                {row.line}
              </th>
              <td
                className={cx(cell, 'max-w-xs break-words text-slate-900', invalid(row, 'text') && badCell)}
                aria-invalid={invalid(row, 'text') || undefined}
              >
                {row.text || <span className="text-slate-500 italic">(not shown)</span>}
              </td>
              <td className={cx(cell, invalid(row, 'platforms') && badCell)} aria-invalid={invalid(row, 'platforms') || undefined}>
                {row.platforms.map(platformName).join(', ') || '—'}
              </td>
              <td
                className={cx(cell, 'whitespace-nowrap', invalid(row, 'scheduled_at') && badCell)}
                aria-invalid={invalid(row, 'scheduled_at') || undefined}
              >
                {row.scheduledAt ? formatDateTime(row.scheduledAt) : row.queue ? 'Next free queue slot' : '—'}
              </td>
              <td className={cell}>
                <span className={cx(row.error ? 'font-medium text-red-800' : 'text-slate-800')}>{statusOf(row, dryRun)}</span>
                {row.warnings?.map((warning) => (
                  <p key={warning} className="mt-1 text-xs text-amber-800">
                    {warning}
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
