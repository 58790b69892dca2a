// Bounces written as prose (Postfix, Exim, Sendmail, qmail, Exchange, Gmail, Yahoo, mail.ru, …)
// and the prose part of DSNs: where the returned original message starts (it is the original, not
// the diagnostic), which addresses the MTA names as failed, and the text that goes with each.
import { header, type Headers, parseHeaders, splitHeaderBody } from './mime-parts';
import { findAddresses } from './report-fields';

const MAX_DIAGNOSTIC = 1_000;

/** Lines that start the copy of the original message (lower-cased; the earliest one found wins). */
const ORIGINAL_MARKERS = [
  'this is a copy of the message',
  'below this line is a copy of the message',
  'original message follows',
  '----- original message',
  '-----original message',
  '------ original message',
  'original message header',
  'header of the original message',
  'headers of the original message',
  'the original message headers',
  'unsent message below',
  'start of returned message',
  'returned message follows',
  'copy of the original message',
  'original message is attached',
  'copy of your message',
  '--- message headers',
  'your original message',
  'included is a copy of',
  'a copy of the original',
  'this is the copy of the original',
  'original message:',
  '--- returned message',
  '----- message text follows',
  'message headers follow',
  'content-type: message/rfc822',
  'content-type: text/rfc822-headers',
];

/** Header lines of the original that a prose part sometimes quotes before any marker: their addresses are not failed recipients. */
const QUOTED_HEADER_PREFIXES = [
  'from:',
  'reply-to:',
  'return-path:',
  'message-id:',
  'in-reply-to:',
  'references:',
  'received:',
  'sender:',
  'x-',
  'dkim-',
  'by ',
  'for <',
  '(envelope-from',
  'envelope-from',
  'mail from:',
  'list-',
  'errors-to:',
  'delivered-to:',
];

const SENDER_LOCAL_PARTS = [
  'mailer-daemon',
  'postmaster',
  'mail-daemon',
  'mailerdaemon',
  'mailer_daemon',
  'root',
  'noreply',
  'no-reply',
  'abuse',
  'bounce',
  'bounces',
  'daemon',
  'mailadmin',
];

/** Where the copy of the original message starts in a prose text, or the text's length. */
export function originalStart(text: string): number {
  const lowered = text.toLowerCase();
  let earliest = text.length;
  for (const marker of ORIGINAL_MARKERS) {
    const at = lowered.indexOf(marker);
    if (at >= 0 && at < earliest) earliest = at;
  }
  if (earliest === text.length) return earliest;
  const lineStart = text.lastIndexOf('\n', earliest);
  return lineStart < 0 ? 0 : lineStart;
}

/** The headers of a copy of the original message that follows a marker in a prose text, when one does. */
export function quotedOriginalHeaders(text: string): Headers | null {
  const start = originalStart(text);
  if (start >= text.length) return null;
  const afterMarker = text.indexOf('\n', start + 1);
  if (afterMarker < 0) return null;
  const rest = text.slice(afterMarker + 1).replace(/^\s+/, '');
  const headers = parseHeaders(splitHeaderBody(rest).head);
  return headers.size > 0 ? headers : null;
}

export interface TextRecipient {
  email: string;
  /** The prose that goes with this address: from its first mention to the next failed address's, capped. */
  diagnostic: string;
}

function isSenderSide(address: string, excluded: Set<string>): boolean {
  const lowered = address.toLowerCase();
  if (excluded.has(lowered)) return true;
  const local = lowered.slice(0, lowered.indexOf('@'));
  return SENDER_LOCAL_PARTS.includes(local) || local.startsWith('bounce') || local.startsWith('mailer-daemon');
}

/** The prose without lines that quote the original's headers (their addresses would pass for recipients). */
function withoutQuotedHeaders(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const lowered = line.trimStart().toLowerCase();
      return QUOTED_HEADER_PREFIXES.some((prefix) => lowered.startsWith(prefix)) ? '' : line;
    })
    .join('\n');
}

/** Addresses that are not failed recipients: the report's own (its To is our envelope sender, its From the MTA) and the original's sender. */
export function excludedAddresses(report: Headers, original: Headers | null): Set<string> {
  const excluded = new Set<string>();
  const add = (headers: Headers, names: string[]) => {
    for (const name of names) for (const value of headers.get(name) ?? []) for (const address of findAddresses(value)) excluded.add(address.toLowerCase());
  };
  add(report, ['to', 'from', 'return-path', 'sender', 'reply-to', 'message-id', 'cc']);
  if (original) add(original, ['from', 'return-path', 'sender', 'reply-to', 'message-id']);
  return excluded;
}

/** Text of an HTML part with its tags dropped, in one pass (no pattern over the markup). */
export function stripTags(html: string): string {
  let out = '';
  let inTag = false;
  let start = 0;
  for (let i = 0; i < html.length; i++) {
    const char = html[i];
    if (!inTag && char === '<') {
      out += html.slice(start, i);
      inTag = true;
    } else if (inTag && char === '>') {
      inTag = false;
      start = i + 1;
      out += ' ';
    }
  }
  if (!inTag) out += html.slice(start);
  return out
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The failed recipients a prose bounce names, in order, with their texts. `known` are addresses
 * given elsewhere (X-Failed-Recipients, a DSN): when present they are the recipients and the prose
 * only lends them texts.
 */
export function readTextRecipients(prose: string, excluded: Set<string>, known: string[], limit: number): TextRecipient[] {
  const text = withoutQuotedHeaders(prose);
  const lowered = text.toLowerCase();
  const found = known.length > 0 ? [] : findAddresses(text, limit * 4);
  const others = found.filter((address) => !isSenderSide(address, excluded));
  // A bounce of mail sent to oneself names our own address: when nothing else is left, it is the recipient.
  const fallback = others.length > 0 ? others : found.filter((address) => !isSenderSide(address, new Set()));
  const addresses = known.length > 0 ? known.slice(0, limit) : fallback.slice(0, limit);
  const mentions = addresses.map((email) => ({ email, at: lowered.indexOf(email.toLowerCase()) }));
  const ordered = mentions.filter((mention) => mention.at >= 0).sort((a, b) => a.at - b.at);
  return mentions.map(({ email, at }) => {
    if (at < 0) return { email, diagnostic: squeeze(text).slice(0, MAX_DIAGNOSTIC) };
    const next = ordered.find((mention) => mention.at > at);
    const segment = text.slice(at, next ? next.at : Math.min(text.length, at + MAX_DIAGNOSTIC * 4));
    return { email, diagnostic: squeeze(segment).slice(0, MAX_DIAGNOSTIC) };
  });
}

/** Runs of whitespace to one space, in one linear pass. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** X-Failed-Recipients (Exim and others): the addresses a prose bounce is about, when the MTA said so in a header. */
export function failedRecipientsHeader(headers: Headers): string[] {
  return findAddresses(header(headers, 'x-failed-recipients'));
}
