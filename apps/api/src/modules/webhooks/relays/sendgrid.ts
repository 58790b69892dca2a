import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { Verdict } from '../../inbound/bounce-classifier';
import type { ReceivedReport } from '../../inbound/record-report';
import {
  COMPLAINT,
  type Correlate,
  DELIVERED,
  deliveryRef,
  header,
  type Headers,
  isObject,
  lowerEmail,
  parseJson,
  permanentVerdict,
  RELAY_SUPPRESSED,
  report,
  statusOf,
  text,
} from './relay-report';

// SendGrid's Event Webhook, signed (docs: "Getting Started with the Event Webhook Security
// Features", "Event Webhook Reference", "Bounce and Block Classifications"). SendGrid posts a JSON
// array of events; the Signed Event Webhook signs `<timestamp><raw body>` with ECDSA P-256 /
// SHA-256 and sends the base64 DER signature and the Unix timestamp in two headers. The key is the
// verification key SendGrid shows (base64 of the DER SubjectPublicKeyInfo). The signature covers
// the time, so a capture replayed after TOLERANCE is refused; a replay inside it is caught by
// each event's sg_event_id (the report's key).

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';
export const TOLERANCE_SECONDS = 300;
/** A batch holds up to about a thousand events; past this the body is not SendGrid's. */
const MAX_EVENTS = 5_000;

/** The verification key as a P-256 public key; null when the setting is not one. */
export function sendgridKey(base64: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(base64.trim(), 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

export function validSendgridSignature(key: KeyObject, headers: Headers, body: string, now: Date): boolean {
  const signature = header(headers, SIGNATURE_HEADER) ?? '';
  const timestamp = header(headers, TIMESTAMP_HEADER) ?? '';
  if (!/^\d{1,12}$/.test(timestamp) || signature.length < 16 || signature.length > 200) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  try {
    return verify('sha256', Buffer.from(timestamp + body, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Bounce classifications (SendGrid's seven), for an event of type bounce (a 5xx refusal). */
const BOUNCE_CLASSES: Record<string, Verdict> = {
  'invalid address': { outcome: 'dead', reason: 'unknown-user' },
  'mailbox unavailable': { outcome: 'soft', reason: 'mailbox-unavailable' },
  'technical failure': { outcome: 'soft', reason: 'technical' },
  technical: { outcome: 'soft', reason: 'technical' },
  content: { outcome: 'sender', reason: 'content' },
  reputation: { outcome: 'sender', reason: 'reputation' },
  'frequency or volume too high': { outcome: 'sender', reason: 'rate' },
  'frequency or volume': { outcome: 'sender', reason: 'rate' },
};

const SUPPRESSED_DROPS = new Set(['bounced address', 'unsubscribed address', 'spam reporting address']);

function verdictOf(event: Record<string, unknown>, status: string | null, diagnostic: string): Verdict | null {
  const name = text(event.event, 40);
  const classification = text(event.bounce_classification, 60).trim().toLowerCase();
  const known = BOUNCE_CLASSES[classification];
  const blocked = name === 'blocked' || (name === 'bounce' && text(event.type, 20) === 'blocked');
  if (blocked) {
    // A block is a refusal of the sender (reputation, content, rate) unless the classification names the address or mailbox.
    return known ?? { outcome: 'sender', reason: 'blocked' };
  }
  switch (name) {
    case 'bounce':
      return known ?? permanentVerdict(status, diagnostic);
    case 'spamreport':
      return COMPLAINT;
    case 'delivered':
      return DELIVERED;
    case 'dropped':
      // SendGrid did not send it; a drop for a suppressed address repeats what was reported before.
      return SUPPRESSED_DROPS.has(diagnostic.trim().toLowerCase()) ? RELAY_SUPPRESSED : { outcome: 'none', reason: 'dropped' };
    default:
      // processed, deferred (it is still trying), open, click, unsubscribe, group_*: nothing to record here.
      return null;
  }
}

/** The reports in a verified batch; null when the body is not an array of events. */
export function sendgridReports(body: string, correlate: Correlate, at: Date): ReceivedReport[] | null {
  const events = parseJson(body);
  if (!Array.isArray(events) || events.length > MAX_EVENTS || !events.every(isObject)) return null;
  const reports: ReceivedReport[] = [];
  for (const event of events) {
    const id = text(event.sg_event_id, 200);
    const diagnostic = text(event.reason, 1_000);
    const status = statusOf(event.status, diagnostic);
    const verdict = verdictOf(event, status, diagnostic);
    if (!id || !verdict) continue;
    const email = lowerEmail(event.email);
    // Custom args come back as top-level fields: `postlark_delivery` when the sender set it.
    const delivery = deliveryRef(correlate, email, { correlation: event.postlark_delivery, messageId: event['smtp-id'] });
    reports.push(report('sendgrid', at, { key: `sendgrid:${id}`, verdict, email, delivery, status, diagnostic, event }));
  }
  return reports;
}
