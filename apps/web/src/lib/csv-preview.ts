// Reads the first rows of a CSV file's beginning (RFC 4180: quoted fields may hold commas, quotes
// doubled, and line breaks). Only a slice of the file is read, so the last line may be cut short:
// a row is returned only once its line ends inside the text, unless the text is the whole file.

/** How much of the file the preview reads: enough for a few rows, never the whole file. */
export const PREVIEW_BYTES = 64 * 1024;

/** The first `limit` rows of `text`; `complete` says the text is the whole file. */
export function previewRows(text: string, limit: number, complete: boolean): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < source.length && rows.length < limit) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      if (!(row.length === 1 && row[0] === '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
    index += 1;
  }
  if (complete && rows.length < limit && (field !== '' || row.length > 0)) rows.push([...row, field]);
  return rows;
}

/** The file's first bytes as text, decoded as UTF-8 (a character cut at the end is dropped). */
export async function readFileStart(file: Blob, bytes = PREVIEW_BYTES): Promise<{ text: string; complete: boolean }> {
  const buffer = await file.slice(0, bytes).arrayBuffer();
  const text = new TextDecoder('utf-8').decode(buffer).replace(/\uFFFD$/, '');
  return { text, complete: file.size <= bytes };
}
