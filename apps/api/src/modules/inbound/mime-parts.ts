// A small, bounded MIME reader for returned mail. mailparser (simpleParser) folds a
// message/delivery-status part into the message's text, so the per-recipient fields can no longer
// be told from the MTA's prose; reports need each part by its type. Everything here is linear in
// the input: line scans and indexOf, no backtracking patterns, and caps on depth and part count.

export type Headers = Map<string, string[]>;

export interface MimePart {
  /** Lower-cased media type, e.g. `message/delivery-status`; `text/plain` when none is given. */
  type: string;
  headers: Headers;
  /** The body, transfer-decoded and charset-decoded. A message/rfc822 part is kept whole (its headers and body), not descended into. */
  text: string;
}

export interface ParsedMessage {
  headers: Headers;
  /** The leaf parts in order (the message itself when it is not multipart). */
  parts: MimePart[];
}

const MAX_DEPTH = 6;
const MAX_PARTS = 200;
const MAX_HEADER_LINES = 1_000;

export function header(headers: Headers, name: string): string {
  return headers.get(name)?.[0] ?? '';
}

/** The header block and the body of a message or part: split at the first empty line. */
export function splitHeaderBody(text: string): { head: string; body: string } {
  if (text.startsWith('\n')) return { head: '', body: text.slice(1) };
  const at = text.indexOf('\n\n');
  return at < 0 ? { head: text, body: '' } : { head: text.slice(0, at), body: text.slice(at + 2) };
}

/** Header fields by lower-cased name, continuation lines unfolded, encoded words decoded. */
export function parseHeaders(head: string): Headers {
  const headers: Headers = new Map();
  let name = '';
  let value = '';
  const flush = () => {
    if (!name) return;
    const list = headers.get(name) ?? [];
    list.push(decodeWords(value.trim()));
    headers.set(name, list);
  };
  let count = 0;
  for (const line of head.split('\n')) {
    if (++count > MAX_HEADER_LINES) break;
    if ((line.startsWith(' ') || line.startsWith('\t')) && name) {
      value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    flush();
    if (colon <= 0 || line.slice(0, colon).includes(' ')) {
      name = '';
      continue;
    }
    name = line.slice(0, colon).toLowerCase();
    value = line.slice(colon + 1);
  }
  flush();
  return headers;
}

/** `type/subtype; a=b; c="d"` → the lower-cased type and its parameters (names lower-cased). */
export function parseContentType(value: string): { type: string; params: Record<string, string> } {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      pieces.push(current);
      current = '';
    } else current += char;
  }
  pieces.push(current);
  const params: Record<string, string> = {};
  for (const piece of pieces.slice(1)) {
    const equals = piece.indexOf('=');
    if (equals < 0) continue;
    params[piece.slice(0, equals).trim().toLowerCase()] = piece
      .slice(equals + 1)
      .trim()
      .replaceAll('"', '');
  }
  return { type: (pieces[0] ?? '').trim().toLowerCase() || 'text/plain', params };
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const label = charset.trim().toLowerCase() || 'utf-8';
  try {
    return new TextDecoder(label === 'us-ascii' || label === 'ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function decodeQuotedPrintable(text: string, headerStyle: boolean): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '=') {
      if (text[i + 1] === '\n') {
        i += 1;
        continue;
      }
      const hex = text.slice(i + 1, i + 3);
      if (/^[\da-f]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    bytes.push(headerStyle && char === '_' ? 0x20 : char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}

function transferDecode(body: string, encoding: string): Buffer {
  const kind = encoding.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/[^\d+/=a-z]/gi, ''), 'base64');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body, false);
  return Buffer.from(body, 'latin1');
}

/** RFC 2047 encoded words (`=?utf-8?B?…?=`) in a header value. */
export function decodeWords(value: string): string {
  if (!value.includes('=?')) return value;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?\s]+)\?([bq])\?([^?\s]*)\?=/gi, (_whole, charset: string, kind: string, text: string) =>
      decodeCharset(kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text, true), charset.split('*')[0]!),
    );
}

/** The raw message as text with LF line ends; bytes kept one to one (latin1) until a part's charset is known. */
export function normalise(raw: Buffer): string {
  return raw.toString('latin1').replace(/\r\n?/g, '\n');
}

/** Header bytes that are UTF-8 (RFC 6532 messages, RFC 6533 reports) read as UTF-8. */
function headerText(head: string): string {
  return /[\u0080-\uffff]/.test(head) ? decodeCharset(Buffer.from(head, 'latin1'), 'utf-8') : head;
}

function splitMultipart(body: string, boundary: string): string[] {
  const open = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\n')) {
    if (line.startsWith(open)) {
      const rest = line.slice(open.length).trimEnd();
      if (rest === '' || rest === '--') {
        if (current) parts.push(current.join('\n'));
        if (parts.length >= MAX_PARTS || rest === '--') return parts;
        current = [];
        continue;
      }
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

/**
 * A boundary the body uses though no Content-Type declares it (some MTAs drop the header, others
 * declare one and use another): a `--token` line without spaces that occurs at least twice.
 */
function sniffBoundary(body: string): string | null {
  const seen = new Map<string, number>();
  let offset = 0;
  for (const line of body.split('\n')) {
    offset += line.length + 1;
    // A MIME preamble is short; a boundary first seen further on belongs to a quoted original.
    if (seen.size === 0 && offset > 1_000) return null;
    if (!line.startsWith('--') || line.length < 4 || line.length > 200 || line.includes(' ')) continue;
    const token = line.endsWith('--') && seen.has(line.slice(2, -2)) ? line.slice(2, -2) : line.slice(2);
    const count = (seen.get(token) ?? 0) + 1;
    if (count >= 2) return token;
    if (seen.size < 1_000) seen.set(token, count);
  }
  return null;
}

/** A part whose own headers are a message's (From with Message-ID, Received, Return-Path or Subject): a returned original pasted in as a part without its message/rfc822 wrapper. */
function looksLikeMessage(headers: Headers): boolean {
  return headers.has('from') && (headers.has('message-id') || headers.has('received') || headers.has('return-path') || headers.has('subject'));
}

function readMultipart(body: string, boundary: string, type: string, depth: number, out: MimePart[]): boolean {
  const pieces = splitMultipart(body, boundary);
  if (pieces.length === 0) return false;
  for (const piece of pieces) {
    if (out.length >= MAX_PARTS) break;
    readPart(piece, depth + 1, out, type === 'multipart/digest' ? 'message/rfc822' : 'text/plain');
  }
  return true;
}

function readPart(text: string, depth: number, out: MimePart[], defaultType: string): Headers {
  const { head, body } = splitHeaderBody(text);
  const headers = parseHeaders(headerText(head));
  const contentType = header(headers, 'content-type');
  if (depth > 0 && !contentType.toLowerCase().includes('message/') && looksLikeMessage(headers)) {
    out.push({ type: 'message/rfc822', headers, text: decodeCharset(Buffer.from(text, 'latin1'), 'utf-8') });
    return headers;
  }
  const { type, params } = contentType ? parseContentType(contentType) : { type: defaultType, params: {} };
  if (depth < MAX_DEPTH && (type.startsWith('multipart/') || (depth === 0 && !contentType))) {
    if (params.boundary && readMultipart(body, params.boundary, type, depth, out)) return headers;
    const sniffed = sniffBoundary(body);
    if (sniffed && readMultipart(body, sniffed, type, depth, out)) return headers;
  }
  const bytes = transferDecode(body, header(headers, 'content-transfer-encoding'));
  const utf8Type = type === 'message/global' || type === 'message/global-delivery-status' || type === 'message/global-headers';
  out.push({ type: type.startsWith('multipart/') ? 'text/plain' : type, headers, text: decodeCharset(bytes, utf8Type ? 'utf-8' : (params.charset ?? 'utf-8')) });
  return headers;
}

/** A message's headers and leaf parts. Never throws: garbage gives one text/plain part of whatever was there. */
export function parseMessage(raw: Buffer): ParsedMessage {
  const parts: MimePart[] = [];
  const headers = readPart(normalise(raw), 0, parts, 'text/plain');
  return { headers, parts };
}
