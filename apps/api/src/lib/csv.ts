// RFC 4180 CSV, safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or carriage
// return, which some spreadsheets skip before evaluating) is prefixed with ' so it is never run as a formula.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

// Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte-order mark.
export const UTF8_BOM = '\uFEFF';

/** A streamed CSV's chunks, with the byte-order mark first. */
export async function* withUtf8Bom(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  yield UTF8_BOM;
  yield* chunks;
}
