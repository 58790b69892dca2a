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
  type JsonObject,
  lowerEmail,
  objectOr,
  parseJson,
  permanentVerdict,
  RELAY_SUPPRESSED,
  report,
  sameSecret,
  statusOf,
  temporaryVerdict,
  text,
} from './relay-report';

// Postmark's webhooks (docs: "Webhooks overview" – basic authentication in the webhook's URL,
// "Bounce webhook", "Spam complaint webhook", "Delivery webhook", "Subscription change webhook",
// "Bounce types"). Postmark posts one record per request and authenticates only with the user and
// password given in the URL (https://user:pass@host/…), sent as HTTP basic authentication.
// Postmark gives the message an id of its own (MessageID, a UUID): the delivery is found by our
// correlation header when the record carries it (Metadata `postlark_delivery`, set with an
// X-PM-Metadata-postlark_delivery header, or the returned message's headers in a bounce's Content),
// else the report is kept unmatched.

export function validPostmarkCredentials(user: string, password: string, headers: Headers): boolean {
  const given = header(headers, 'authorization') ?? '';
  if (given.length > 1_024 || !/^basic /i.test(given)) return false;
  const decoded = Buffer.from(given.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, whatever the first gives, so the time says nothing about which one was wrong.
  const userMatches = sameSecret(decoded.slice(0, colon), user);
  const passwordMatches = sameSecret(decoded.slice(colon + 1), password);
  return userMatches && passwordMatches;
}

/** Postmark's bounce types (the Bounce API's list), by Type. */
const BOUNCE_TYPES: Record<string, Verdict> = {
  HardBounce: { outcome: 'dead', reason: 'unknown-user' },
  BadEmailAddress: { outcome: 'dead', reason: 'bad-address' },
  Transient: { outcome: 'soft', reason: 'transient' },
  SoftBounce: { outcome: 'soft', reason: 'mailbox' },
  DnsError: { outcome: 'soft', reason: 'dns' },
  SpamComplaint: COMPLAINT,
  // The receiving server took it for spam or refused its content: the sender's problem, not a reader's complaint.
  SpamNotification: { outcome: 'sender', reason: 'spam-filter' },
  VirusNotification: { outcome: 'sender', reason: 'content' },
  Blocked: { outcome: 'sender', reason: 'blocked' },
  DMARCPolicy: { outcome: 'sender', reason: 'authentication' },
  AutoResponder: { outcome: 'none', reason: 'auto-reply' },
  ChallengeVerification: { outcome: 'none', reason: 'challenge' },
  AddressChange: { outcome: 'none', reason: 'address-change' },
  Unsubscribe: { outcome: 'none', reason: 'unsubscribe-request' },
  Subscribe: { outcome: 'none', reason: 'subscribe-request' },
  OpenRelayTest: { outcome: 'none', reason: 'relay-test' },
  ManuallyDeactivated: RELAY_SUPPRESSED,
  Unconfirmed: { outcome: 'none', reason: 'unconfirmed' },
  SMTPApiError: { outcome: 'none', reason: 'relay-error' },
  InboundError: { outcome: 'none', reason: 'relay-error' },
  TemplateRenderingFailed: { outcome: 'none', reason: 'relay-error' },
};

const CONTENT_SCAN_CHARS = 200_000;
const CORRELATION_FIELD = 'x-postlark-delivery:';

/** Our correlation header's value in a returned message's text (a bounce's Content), if any. */
function correlationIn(content: string): string {
  const lowered = content.slice(0, CONTENT_SCAN_CHARS).toLowerCase();
  let at = lowered.indexOf(CORRELATION_FIELD);
  // A header starts a line; the words elsewhere (a quoted body) are skipped.
  while (at > 0 && lowered[at - 1] !== '\n') at = lowered.indexOf(CORRELATION_FIELD, at + 1);
  if (at < 0) return '';
  const start = at + CORRELATION_FIELD.length;
  const end = lowered.indexOf('\n', start);
  return content.slice(start, end < 0 ? Math.min(lowered.length, start + 600) : end).trim();
}

function bounceVerdict(type: string, details: string, status: string | null): Verdict {
  const known = BOUNCE_TYPES[type];
  if (known) return known;
  // Unknown (or a type added later): the receiver's code and words decide, never a dead address without a 5.x.x.
  return status?.startsWith('5') ? permanentVerdict(status, details) : temporaryVerdict(status, details);
}

function subscriptionVerdict(record: JsonObject): Verdict {
  if (record.SuppressSending !== true) return { outcome: 'none', reason: 'relay-reactivated' };
  const reason = text(record.SuppressionReason, 40);
  if (reason === 'HardBounce') return { outcome: 'dead', reason: 'unknown-user' };
  if (reason === 'SpamComplaint') return COMPLAINT;
  // ManualSuppression: the customer, an admin, or the reader through Postmark's own unsubscribe link.
  return RELAY_SUPPRESSED;
}

/** The report in one record ([] for a record type that says nothing about the address); null when it is not Postmark's shape. */
export function postmarkReports(body: string, correlate: Correlate, at: Date): ReceivedReport[] | null {
  const record = parseJson(body);
  if (!isObject(record)) return null;
  const type = text(record.RecordType, 40);
  const metadata = objectOr(record.Metadata);
  const messageId = text(record.MessageID, 200);
  if (type === 'Bounce' || type === 'SpamComplaint') {
    const id = text(record.ID, 40);
    if (!id) return null;
    const email = lowerEmail(record.Email);
    const details = text(record.Details, 1_000) || text(record.Description, 1_000);
    const status = statusOf(null, details);
    const verdict = type === 'SpamComplaint' ? COMPLAINT : bounceVerdict(text(record.Type, 40), details, status);
    const correlation = text(metadata.postlark_delivery, 600) || correlationIn(text(record.Content, CONTENT_SCAN_CHARS));
    const delivery = deliveryRef(correlate, email, { correlation, messageId });
    const kept = { ...record, Content: text(record.Content, 4_000) };
    return [report('postmark', at, { key: `postmark:${type}:${id}`, verdict, email, delivery, status, diagnostic: details, subject: text(record.Subject, 200), event: kept })];
  }
  if (type === 'Delivery' || type === 'SubscriptionChange') {
    const email = lowerEmail(record.Recipient);
    if (!email) return null;
    const verdict = type === 'Delivery' ? DELIVERED : subscriptionVerdict(record);
    const when = type === 'Delivery' ? '' : `:${text(record.ChangedAt, 40)}`;
    const delivery = deliveryRef(correlate, email, { correlation: metadata.postlark_delivery, messageId });
    return [report('postmark', at, { key: `postmark:${type}:${messageId}:${email}${when}`, verdict, email, delivery, diagnostic: text(record.Details, 1_000), event: record })];
  }
  // Open, Click, and anything newer: nothing about the address.
  return type ? [] : null;
}
