import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { readImportFile } from './import-file';
import { checkRow } from './import-rows';

const context = {
  now: new Date('2026-11-26T12:00:00Z'),
  timeZone: 'Europe/Berlin',
  accounts: new Map([['x', { status: 'connected' }]] as const),
};

describe('reading an import file', () => {
  // The route turns an AppError into a 4xx; anything else would be a 5xx.
  it('answers any bytes with rows or a refusal a person can read, never anything else', () => {
    const pieces = fc.oneof(
      fc.constantFrom(
        'text',
        'platforms',
        'scheduled_at',
        'image_url',
        ',',
        ';',
        '\t',
        '"',
        '""',
        '\r\n',
        '\n',
        '\r',
        'x',
        'linkedin',
        '=1+1',
        '@SUM(1)',
        '2027-03-28 02:30',
        '\uFEFF',
      ),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    const header = fc.constantFrom('text,platforms,scheduled_at\n', 'text;platforms;scheduled_at;image_url\r\n', '', 'text\n');
    fc.assert(
      fc.property(header, fc.array(pieces, { maxLength: 40 }), fc.uint8Array({ maxLength: 6 }), (first, rest, noise) => {
        const bytes = Buffer.concat([Buffer.from(first + rest.join('')), Buffer.from(noise)]);
        try {
          const file = readImportFile(bytes);
          for (const record of file.records) {
            const row = checkRow(record, file.header, context).answer;
            expect(row.ok || row.error !== undefined).toBe(true);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBeLessThan(500);
        }
      }),
      { numRuns: 200, seed: 20261126 },
    );
  });
});
