import { StringDecoder } from 'node:string_decoder';

// Server-sent events as a provider streams them: bytes arrive cut anywhere (inside a line, inside
// a multi-byte character), lines end in \n or \r\n, an event is its `data:` lines up to a blank
// line. Only the data matters here (chat completions use no event names or ids).

export class SseParser {
  private readonly decoder = new StringDecoder('utf8');
  private buffer = '';
  private data: string[] = [];

  /** Takes the next bytes; returns the data of every event they complete. */
  push(chunk: Buffer | string): string[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const events: string[] = [];
    let newline = this.buffer.indexOf('\n');
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      this.line(line, events);
      newline = this.buffer.indexOf('\n');
    }
    return events;
  }

  /** The stream ended: an event not closed by a blank line still counts. */
  end(): string[] {
    const events: string[] = [];
    this.buffer += this.decoder.end();
    if (this.buffer) this.line(this.buffer.replace(/\r$/, ''), events);
    this.buffer = '';
    this.line('', events);
    return events;
  }

  private line(line: string, events: string[]) {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    this.data.push(value.startsWith(' ') ? value.slice(1) : value);
  }
}
