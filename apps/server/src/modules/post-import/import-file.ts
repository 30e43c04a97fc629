import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@postflow/contract';
import { AppError } from '../../lib/errors';
import { csvRecords, CsvError, decodeCsv, detectSeparator, isBlankRecord, type CsvRecord } from './csv';
import { readHeader, type HeaderMap } from './import-rows';

export interface ImportFile {
  header: HeaderMap;
  /** The data records, blank ones left out, in file order. */
  records: CsvRecord[];
}

const template = IMPORT_COLUMNS.join(',');

const problemLabels: Record<CsvError['problem'], string> = {
  empty: 'Empty file',
  not_utf8: 'Not UTF-8',
  workbook: 'Not a CSV file',
  binary: 'Not a CSV file',
  unclosed_quote: 'Quote never closed',
};

/**
 * The file's header and rows, or a 4xx about the whole file (docs/product.md, Bulk import): not
 * UTF-8, a workbook, empty, no header, a quote never closed, or more than IMPORT_MAX_ROWS rows
 * (found while reading, so a huge file is refused before its rows are checked).
 */
export function readImportFile(bytes: Uint8Array): ImportFile {
  try {
    const text = decodeCsv(bytes);
    let header: HeaderMap | undefined;
    const records: CsvRecord[] = [];
    for (const record of csvRecords(text, detectSeparator(text))) {
      if (isBlankRecord(record)) continue;
      if (!header) {
        header = readHeader(record);
        continue;
      }
      if (records.length === IMPORT_MAX_ROWS) {
        throw new AppError(
          'payload_too_large',
          `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into files of up to ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and import them one by one.`,
          { fields: { file: 'Too many rows' } },
        );
      }
      records.push(record);
    }
    if (!header) throw new CsvError('empty', 'The file is empty.');
    if (!records.length) {
      throw new AppError('validation_failed', 'The file has a header but no rows: add one post per line under it.', {
        fields: { file: 'No rows' },
      });
    }
    return { header, records };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const message = error.problem === 'empty' ? `The file is empty. Its first line must be the header: ${template}` : error.message;
    throw new AppError('validation_failed', message, { fields: { file: problemLabels[error.problem] } });
  }
}
