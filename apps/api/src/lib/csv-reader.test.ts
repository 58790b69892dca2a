import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';
import { CsvReader, readCsv } from './csv-reader';

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
});
