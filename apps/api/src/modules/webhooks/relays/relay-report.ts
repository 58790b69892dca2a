import { hash, timingSafeEqual } from 'node:crypto';
import { classifyRecipient, type Verdict } from '../../inbound/bounce-classifier';
import type { DeliveryRef, ReceivedReport, ReportSource } from '../../inbound/record-report';
import { findReply, findStatus } from '../../inbound/report-fields';

// What the five relays' webhooks (ses-sns, sendgrid, postmark, mailgun, brevo) share: reading
// untrusted JSON without trusting its shape, naming the delivery a report is about, comparing
// secrets in constant time, and the inbound classifier's verdict where a relay's own word is
// coarser than the receiver's status code and text.

export type Headers = Record<string, string | string[] | undefined>;

/** Turns our correlation header's value (X-Postlark-Delivery) back into the Message-ID; null when forged. */
export type Correlate = (value: string) => string | null;

export type JsonObject = Record<string, unknown>;

const MESSAGE_ID_CHARS = 500;
const EMAIL_CHARS = 320;

/** The parsed body, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's text: '' for anything that is not a string or a number, cut to `limit`. */
export function text(value: unknown, limit = 2_000): string {
  if (typeof value === 'string') return value.slice(0, limit);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function objectOr(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** One header's value (the first, when it came more than once). */
export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function lowerEmail(value: unknown): string {
  return text(value, EMAIL_CHARS).trim().toLowerCase();
}

/** Equal secrets, compared in constant time whatever their lengths (both are hashed first). */
export function sameSecret(given: string, expected: string): boolean {
  const a = hash('sha256', given, 'buffer');
  const b = hash('sha256', expected, 'buffer');
  return timingSafeEqual(a, b);
}

/**
 * Which delivery a report names: our correlation header's value when the relay gives it back
 * (checked: a forged one names nothing), else the original Message-ID the relay kept, with the
 * recipient (recordReport matches both). Null when neither is there.
 */
export function deliveryRef(correlate: Correlate, email: string, clues: { correlation?: unknown; messageId?: unknown }): DeliveryRef {
  if (!email) return null;
  const correlation = text(clues.correlation, MESSAGE_ID_CHARS + 1);
  if (correlation && correlation.length <= MESSAGE_ID_CHARS) {
    const messageId = correlate(correlation);
    if (messageId) return { messageId, email };
  }
  const given = text(clues.messageId, MESSAGE_ID_CHARS + 1).trim();
  if (!given || given.length > MESSAGE_ID_CHARS || !given.includes('@')) return null;
  return { messageId: given.startsWith('<') ? given : `<${given}>`, email };
}

/** A relay's permanent failure: dead, unless the receiver's code or words say it was the sender or a named mailbox condition. */
export function permanentVerdict(status: string | null, diagnostic: string): Verdict {
  const verdict = classifyRecipient({ status, reply: findReply(diagnostic), diagnostic, action: 'failed' });
  if (verdict.outcome === 'sender') return verdict;
  if (verdict.outcome === 'soft' && verdict.reason !== 'other') return verdict;
  return { outcome: 'dead', reason: verdict.outcome === 'dead' ? verdict.reason : 'unknown-user' };
}

/** A relay's temporary failure: soft, or sender when the receiver refused the sender; never dead. */
export function temporaryVerdict(status: string | null, diagnostic: string): Verdict {
  const verdict = classifyRecipient({ status, reply: findReply(diagnostic), diagnostic, action: 'delayed' });
  return verdict.outcome === 'sender' ? verdict : { outcome: 'soft', reason: verdict.outcome === 'soft' ? verdict.reason : 'other' };
}

/** The enhanced status code given, else the first one in the text. */
export function statusOf(given: unknown, ...texts: string[]): string | null {
  const field = text(given, 20).trim();
  if (/^[245]\.\d{1,3}\.\d{1,3}$/.test(field)) return field;
  for (const words of texts) {
    const found = findStatus(words.slice(0, 2_000));
    if (found) return found;
  }
  return null;
}

export interface ReportFields {
  key: string;
  verdict: Verdict;
  email: string;
  delivery: DeliveryRef;
  status?: string | null;
  diagnostic?: string;
  subject?: string;
  /** The event as received (kept, cut to REPORT_KEEP_CHARS by recordReport). */
  event: unknown;
}

export function report(source: ReportSource, at: Date, fields: ReportFields): ReceivedReport {
  return {
    key: fields.key,
    source,
    outcome: fields.verdict.outcome,
    reason: fields.verdict.reason,
    email: fields.email,
    delivery: fields.delivery,
    status: fields.status ?? null,
    diagnostic: fields.diagnostic ?? '',
    subject: fields.subject ?? '',
    report: typeof fields.event === 'string' ? fields.event : JSON.stringify(fields.event),
    at,
  };
}

export const DELIVERED: Verdict = { outcome: 'none', reason: 'delivered' };
export const COMPLAINT: Verdict = { outcome: 'complaint', reason: 'complaint' };
/** The relay did not send: the address is on its own suppression list (what put it there was reported before). */
export const RELAY_SUPPRESSED: Verdict = { outcome: 'none', reason: 'relay-suppressed' };
