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
  parseJson,
  permanentVerdict,
  RELAY_SUPPRESSED,
  report,
  sameSecret,
  statusOf,
  temporaryVerdict,
  text,
} from './relay-report';

// Brevo's transactional webhook (docs: developers.brevo.com "Transactional webhooks", the
// create-webhook reference: `auth: { type: "bearer", token }`). Brevo posts one event, or an array
// of them when batching is on; it signs nothing, so the webhook is created with a token Brevo
// sends as `Authorization: Bearer <token>`. There is no signed time: a replay of the same event
// is caught by its key (message-id, event, recipient). The message-id is the message's
// Message-ID; X-Mailin-custom is the value of that header at sending, given back.

const MAX_EVENTS = 5_000;

export function validBrevoToken(token: string, headers: Headers): boolean {
  const given = header(headers, 'authorization') ?? '';
  if (given.length > 1_024 || !/^bearer /i.test(given)) return false;
  return sameSecret(given.slice(7).trim(), token);
}

function verdictOf(event: JsonObject, status: string | null, diagnostic: string): Verdict | null {
  switch (text(event.event, 40)) {
    case 'hard_bounce':
    case 'hard_bounced':
      // Brevo's word, unless the receiver's own words say it refused the sender or a named mailbox condition.
      return permanentVerdict(status, diagnostic);
    case 'soft_bounce':
    case 'soft_bounced':
      return temporaryVerdict(status, diagnostic);
    case 'invalid_email':
      return { outcome: 'dead', reason: 'bad-address' };
    case 'blocked':
      // Brevo did not send it: the address is on its blocklist (an earlier bounce, complaint or unsubscribe).
      return RELAY_SUPPRESSED;
    case 'spam':
      return COMPLAINT;
    case 'delivered':
      return DELIVERED;
    default:
      // request (sent), deferred (still trying), opened, click, unsubscribed, error, proxy opens.
      return null;
  }
}

/** The reports in one event or a batch; null when the body is neither. */
export function brevoReports(body: string, correlate: Correlate, at: Date): ReceivedReport[] | null {
  const parsed = parseJson(body);
  const events = Array.isArray(parsed) ? parsed : [parsed];
  if (events.length > MAX_EVENTS || !events.every(isObject)) return null;
  const reports: ReceivedReport[] = [];
  for (const event of events) {
    const name = text(event.event, 40);
    const messageId = text(event['message-id'], 500);
    const email = lowerEmail(event.email);
    const diagnostic = text(event.reason, 1_000);
    const status = statusOf(null, diagnostic);
    const verdict = verdictOf(event, status, diagnostic);
    if (!verdict || !messageId || !email) continue;
    const delivery = deliveryRef(correlate, email, { correlation: event['X-Mailin-custom'], messageId });
    reports.push(
      report('brevo', at, { key: `brevo:${messageId}:${name}:${email}`, verdict, email, delivery, status, diagnostic, subject: text(event.subject, 200), event }),
    );
  }
  return reports;
}
