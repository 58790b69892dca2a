import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@postlark/shared/imports';

// Reads RFC 4180 CSV as it arrives, chunk by chunk, however the chunks split it (inside a quoted
// cell, between the two quotes of an escaped quote, between CR and LF), so a 100 MB file never
// has to be in memory at once. Also takes LF-only line ends and a leading byte-order mark, as
// spreadsheets write them.
//
// It reads by slices: from where it is to the next quote (inside a quoted cell) or the next quote,
// comma or line end (outside one), and appends each slice whole. (Appending a character at a time
// cost about 33 bytes of heap per character: one unclosed quote in a 100 MB file needed 3 GB.)
// A cell, a row and a row's column count are capped; past a cap the reader throws CsvLimitError,
// naming the row, and the file is refused.

/** The file passed one of the reader's caps: its message says which, and on which row. */
export class CsvLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvLimitError';
  }
}

export interface CsvLimits {
  cellChars: number;
  rowChars: number;
  rowColumns: number;
}

// Outside a quoted cell, the characters that end a slice. One class, no quantifier: linear.
const SPECIAL = /[",\r\n]/g;

export class CsvReader {
  private row: string[] = [];
  private cell = '';
  private rowChars = 0;
  /** Rows completed so far; the one being read is rowsDone + 1. */
  private rowsDone = 0;
  private quoted = false;
  /** Inside a quoted cell, a quote was the chunk's last character: an escaped quote or the end of the cell. */
  private quotePending = false;
  /** A CR ended the last row; an LF right after it belongs to that line end. */
  private skipLineFeed = false;
  private started = false;
  private rows: string[][] = [];

  constructor(private readonly limits: CsvLimits = IMPORT_LIMITS) {}

  /** The rows this chunk completed; throws CsvLimitError past a cap. */
  push(chunk: string): string[][] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    this.read(text);
    return this.take();
  }

  /** The last row, if the text did not end with a line break. */
  end(): string[][] {
    this.quotePending = false;
    this.quoted = false;
    if (this.cell !== '' || this.row.length > 0) this.endRow();
    return this.take();
  }

  private take(): string[][] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private append(slice: string) {
    if (slice === '') return;
    if (this.cell.length + slice.length > this.limits.cellChars) throw new CsvLimitError(IMPORT_MESSAGES.cellTooLong(this.rowsDone + 1));
    this.rowChars += slice.length;
    if (this.rowChars > this.limits.rowChars) throw new CsvLimitError(IMPORT_MESSAGES.rowTooLong(this.rowsDone + 1));
    this.cell += slice;
  }

  private endCell() {
    if (this.row.length + 1 > this.limits.rowColumns) throw new CsvLimitError(IMPORT_MESSAGES.tooManyColumns(this.rowsDone + 1));
    this.row.push(this.cell);
    this.cell = '';
  }

  private endRow() {
    this.endCell();
    this.rows.push(this.row);
    this.row = [];
    this.rowChars = 0;
    this.rowsDone += 1;
  }

  private read(text: string) {
    let at = 0;
    while (at < text.length) {
      if (this.skipLineFeed) {
        this.skipLineFeed = false;
        if (text[at] === '\n') {
          at += 1;
          continue;
        }
      }
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (text[at] === '"') {
            this.append('"');
            at += 1;
            continue;
          }
          this.quoted = false;
        } else {
          const quote = text.indexOf('"', at);
          this.append(text.slice(at, quote < 0 ? text.length : quote));
          if (quote < 0) return;
          this.quotePending = true;
          at = quote + 1;
          continue;
        }
      }
      SPECIAL.lastIndex = at;
      const special = SPECIAL.exec(text)?.index ?? text.length;
      this.append(text.slice(at, special));
      if (special === text.length) return;
      at = special + 1;
      switch (text[special]) {
        case '"':
          // A quote opens a quoted cell only at its start; elsewhere it is kept, as spreadsheets do.
          if (this.cell === '') this.quoted = true;
          else this.append('"');
          break;
        case ',':
          this.endCell();
          break;
        case '\r':
          this.endRow();
          this.skipLineFeed = true;
          break;
        default:
          this.endRow();
      }
    }
  }
}

/** The whole of a CSV text, for callers that already hold it. */
export function readCsv(text: string): string[][] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}
