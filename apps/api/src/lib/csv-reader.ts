// Reads RFC 4180 CSV as it arrives, chunk by chunk, however the chunks split it (inside a quoted
// cell, between the two quotes of an escaped quote, between CR and LF), so a 100 MB file never
// has to be in memory at once. Also takes LF-only line ends and a leading byte-order mark, as
// spreadsheets write them.

export class CsvReader {
  private row: string[] = [];
  private cell = '';
  private quoted = false;
  /** Inside a quoted cell, a quote was the chunk's last character: an escaped quote or the end of the cell. */
  private quotePending = false;
  /** A CR ended the last row; an LF right after it belongs to that line end. */
  private skipLineFeed = false;
  private started = false;
  private rows: string[][] = [];

  /** The rows this chunk completed. */
  push(chunk: string): string[][] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    for (const character of text) this.read(character);
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

  private endRow() {
    this.row.push(this.cell);
    this.rows.push(this.row);
    this.row = [];
    this.cell = '';
  }

  private read(character: string) {
    if (this.skipLineFeed) {
      this.skipLineFeed = false;
      if (character === '\n') return;
    }
    if (this.quoted) {
      if (this.quotePending) {
        this.quotePending = false;
        if (character === '"') {
          this.cell += '"';
          return;
        }
        this.quoted = false;
      } else {
        if (character === '"') this.quotePending = true;
        else this.cell += character;
        return;
      }
    }
    switch (character) {
      case '"':
        // A quote opens a quoted cell only at its start; elsewhere it is kept, as spreadsheets do.
        if (this.cell === '') this.quoted = true;
        else this.cell += character;
        return;
      case ',':
        this.row.push(this.cell);
        this.cell = '';
        return;
      case '\r':
        this.endRow();
        this.skipLineFeed = true;
        return;
      case '\n':
        this.endRow();
        return;
      default:
        this.cell += character;
    }
  }
}

/** The whole of a CSV text, for callers that already hold it. */
export function readCsv(text: string): string[][] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}
