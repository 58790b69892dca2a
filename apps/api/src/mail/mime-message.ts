import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import { headerValue } from './transport';

// A campaign message as the bytes handed to the relay: one fixed shape (headers, then a
// multipart/alternative of a plain-text and an HTML part, both UTF-8 quoted-printable), put
// together directly. Nodemailer's composer builds a MIME tree and a stream pipeline for every
// message, which costs several times the CPU of everything else the engine does per recipient;
// the encoders here are nodemailer's own (RFC 2047 words, quoted-printable, header folding), so
// the output is what it would write for the same message.

export interface MimeMessageParts {
  from: { name: string; address: string };
  to: string;
  /** Left out when empty. */
  replyTo: string;
  subject: string;
  messageId: string;
  date: Date;
  /** More headers (List-Unsubscribe …), ASCII values. */
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** A display name as RFC 5322 allows it: bare when it is words, quoted when ASCII, else an encoded word. */
function displayName(name: string): string {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/["\\]/g, '\\$&')}"`;
  return encodeWords(name, 'Q', 52, true);
}

function mailbox(name: string, address: string): string {
  return name ? `${displayName(name)} <${address}>` : address;
}

/** An unstructured header's value (the subject): encoded words only where it is not printable ASCII. */
function unstructured(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeWords(value, 'Q', 52);
}


// Values reach it through headerValue, never with a line break: a subscriber's name cannot add a header.
function header(name: string, value: string): string {
  return `${foldLines(`${name}: ${value}`, 76)}\r\n`;
}

function part(contentType: string, body: string): string {
  const crlf = body.replace(/\r\n|\r|\n/g, '\r\n');
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${wrapQuotedPrintable(quotedPrintable(crlf), 76)}\r\n`;
}

/** RFC 5322 date with a numeric zone, as nodemailer writes it. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT/, '+0000');
}

let boundaryCount = 0;

export function mimeMessage(parts: MimeMessageParts): Buffer {
  // "=_" never occurs in quoted-printable text (a literal "=" is written =3D), so no line of
  // either part can be mistaken for the boundary: a counter makes it unique, nothing random needed.
  boundaryCount += 1;
  const boundary = `=_postlark_${boundaryCount.toString(36)}`;
  let head = header('From', mailbox(headerValue(parts.from.name), headerValue(parts.from.address)));
  head += header('To', headerValue(parts.to));
  if (parts.replyTo) head += header('Reply-To', headerValue(parts.replyTo));
  head += header('Subject', unstructured(headerValue(parts.subject)));
  head += header('Message-ID', parts.messageId);
  head += header('Date', rfc5322Date(parts.date));
  for (const [name, value] of Object.entries(parts.headers)) head += header(name, headerValue(value));
  head += header('MIME-Version', '1.0');
  head += header('Content-Type', `multipart/alternative; boundary="${boundary}"`);
  return Buffer.from(
    `${head}\r\n--${boundary}\r\n${part('text/plain', parts.text)}--${boundary}\r\n${part('text/html', parts.html)}--${boundary}--\r\n`,
    'utf8',
  );
}
