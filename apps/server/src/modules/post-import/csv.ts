/**
 * A small RFC 4180 reader for the bulk import (docs/decisions/144-bulk-import.md): UTF-8 with or
 * without a byte order mark, `,` `;` or tab between fields (read from the header line), CRLF, LF or
 * CR line ends, and quoted fields holding separators, doubled quotes and line breaks. It is lenient
 * where spreadsheets are sloppy (a quote inside an unquoted field is kept as written) and strict
 * where guessing would lose text (a quote never closed).
 */

export type CsvProblem = 'empty' | 'not_utf8' | 'workbook' | 'unclosed_quote' | 'binary';

export class CsvError extends Error {
  override name = 'CsvError';
  constructor(
    readonly problem: CsvProblem,
    message: string,
    /** The line the problem starts on, when there is one. */
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  fields: string[];
}

export type Separator = ',' | ';' | '\t';

const SAVE_AS_UTF8 =
  "Save it as CSV UTF-8: in Excel, File › Save As › 'CSV UTF-8 (Comma delimited)'; in Google Sheets or Numbers, export as CSV.";

/** The file's text, or a CsvError saying what the file is instead and how to save it as needed. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new CsvError('empty', 'The file is empty.');
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) {
    throw new CsvError('workbook', `This is a spreadsheet workbook (.xlsx or .xls), not a CSV file. ${SAVE_AS_UTF8}`);
  }
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) {
    throw new CsvError('not_utf8', `This file is UTF-16 text ("Unicode Text"), not UTF-8. ${SAVE_AS_UTF8}`);
  }
  let text: string;
  try {
    // A leading byte order mark is dropped by the decoder (ignoreBOM: false).
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvError('not_utf8', `This file is not UTF-8 text (it may be Windows-1252 or another older encoding). ${SAVE_AS_UTF8}`);
  }
  if (text.includes('\u0000')) throw new CsvError('binary', `This file holds binary data, not CSV text. ${SAVE_AS_UTF8}`);
  if (text.trim() === '') throw new CsvError('empty', 'The file is empty.');
  return text;
}

/** The separator the header line uses most, outside quotes; a one-column header reads as `,`. */
export function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  const best = (Object.keys(counts) as Separator[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  return counts[best] > 0 ? best : ',';
}

/**
 * The records of `text`, one at a time, so a caller can stop at a limit without reading the rest.
 * Throws CsvError('unclosed_quote') naming the line where a quoted field opens and never closes.
 */
export function* csvRecords(text: string, separator: Separator): Generator<CsvRecord> {
  const end = text.length;
  let at = 0;
  let line = 1;
  while (at < end) {
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        const openLine = line;
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) {
            throw new CsvError(
              'unclosed_quote',
              `Line ${openLine} opens a quoted field (") that is never closed, so the rest of the file would become one text. Close the quote, or double a quote inside the text ("").`,
              openLine,
            );
          }
          const chunk = text.slice(at, quote);
          field += chunk;
          line += countLineBreaks(chunk);
          if (text[quote + 1] === '"') {
            field += '"';
            at = quote + 2;
          } else {
            at = quote + 1;
            break;
          }
        }
      }
      // Unquoted text, or anything between a closing quote and the next separator (kept as written).
      const stop = nextStop(text, at, separator);
      field += text.slice(at, stop);
      at = stop;
      fields.push(field);
      if (at >= end) break;
      const char = text[at];
      if (char === separator) {
        at += 1;
        continue;
      }
      at += char === '\r' && text[at + 1] === '\n' ? 2 : 1;
      line += 1;
      break;
    }
    yield { line: startLine, fields };
  }
}

/** The index of the next separator or line break at or after `from`, or the end of the text. */
function nextStop(text: string, from: number, separator: Separator): number {
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (char === separator || char === '\n' || char === '\r') return index;
  }
  return text.length;
}

/** Line breaks inside a quoted field, counted as the reader counts them (CRLF once). */
function countLineBreaks(chunk: string): number {
  let count = 0;
  for (let index = 0; index < chunk.length; index += 1) {
    const char = chunk[index];
    if (char === '\n') count += 1;
    else if (char === '\r' && chunk[index + 1] !== '\n') count += 1;
  }
  return count;
}

/** A record with nothing in it: an empty line, or only separators (spreadsheets write those). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}
