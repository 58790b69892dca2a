import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@postlark/shared/imports';
import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';
import { CsvLimitError, CsvReader, readCsv } from './csv-reader';

/** Everything the reader gives for the text cut into pieces of `size` characters. */
function readInPieces(text: string, size: number, reader = new CsvReader()): string[][] {
  const rows: string[][] = [];
  for (let start = 0; start < text.length; start += size) rows.push(...reader.push(text.slice(start, start + size)));
  rows.push(...reader.end());
  return rows;
}

/** The message the reader stopped with, or null when it read the whole text. */
function stopOf(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    if (error instanceof CsvLimitError) return error.message;
    throw error;
  }
}

const AWKWARD = [
  ['email', 'name', 'note'],
  ['a@example.com', 'Comma, Inc', 'Say "hi"'],
  ['b@example.com', 'Line\r\nbreak', ''],
  ['c@example.com', 'Ünïcødé ✓', '"quoted"'],
  ['', '', ''],
];

describe('CsvReader', () => {
  it('reads back what csvRow writes', () => {
    expect(readCsv(AWKWARD.map(csvRow).join(''))).toEqual(AWKWARD);
  });

  it('gives the same rows however the text is cut into chunks', () => {
    const text = AWKWARD.map(csvRow).join('');
    for (let size = 1; size <= 7; size += 1) {
      const reader = new CsvReader();
      const rows: string[][] = [];
      for (let start = 0; start < text.length; start += size) rows.push(...reader.push(text.slice(start, start + size)));
      rows.push(...reader.end());
      expect(rows, `chunks of ${size}`).toEqual(AWKWARD);
    }
  });

  it('takes LF line ends, a byte-order mark, and a last line without a line end', () => {
    expect(readCsv('\uFEFFemail,name\na@example.com,Ada\nb@example.com,"Bo"')).toEqual([
      ['email', 'name'],
      ['a@example.com', 'Ada'],
      ['b@example.com', 'Bo'],
    ]);
  });

  it('keeps a stray quote inside an unquoted cell', () => {
    expect(readCsv('5" floppy,x\r\n')).toEqual([['5" floppy', 'x']]);
  });

  it('gives the same rows for quotes, escaped quotes, CRLF and a byte-order mark however the pieces fall, read by slices', () => {
    const text = '\uFEFFemail,"note"\r\n"a@example.com","say ""hi"", then\r\nbye"\r\nb@example.com,plain "quote"\n"",x\r\n';
    const expected = [
      ['email', 'note'],
      ['a@example.com', 'say "hi", then\r\nbye'],
      ['b@example.com', 'plain "quote"'],
      ['', 'x'],
    ];
    for (let size = 1; size <= text.length; size += 1) expect(readInPieces(text, size), `pieces of ${size}`).toEqual(expected);
  });

  it('takes a cell of exactly the cap, in any pieces', () => {
    const cell = 'x'.repeat(IMPORT_LIMITS.cellChars);
    expect(readInPieces(`a,"${cell}"\r\nb,${cell}\r\n`, 10_007)).toEqual([
      ['a', cell],
      ['b', cell],
    ]);
  });

  it('stops at a cell one character over the cap, naming its row, quoted or not', () => {
    const over = 'x'.repeat(IMPORT_LIMITS.cellChars + 1);
    expect(stopOf(() => readInPieces(`email\r\na,${over}\r\n`, 4_096))).toBe(IMPORT_MESSAGES.cellTooLong(2));
    expect(stopOf(() => readInPieces(`email\r\n"${over}"\r\n`, 4_096))).toBe(IMPORT_MESSAGES.cellTooLong(2));
  });

  it('stops a quote that is never closed once its cell passes the cap, without holding the rest of the file', () => {
    const reader = new CsvReader();
    expect(reader.push('email,note\r\na@example.com,"never closed')).toEqual([['email', 'note']]);
    const piece = 'y'.repeat(1024 * 1024);
    expect(stopOf(() => {
      for (let i = 0; i < 100; i += 1) reader.push(piece);
    })).toBe(IMPORT_MESSAGES.cellTooLong(2));
  });

  it('stops at a row longer than its cap, or with more columns than its cap', () => {
    const cell = 'z'.repeat(IMPORT_LIMITS.cellChars);
    const cellsInRow = Math.floor(IMPORT_LIMITS.rowChars / IMPORT_LIMITS.cellChars) + 1;
    expect(stopOf(() => readInPieces(`${Array(cellsInRow).fill(cell).join(',')}\n`, 65_536))).toBe(IMPORT_MESSAGES.rowTooLong(1));
    expect(stopOf(() => readInPieces(`${','.repeat(IMPORT_LIMITS.rowColumns - 1)}\n`, 100))).toBeNull();
    expect(stopOf(() => readInPieces(`a\n${','.repeat(IMPORT_LIMITS.rowColumns)}\n`, 100))).toBe(IMPORT_MESSAGES.tooManyColumns(2));
  });
});
