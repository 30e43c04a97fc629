import { describe, expect, it } from 'vitest';
import { CsvError, csvRecords, decodeCsv, detectSeparator } from './csv';

const read = (text: string) => [...csvRecords(text, detectSeparator(text))];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the CSV reader of the bulk import', () => {
  it('reads an Excel export: byte order mark, ";" between fields, CRLF line ends', () => {
    const file = Uint8Array.from([
      0xef,
      0xbb,
      0xbf,
      ...bytes('text;platforms;scheduled_at\r\nHello;x;2027-01-05 09:00\r\nBye;linkedin;\r\n'),
    ]);
    const text = decodeCsv(file);
    expect(detectSeparator(text)).toBe(';');
    expect(read(text)).toEqual([
      { line: 1, fields: ['text', 'platforms', 'scheduled_at'] },
      { line: 2, fields: ['Hello', 'x', '2027-01-05 09:00'] },
      { line: 3, fields: ['Bye', 'linkedin', ''] },
    ]);
  });

  it('keeps separators, doubled quotes and line breaks inside quoted fields, and counts lines as the file has them', () => {
    const text = 'text,platforms\n"One, two\nand ""three""",x\r\n"Last\r\nline","x;linkedin"\n';
    expect(read(text)).toEqual([
      { line: 1, fields: ['text', 'platforms'] },
      { line: 2, fields: ['One, two\nand "three"', 'x'] },
      { line: 4, fields: ['Last\r\nline', 'x;linkedin'] },
    ]);
  });

  it('reads a last line without a line break, empty fields and a trailing separator', () => {
    expect(read('a,b,c\n,,\nx,"",')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['', '', ''] },
      { line: 3, fields: ['x', '', ''] },
    ]);
  });

  it('picks the separator of the header line, ignoring those inside quotes', () => {
    expect(detectSeparator('text,platforms,scheduled_at\n"a;b;c;d",x,\n')).toBe(',');
    expect(detectSeparator('"a,b";platforms\n')).toBe(';');
    expect(detectSeparator('text\tplatforms\n')).toBe('\t');
    expect(detectSeparator('text\n')).toBe(',');
  });

  it('refuses a quote that is never closed, naming the line it opens on', () => {
    const run = () => read('text,platforms\nfine,x\n"never closed,x\nmore,x\n');
    expect(run).toThrow(CsvError);
    expect(run).toThrow(/Line 3 opens a quoted field/);
  });

  it('refuses files that are not UTF-8 text, saying how to save them', () => {
    // "Café" in Windows-1252: é is the single byte 0xE9.
    expect(() => decodeCsv(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]))).toThrow(/not UTF-8.*CSV UTF-8/);
    expect(() => decodeCsv(Uint8Array.from([0xff, 0xfe, 0x74, 0x00]))).toThrow(/UTF-16/);
    expect(() => decodeCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toThrow(/workbook/);
    expect(() => decodeCsv(new Uint8Array())).toThrow(/empty/);
    expect(() => decodeCsv(bytes('\r\n  \n'))).toThrow(/empty/);
  });
});
