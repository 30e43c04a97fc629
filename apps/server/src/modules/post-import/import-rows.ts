import {
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  networkName,
  POST_MAX_LENGTH,
  type ImportColumn,
  type ImportRow,
  type Network,
} from '@postflow/contract';
import { AppError } from '../../lib/errors';
import { postLabel } from '../activity/activity-labels';
import { checkPlatformText } from '../posts/platform-limits';
import type { CsvRecord } from './csv';
import { parseScheduleTime } from './schedule-time';

/** Where each column is in the file's records, and how many values the header has. */
export interface HeaderMap {
  columns: ReadonlyMap<ImportColumn, number>;
  width: number;
  /** Values a row needs at least: up to the last required column (a trailing optional one may be left off). */
  needed: number;
}

/** The post a valid row becomes. */
export interface RowPost {
  text: string;
  platforms: Network[];
  /** Undefined: added to the queue. */
  scheduledAt: Date | undefined;
}

/** A row as checked: its answer, and the post to create when it is valid. */
export interface CheckedRow {
  answer: ImportRow;
  post: RowPost | undefined;
}

export interface RowContext {
  now: Date;
  timeZone: string;
  /** The workspace's accounts per network, as the composer would use them. */
  accounts: ReadonlyMap<Network, { status: 'connected' | 'needs_reconnect' }>;
}

/** The composer's own horizon (docs/product.md, Composer · Publish call): a year ahead. */
const HORIZON_MS = 366 * 86_400_000;
const PREVIEW_LENGTH = 80;

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const expectedColumns = `${IMPORT_REQUIRED_COLUMNS.join(', ')} and optionally image_url, in any order`;

/** The column of each header name; refuses a header without the required columns, naming them. */
export function readHeader(header: CsvRecord): HeaderMap {
  const columns = new Map<ImportColumn, number>();
  header.fields.forEach((name, index) => {
    const column = normalise(name) as ImportColumn;
    if (!(IMPORT_COLUMNS as readonly string[]).includes(column)) return;
    if (columns.has(column)) {
      throw new AppError('validation_failed', `The header names the column "${column}" twice. The columns are ${expectedColumns}.`, {
        fields: { file: 'Wrong header' },
      });
    }
    columns.set(column, index);
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length) {
    const seen = header.fields.join(', ').slice(0, 120);
    throw new AppError(
      'validation_failed',
      `The first line must be the header: ${expectedColumns}. This file's first line is "${seen}", without ${missing.join(', ')}. Download the template to start from.`,
      { fields: { file: 'Wrong header' } },
    );
  }
  const needed = Math.max(...IMPORT_REQUIRED_COLUMNS.map((column) => columns.get(column) as number)) + 1;
  return { columns, width: header.fields.length, needed };
}

/**
 * A cell a spreadsheet would run as a formula: any that starts with `=`, and those that start with
 * `+`, `-` or `@` followed by a function call or a command link (`@SUM(`, `+cmd|' /C calc'!A0`).
 * Plain `@mentions` and `- bullets` are text (docs/decisions/144-bulk-import.md).
 */
export function looksLikeFormula(cell: string): boolean {
  if (cell.startsWith('=')) return true;
  if (!/^[+\-@]/.test(cell)) return false;
  return /^[+\-@][A-Za-z_][\w.]*[(|]/.test(cell) || /^[+\-@].*\|.*!/s.test(cell);
}

const formulaMessage =
  'This cell starts like a spreadsheet formula. Spreadsheets run formulas in CSV files they open, so a shared file could run commands on the computer of whoever opens it (formula injection); Postflow refuses such cells instead of guessing. Remove the formula, or start the text with another character.';

const PLATFORM_NAMES: Record<string, Network> = { x: 'x', twitter: 'x', linkedin: 'linkedin' };

function readPlatforms(cell: string): { platforms: Network[] } | { message: string } {
  const names = cell
    .split(/[;,\s]+/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (!names.length) return { message: 'Name the networks: x, linkedin, or both as x;linkedin.' };
  const platforms: Network[] = [];
  for (const name of names) {
    const network = PLATFORM_NAMES[name];
    if (!network) return { message: `"${name.slice(0, 30)}" is not a network Postflow posts to. Use x, linkedin, or both as x;linkedin.` };
    if (!platforms.includes(network)) platforms.push(network);
  }
  return { platforms };
}

/**
 * One data record checked as the composer would check it (docs/product.md, Bulk import): formulas,
 * networks and their accounts, the text against each network's rule, the time. Only the first
 * problem of a row is reported, by column.
 */
export function checkRow(record: CsvRecord, header: HeaderMap, context: RowContext): CheckedRow {
  const cell = (column: ImportColumn) => {
    const index = header.columns.get(column);
    return index === undefined ? '' : (record.fields[index] ?? '');
  };
  const text = cell('text');
  const answer: ImportRow = { line: record.line, ok: false, text: postLabel(text, PREVIEW_LENGTH), platforms: [] };
  const fail = (column: ImportColumn | null, message: string): CheckedRow => ({
    answer: { ...answer, error: { column, message } },
    post: undefined,
  });

  const values = record.fields.length;
  const spill = values > header.width && record.fields.slice(header.width).some((field) => field.trim() !== '');
  if (spill || values < header.needed) {
    return fail(
      null,
      `This row has ${values} values and the header ${header.width}: ${spill ? 'a text with a separator in it needs quotes around it' : 'a value or its separator is missing'}.`,
    );
  }
  for (const column of IMPORT_COLUMNS) {
    if (looksLikeFormula(cell(column)))
      return { answer: { ...answer, text: '', error: { column, message: formulaMessage } }, post: undefined };
  }

  const read = readPlatforms(cell('platforms'));
  if ('message' in read) return fail('platforms', read.message);
  answer.platforms = read.platforms;
  for (const network of read.platforms) {
    const account = context.accounts.get(network);
    if (!account) return fail('platforms', `Connect your ${networkName(network)} account first.`);
    if (account.status === 'needs_reconnect') {
      return fail(
        'platforms',
        `Postflow can no longer post to your ${networkName(network)} account. Reconnect it on the Connect Accounts page.`,
      );
    }
  }

  if (!text.trim()) return fail('text', 'The text is empty.');
  if (text.length > POST_MAX_LENGTH) {
    return fail(
      'text',
      `The text is ${text.length.toLocaleString('en-US')} characters; posts can be up to ${POST_MAX_LENGTH.toLocaleString('en-US')} (as in the composer).`,
    );
  }
  for (const network of read.platforms) {
    try {
      checkPlatformText(network, text);
    } catch (error) {
      if (error instanceof AppError) return fail('text', error.message);
      throw error;
    }
  }

  const warnings: string[] = [];
  let scheduledAt: Date | undefined;
  const when = cell('scheduled_at').trim();
  if (when) {
    const parsed = parseScheduleTime(when, context.timeZone);
    if (!parsed.ok) return fail('scheduled_at', parsed.message);
    if (parsed.instant.getTime() <= context.now.getTime())
      return fail('scheduled_at', `${when} is in the past; choose a time in the future.`);
    if (parsed.instant.getTime() - context.now.getTime() > HORIZON_MS)
      return fail('scheduled_at', 'Posts can be scheduled up to a year ahead.');
    if (parsed.note) warnings.push(parsed.note);
    scheduledAt = parsed.instant;
    answer.scheduledAt = scheduledAt.toISOString();
  } else {
    answer.queue = true;
  }

  if (cell('image_url').trim()) {
    warnings.push('The image address is not fetched: the post is created without an image. Add the image in the composer if it needs one.');
  }
  if (warnings.length) answer.warnings = warnings;
  answer.ok = true;
  return { answer, post: { text, platforms: read.platforms, scheduledAt } };
}
