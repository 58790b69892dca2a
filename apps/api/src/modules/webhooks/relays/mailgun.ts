import { timingSafeEqual } from 'node:crypto';
import { hmacSha256 } from '../../../lib/hmac';
import type { Verdict } from '../../inbound/bounce-classifier';
import type { ReceivedReport } from '../../inbound/record-report';
import {
  COMPLAINT,
  type Correlate,
  DELIVERED,
  deliveryRef,
  isObject,
  type JsonObject,
  lowerEmail,
  objectOr,
  parseJson,
  permanentVerdict,
  RELAY_SUPPRESSED,
  report,
  statusOf,
  temporaryVerdict,
  text,
} from './relay-report';

// Mailgun's webhooks (docs: "Securing Webhooks", "Webhooks" event structure, "Tracking failures").
// Mailgun posts JSON `{ signature: { timestamp, token, signature }, "event-data": {...} }`; the
// signature is the hex HMAC-SHA256 under the webhook signing key of `<timestamp><token>`. It does
// not cover the event data, so besides a fresh timestamp each token is taken once (in this
// process): a captured signature cannot carry other events. A replay of the whole request is also
// caught by the event's id (the report's key).

/** A signature this far from our clock is refused (Mailgun signs each attempt as it sends it). */
export const TOLERANCE_SECONDS = 15 * 60;
const TOKEN_LIMIT = 20_000;

export interface MailgunEnvelope {
  timestamp: string;
  token: string;
  signature: string;
  eventData: JsonObject;
}

/** The signature and the event; null when the body is not Mailgun's JSON webhook shape. */
export function mailgunEnvelope(body: string): MailgunEnvelope | null {
  const parsed = parseJson(body);
  if (!isObject(parsed) || !isObject(parsed.signature) || !isObject(parsed['event-data'])) return null;
  const { timestamp, token, signature } = parsed.signature;
  if (typeof timestamp !== 'string' && typeof timestamp !== 'number') return null;
  if (typeof token !== 'string' || typeof signature !== 'string') return null;
  return { timestamp: String(timestamp), token, signature, eventData: parsed['event-data'] };
}

export function validMailgunSignature(signingKey: string, envelope: MailgunEnvelope, now: Date): boolean {
  const { timestamp, token, signature } = envelope;
  if (!/^\d{1,12}$/.test(timestamp) || token.length < 10 || token.length > 200 || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), hmacSha256(signingKey)(timestamp + token));
}

/** The tokens taken in the last TOLERANCE (bounded): `take` is false for one seen before. */
export function tokenMemory(limit = TOKEN_LIMIT) {
  const seen = new Map<string, number>();
  return {
    take(token: string, now: Date): boolean {
      const at = now.getTime();
      if ((seen.get(token) ?? -Infinity) > at) return false;
      if (seen.size >= limit) {
        for (const [old, until] of seen) if (until <= at) seen.delete(old);
        // Still full: the oldest go (their timestamps are the closest to being refused anyway).
        for (const old of seen.keys()) {
          if (seen.size < limit) break;
          seen.delete(old);
        }
      }
      seen.delete(token);
      seen.set(token, at + 2 * TOLERANCE_SECONDS * 1000);
      return true;
    },
    /** Gives a token back when its event could not be recorded, so Mailgun's retry is taken. */
    release(token: string) {
      seen.delete(token);
    },
  };
}

function verdictOf(data: JsonObject, status: string | null, diagnostic: string): Verdict | null {
  switch (text(data.event, 40)) {
    case 'failed': {
      const reason = text(data.reason, 60);
      if (text(data.severity, 20) !== 'permanent') return temporaryVerdict(status, diagnostic);
      // Mailgun did not send: the address is on its bounce, complaint or unsubscribe list.
      if (reason.startsWith('suppress-')) return RELAY_SUPPRESSED;
      // It gave up after temporary failures: a mailbox or network condition, not a dead address.
      if (reason === 'old') return { outcome: 'soft', reason: 'expired' };
      return permanentVerdict(status, diagnostic);
    }
    case 'complained':
      return COMPLAINT;
    case 'delivered':
      return DELIVERED;
    default:
      // accepted, opened, clicked, unsubscribed, stored, rejected: nothing about the address.
      return null;
  }
}

/** The report in a verified event ([] for an event that says nothing about the address); null when it has no id. */
export function mailgunReports(data: JsonObject, correlate: Correlate, at: Date): ReceivedReport[] | null {
  const id = text(data.id, 200);
  if (!id) return null;
  const deliveryStatus = objectOr(data['delivery-status']);
  const words = text(deliveryStatus.message, 1_000) || text(deliveryStatus.description, 1_000);
  const code = text(deliveryStatus.code, 5);
  const diagnostic = code && !words.startsWith(code) ? `${code} ${words}`.trim() : words;
  const status = statusOf(deliveryStatus['enhanced-code'], diagnostic, text(deliveryStatus.description, 1_000));
  const verdict = verdictOf(data, status, diagnostic);
  if (!verdict) return [];
  const email = lowerEmail(data.recipient);
  const headers = objectOr(objectOr(data.message).headers);
  const variables = objectOr(data['user-variables']);
  const delivery = deliveryRef(correlate, email, { correlation: variables.postlark_delivery, messageId: headers['message-id'] });
  return [report('mailgun', at, { key: `mailgun:${id}`, verdict, email, delivery, status, diagnostic, subject: text(headers.subject, 200), event: data })];
}
