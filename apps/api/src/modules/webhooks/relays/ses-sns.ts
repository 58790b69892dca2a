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
import { CertificateRefused, type SnsCertificates } from './sns-certificates';
import { freshEnough, signedBy, type SnsEnvelope } from './sns-envelope';

// Amazon SES's bounce, complaint and delivery notifications, as SNS delivers them (docs: "Amazon
// SNS notification contents for Amazon SES", "Event publishing: contents of event data"). The SNS
// Message is SES's JSON: notificationType (or eventType, with event publishing) Bounce, Complaint
// or Delivery, the mail object with the original headers, and one entry per recipient. SES gives
// the message a Message-ID of its own: the delivery is found by our correlation header in
// mail.headers, else the original Message-ID header, else commonHeaders.messageId.

const MAX_RECIPIENTS = 1_000;

export type SnsVerification = 'valid' | 'bad-signature' | 'bad-certificate';

/** Checks the signed time, the certificate's origin and the signature; CertificateUnavailable propagates (a fetch that failed). */
export async function verifySnsMessage(envelope: SnsEnvelope, certificates: SnsCertificates, now: Date): Promise<SnsVerification> {
  if (!certificates.allowed(envelope.SigningCertURL)) return 'bad-certificate';
  if (!freshEnough(envelope, now)) return 'bad-signature';
  try {
    return signedBy(envelope, await certificates.publicKey(envelope.SigningCertURL)) ? 'valid' : 'bad-signature';
  } catch (error) {
    if (error instanceof CertificateRefused) return 'bad-certificate';
    throw error;
  }
}

/** SES's bounce types and subtypes (bounceType, bounceSubType), with the receiver's words for the general ones. */
function bounceVerdict(type: string, subType: string, status: string | null, diagnostic: string): Verdict {
  if (type === 'Permanent') {
    // SES did not send: the address is on this account's suppression list (its bounce or complaint was reported then).
    if (subType === 'OnAccountSuppressionList') return RELAY_SUPPRESSED;
    // SES's global list: it hard-bounced recently for some SES sender; SES will not try it either.
    if (subType === 'Suppressed') return { outcome: 'dead', reason: 'suppressed' };
    return permanentVerdict(status, diagnostic);
  }
  if (type === 'Transient') {
    if (subType === 'MailboxFull') return { outcome: 'soft', reason: 'mailbox-full' };
    if (subType === 'MessageTooLarge') return { outcome: 'sender', reason: 'too-large' };
    if (subType === 'ContentRejected' || subType === 'AttachmentRejected') return { outcome: 'sender', reason: 'content' };
  }
  // Transient General, Undetermined: counted, never suppressed at once.
  return temporaryVerdict(status, diagnostic);
}

function complaintVerdict(complaint: JsonObject): Verdict {
  if (text(complaint.complaintSubType, 60) === 'OnAccountSuppressionList') return RELAY_SUPPRESSED;
  if (text(complaint.complaintFeedbackType, 40) === 'not-spam') return { outcome: 'none', reason: 'not-spam' };
  return COMPLAINT;
}

interface Recipient {
  email: string;
  verdict: Verdict;
  status: string | null;
  diagnostic: string;
}

function recipientsOf(type: string, message: JsonObject): Recipient[] {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_RECIPIENTS) : []);
  if (type === 'Bounce') {
    const bounce = objectOr(message.bounce);
    return list(bounce.bouncedRecipients).filter(isObject).map((recipient) => {
      const diagnostic = text(recipient.diagnosticCode, 1_000);
      const status = statusOf(recipient.status, diagnostic);
      return { email: lowerEmail(recipient.emailAddress), status, diagnostic, verdict: bounceVerdict(text(bounce.bounceType, 40), text(bounce.bounceSubType, 60), status, diagnostic) };
    });
  }
  if (type === 'Complaint') {
    const complaint = objectOr(message.complaint);
    const verdict = complaintVerdict(complaint);
    const diagnostic = text(complaint.complaintFeedbackType, 40);
    return list(complaint.complainedRecipients).filter(isObject).map((recipient) => ({ email: lowerEmail(recipient.emailAddress), status: null, diagnostic, verdict }));
  }
  if (type === 'Delivery') {
    const delivery = objectOr(message.delivery);
    const diagnostic = text(delivery.smtpResponse, 1_000);
    return list(delivery.recipients).map((email) => ({ email: lowerEmail(email), status: null, diagnostic, verdict: DELIVERED }));
  }
  // Send, Reject, Open, Click, DeliveryDelay (SES still trying), RenderingFailure, Subscription: nothing about the address.
  return [];
}

/** The original message's header, from mail.headers (name and value pairs). */
function originalHeader(mail: JsonObject, name: string): string {
  const headers = Array.isArray(mail.headers) ? mail.headers.slice(0, 200) : [];
  const found = headers.find((entry) => isObject(entry) && typeof entry.name === 'string' && entry.name.toLowerCase() === name);
  return isObject(found) ? text(found.value, 600) : '';
}

/** The reports in a verified Notification's Message; null when the Message is not SES's JSON. */
export function sesReports(envelope: SnsEnvelope, correlate: Correlate, at: Date): ReceivedReport[] | null {
  const message = parseJson(envelope.Message);
  if (!isObject(message)) return null;
  const type = text(message.notificationType, 40) || text(message.eventType, 40);
  if (!type) return null;
  const mail = objectOr(message.mail);
  const common = objectOr(mail.commonHeaders);
  const correlation = originalHeader(mail, 'x-postlark-delivery');
  const messageId = originalHeader(mail, 'message-id') || text(common.messageId, 600);
  return recipientsOf(type, message)
    .filter((recipient) => recipient.email !== '')
    .map(({ email, verdict, status, diagnostic }) =>
      report('ses', at, {
        key: `ses:${envelope.MessageId}:${email}`,
        verdict,
        email,
        delivery: deliveryRef(correlate, email, { correlation, messageId }),
        status,
        diagnostic,
        subject: text(common.subject, 200),
        event: envelope.Message,
      }),
    );
}
