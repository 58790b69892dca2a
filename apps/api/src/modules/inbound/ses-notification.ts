// Amazon SES can send its bounce, complaint and delivery notifications by email as JSON (alone or
// inside an SNS envelope) instead of as a DSN. Same meaning, another shape: read here into the
// same per-recipient evidence the DSN path gives the classifier.
import { classifyRecipient, type Verdict } from './bounce-classifier';
import { addressOf, findReply, findStatus } from './report-fields';

export interface SesRecipient {
  email: string;
  status: string | null;
  reply: string | null;
  diagnostic: string;
  verdict: Verdict;
}

export interface SesReport {
  kind: 'bounce' | 'complaint' | 'delivery';
  recipients: SesRecipient[];
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? value.map(asObject).filter((item): item is Json => item !== null) : []);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

function parseJson(text: string): Json | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The notification in a body, unwrapping an SNS envelope (`{"Type":"Notification","Message":"{…}"}`) when there is one. */
function notificationOf(body: string): Json | null {
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start || body.slice(0, start).trim() !== '') return null;
  // Mailers wrap long lines, inside JSON strings too: the line breaks are theirs, not the JSON's.
  let json = parseJson(body.slice(start, end + 1).replaceAll('\n', ''));
  if (json && typeof json.Message === 'string') json = parseJson(json.Message);
  return json && (json.notificationType || json.eventType) ? json : null;
}

export function readSesNotification(body: string, limit: number): SesReport | null {
  const json = notificationOf(body);
  if (!json) return null;
  const type = asString(json.notificationType || json.eventType).toLowerCase();
  if (type === 'complaint') {
    const complaint = asObject(json.complaint);
    const feedback = asString(complaint?.complaintFeedbackType).toLowerCase();
    const verdict: Verdict = feedback === 'not-spam' ? { outcome: 'none', reason: 'not-spam' } : { outcome: 'complaint', reason: 'complaint' };
    const recipients = asArray(complaint?.complainedRecipients).slice(0, limit);
    return {
      kind: 'complaint',
      recipients: recipients.map((item) => ({
        email: addressOf(asString(item.emailAddress)),
        status: null,
        reply: null,
        diagnostic: `feedback-type: ${feedback || 'abuse'}`,
        verdict,
      })),
    };
  }
  if (type === 'delivery') {
    const delivery = asObject(json.delivery);
    const diagnostic = asString(delivery?.smtpResponse);
    const emails = Array.isArray(delivery?.recipients) ? (delivery.recipients as unknown[]).map(asString).slice(0, limit) : [];
    return {
      kind: 'delivery',
      recipients: emails.map((email) => ({
        email: addressOf(email),
        status: findStatus(diagnostic),
        reply: findReply(diagnostic),
        diagnostic,
        verdict: { outcome: 'none', reason: 'delivered' },
      })),
    };
  }
  if (type !== 'bounce') return null;
  const bounce = asObject(json.bounce);
  const transient = asString(bounce?.bounceType).toLowerCase() === 'transient';
  return {
    kind: 'bounce',
    recipients: asArray(bounce?.bouncedRecipients)
      .slice(0, limit)
      .map((item) => {
        const code = asString(item.diagnosticCode);
        const diagnostic = code.includes(';') ? code.slice(code.indexOf(';') + 1).trim() : code;
        const status = asString(item.status) || findStatus(diagnostic);
        const reply = findReply(diagnostic);
        const action = asString(item.action).toLowerCase() || (transient ? 'delayed' : 'failed');
        return {
          email: addressOf(asString(item.emailAddress)),
          status: status || null,
          reply,
          diagnostic,
          verdict: classifyRecipient({ status: status || null, reply, diagnostic, action }),
        };
      }),
  };
}
