// The inbound classifier's entry point: one raw message that came back to our envelope sender (a
// DSN, an ARF complaint, a prose bounce, an auto-reply, or garbage) in, per recipient what happened
// and what to do out. Pure: no I/O, no clock. The input is attacker-controlled, so it is capped
// before anything is parsed, every scan below is linear, and nothing here throws.
import { isAutoReply } from './auto-reply';
import { classifyRecipient, type Verdict } from './bounce-classifier';
import { header, type Headers, type MimePart, parseHeaders, parseMessage, splitHeaderBody } from './mime-parts';
import { addressOf, fieldLines, findAddresses, findRemoteStatus, findReply, findStatus, readStatusFields } from './report-fields';
import { mostSerious, type ReportOutcome } from './report-outcome';
import { readSesNotification } from './ses-notification';
import { excludedAddresses, failedRecipientsHeader, originalStart, quotedOriginalHeaders, readTextRecipients, squeeze, stripTags } from './text-bounce';

export interface ReportRecipient {
  email: string;
  status: string | null;
  reply: string | null;
  diagnostic: string;
  outcome: ReportOutcome;
  reason: string;
}

export interface ReadReport {
  /** One entry per recipient the report names (an ARF report: the one who complained; an auto-reply: the one away, outcome none). */
  recipients: ReportRecipient[];
  /** The whole report's outcome: the most serious of its recipients' (complaint > dead > sender > soft > none). */
  outcome: ReportOutcome;
  kind: 'dsn' | 'arf' | 'auto-reply' | 'non-standard' | 'unknown';
  /** From the returned original message's headers, when present: its Message-ID (with <>), and the value of its X-Postlark-Delivery header. */
  originalMessageId: string | null;
  correlation: string | null;
  /** Subject of the report, for display; capped at 200 characters. */
  subject: string;
}

/** Input past this is cut off before parsing: real reports are far smaller, and the returned original is what makes them long. */
export const MAX_REPORT_BYTES = 1_048_576;
export const MAX_RECIPIENTS = 100;
const MAX_DIAGNOSTIC = 1_000;
const MAX_SUBJECT = 200;

const STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers', 'message/partial']);

function unknown(subject = ''): ReadReport {
  return { recipients: [], outcome: 'none', kind: 'unknown', originalMessageId: null, correlation: null, subject };
}

export async function readReport(raw: Buffer): Promise<ReadReport> {
  try {
    return read(Buffer.isBuffer(raw) ? raw.subarray(0, MAX_REPORT_BYTES) : Buffer.alloc(0));
  } catch {
    return unknown();
  }
}

function recipient(email: string, status: string | null, reply: string | null, diagnostic: string, verdict: Verdict): ReportRecipient {
  return { email, status, reply, diagnostic: diagnostic.slice(0, MAX_DIAGNOSTIC), ...verdict };
}

/** The text a human reads: the text/plain parts before the returned original (text/html with tags dropped when there is no plain text). */
function proseOf(parts: MimePart[]): string {
  const firstOriginal = parts.findIndex((part) => ORIGINAL_TYPES.has(part.type));
  const before = firstOriginal < 0 ? parts : parts.slice(0, firstOriginal);
  const plain = before.filter((part) => part.type === 'text/plain').map((part) => part.text);
  const texts = plain.length > 0 ? plain : before.filter((part) => part.type === 'text/html').map((part) => stripTags(part.text));
  const text = texts.join('\n');
  return text.slice(0, originalStart(text));
}

function originalHeadersOf(parts: MimePart[], allText: string): Headers | null {
  const part = parts.find((candidate) => ORIGINAL_TYPES.has(candidate.type));
  if (part) return parseHeaders(splitHeaderBody(part.text.replace(/^\s+/, '')).head);
  return quotedOriginalHeaders(allText);
}

/**
 * The remote server's own code, quoted in the diagnostic, over the reporting MTA's Status of the
 * same class: the reporting MTA often derives its Status from the reply code alone (Sendmail
 * writes 5.1.1 for any 550; SES 5.1.0 before the remote's "5.7.1 Access denied").
 */
function bestStatus(fieldStatus: string | null, diagnostic: string): string | null {
  const fromText = findRemoteStatus(diagnostic) ?? findStatus(diagnostic);
  if (!fieldStatus) return fromText;
  if (fromText && fromText[0] === fieldStatus[0]) return fromText;
  return fieldStatus;
}

function readDsn(statusPart: MimePart, prose: string, excluded: Set<string>): ReportRecipient[] {
  const fields = readStatusFields(statusPart.text).slice(0, MAX_RECIPIENTS);
  const texts = readTextRecipients(
    prose,
    excluded,
    fields.map((field) => field.email),
    MAX_RECIPIENTS,
  );
  return fields.map((field, index) => {
    const proseText = texts[index]?.diagnostic ?? '';
    const diagnostic = field.diagnostic || proseText;
    const status = bestStatus(field.status, diagnostic);
    const reply = findReply(diagnostic);
    let verdict = classifyRecipient({ status, reply, diagnostic, action: field.action });
    if (verdict.reason === 'other' && proseText && proseText !== diagnostic) {
      const fromProse = classifyRecipient({ status, reply, diagnostic: proseText, action: field.action });
      if (fromProse.reason !== 'other') verdict = fromProse;
    }
    return recipient(field.email, status, reply, diagnostic, verdict);
  });
}

/** RFC 5965: the one who complained is in Original-Rcpt-To (or Removal-Recipient), else in the original's To. */
function readArf(feedbackPart: MimePart, original: Headers | null): { recipients: ReportRecipient[]; outcome: ReportOutcome } {
  const fields = fieldLines(feedbackPart.text).filter((field) => field !== null);
  const type = (fields.find((field) => field.name === 'feedback-type')?.value ?? 'abuse').toLowerCase().trim();
  const verdict: Verdict =
    type === 'not-spam'
      ? { outcome: 'none', reason: 'not-spam' }
      : type === 'auth-failure'
        ? // RFC 6591: a receiver saying our authentication failed; nobody complained.
          { outcome: 'sender', reason: 'authentication' }
        : { outcome: 'complaint', reason: type === 'opt-out' ? 'opt-out' : 'complaint' };
  const named = fields.filter((field) => field.name === 'original-rcpt-to' || field.name === 'removal-recipient').map((field) => addressOf(field.value));
  const emails = named.length > 0 ? named : findAddresses(original?.get('to')?.join(', ') ?? '');
  const unique = [...new Map(emails.filter((email) => email.includes('@')).map((email) => [email.toLowerCase(), email])).values()].slice(0, MAX_RECIPIENTS);
  const diagnostic = `feedback-type: ${type}`;
  return { recipients: unique.map((email) => recipient(email, null, null, diagnostic, verdict)), outcome: verdict.outcome };
}

function readProse(headers: Headers, prose: string, original: Headers | null, excluded: Set<string>): ReportRecipient[] {
  let texts = readTextRecipients(prose, excluded, failedRecipientsHeader(headers), MAX_RECIPIENTS);
  if (texts.length === 0 && original) {
    const to = findAddresses(original.get('to')?.join(', ') ?? '', MAX_RECIPIENTS);
    texts = to.map((email) => ({ email, diagnostic: squeeze(prose).slice(0, MAX_DIAGNOSTIC) }));
  }
  const fromGoogle = /@google(?:mail)?\.com\b/i.test(header(headers, 'from'));
  return texts.map(({ email, diagnostic }) => {
    const status = findStatus(diagnostic);
    const reply = findReply(diagnostic);
    // Google Groups answers a post from a non-member (or to a group that is gone) with this prose,
    // in the poster's language and without a code: the group refused us, its address is not a reader's.
    if (fromGoogle && email.toLowerCase().endsWith('@googlegroups.com')) return recipient(email, status, reply, diagnostic, { outcome: 'sender', reason: 'group-refused' });
    return recipient(email, status, reply, diagnostic, classifyRecipient({ status, reply, diagnostic, action: '' }));
  });
}

function messageId(headers: Headers | null): string | null {
  const value = headers ? header(headers, 'message-id') : '';
  const open = value.indexOf('<');
  const close = value.indexOf('>', open);
  if (open >= 0 && close > open) return value.slice(open, close + 1);
  return value.trim() ? `<${value.trim()}>` : null;
}

function read(raw: Buffer): ReadReport {
  const { headers, parts } = parseMessage(raw);
  const subject = squeeze(header(headers, 'subject')).slice(0, MAX_SUBJECT);
  if (parts.every((part) => part.text.trim() === '') && headers.size === 0) return unknown(subject);
  const allText = parts
    .filter((part) => part.type.startsWith('text/'))
    .map((part) => part.text)
    .join('\n');
  const prose = proseOf(parts);
  const original = originalHeadersOf(parts, allText);
  const base = { originalMessageId: messageId(original), correlation: (original && header(original, 'x-postlark-delivery').trim()) || null, subject };
  const excluded = excludedAddresses(headers, original);

  const feedbackPart = parts.find((part) => part.type === 'message/feedback-report');
  if (feedbackPart) {
    const { recipients, outcome } = readArf(feedbackPart, original);
    return { ...base, kind: 'arf', recipients, outcome: recipients.length > 0 ? mostSerious(recipients.map((r) => r.outcome)) : outcome };
  }
  // A delivery-status part, or its fields pasted into the text by an MTA that forgot the MIME structure.
  const statusPart =
    parts.find((part) => STATUS_TYPES.has(part.type)) ?? (/^final-recipient:/im.test(allText) ? { type: 'message/delivery-status', headers: new Map(), text: allText } : null);
  const fromStatus = statusPart ? readDsn(statusPart, prose, excluded) : [];
  if (fromStatus.length > 0) return { ...base, kind: 'dsn', recipients: fromStatus, outcome: mostSerious(fromStatus.map((r) => r.outcome)) };

  const ses = readSesNotification(allText.trim(), MAX_RECIPIENTS);
  if (ses && ses.recipients.length > 0) {
    const recipients = ses.recipients.map(({ email, status, reply, diagnostic, verdict }) => recipient(email, status, reply, diagnostic, verdict));
    return { ...base, kind: ses.kind === 'complaint' ? 'arf' : 'non-standard', recipients, outcome: mostSerious(recipients.map((r) => r.outcome)) };
  }

  if (isAutoReply(headers, subject)) {
    const from = findAddresses(header(headers, 'from'), 1);
    const recipients = from.map((email) => recipient(email, null, null, '', { outcome: 'none', reason: 'auto-reply' }));
    return { ...base, kind: 'auto-reply', recipients, outcome: 'none' };
  }
  const recipients = readProse(headers, prose, original, excluded);
  if (recipients.length === 0) return { ...base, kind: 'unknown', recipients, outcome: 'none' };
  return { ...base, kind: 'non-standard', recipients, outcome: mostSerious(recipients.map((r) => r.outcome)) };
}
