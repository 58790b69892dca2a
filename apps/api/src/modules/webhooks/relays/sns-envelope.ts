import { type KeyObject, verify } from 'node:crypto';
import { isObject, parseJson } from './relay-report';

// Amazon SNS's HTTP(S) messages (docs: "Parsing Amazon SNS message formats", "Verifying the
// signatures of Amazon SNS messages"): a JSON body (posted as text/plain) whose Type is
// SubscriptionConfirmation, Notification or UnsubscribeConfirmation, signed with SHA1withRSA
// (SignatureVersion 1) or SHA256withRSA (2) over a canonical string of fixed fields in a fixed
// order, with the certificate at SigningCertURL. Only an https URL on sns.<region>.amazonaws.com
// may give that certificate or confirm a subscription: anything else could be an attacker's key,
// or a request from our server to an address of the attacker's choosing.

export const SNS_TYPES = ['SubscriptionConfirmation', 'Notification', 'UnsubscribeConfirmation'] as const;
export type SnsType = (typeof SNS_TYPES)[number];

export interface SnsEnvelope {
  Type: SnsType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

const URL_CHARS = 2_048;
const FIELD_CHARS = 300;
const SIGNATURE_CHARS = 1_024;
/** A signed message older than this is refused (SNS's retries end well before); a younger replay is caught by its MessageId. */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 15 * 60 * 1000;

/** The fields each type signs, in the order they are signed. */
const SIGNED_FIELDS: Record<SnsType, readonly (keyof SnsEnvelope)[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

const short = (value: unknown, limit = FIELD_CHARS): value is string => typeof value === 'string' && value.length > 0 && value.length <= limit;

/** The message's fields; null when the body is not an SNS message (or a field is missing or oversized). */
export function snsEnvelope(body: string): SnsEnvelope | null {
  const parsed = parseJson(body);
  if (!isObject(parsed)) return null;
  const type = SNS_TYPES.find((name) => name === parsed.Type);
  if (!type || typeof parsed.Message !== 'string') return null;
  if (!short(parsed.MessageId) || !short(parsed.TopicArn) || !short(parsed.Timestamp, 40) || !short(parsed.SignatureVersion, 4)) return null;
  if (!short(parsed.Signature, SIGNATURE_CHARS) || !short(parsed.SigningCertURL, URL_CHARS)) return null;
  const optional = (name: string, limit: number) => {
    const value = parsed[name];
    return value === undefined || value === null ? undefined : short(value, limit) ? value : null;
  };
  const subject = optional('Subject', FIELD_CHARS);
  const token = optional('Token', URL_CHARS);
  const subscribeUrl = optional('SubscribeURL', URL_CHARS);
  if (subject === null || token === null || subscribeUrl === null) return null;
  if (type !== 'Notification' && (!token || !subscribeUrl)) return null;
  return {
    Type: type,
    MessageId: parsed.MessageId,
    TopicArn: parsed.TopicArn,
    Message: parsed.Message,
    Timestamp: parsed.Timestamp,
    SignatureVersion: parsed.SignatureVersion,
    Signature: parsed.Signature,
    SigningCertURL: parsed.SigningCertURL,
    ...(subject !== undefined && { Subject: subject }),
    ...(token !== undefined && { Token: token }),
    ...(subscribeUrl !== undefined && { SubscribeURL: subscribeUrl }),
  };
}

/** The string SNS signs: `name\nvalue\n` for each signed field present, in order. */
export function canonicalString(envelope: SnsEnvelope): string {
  let signed = '';
  for (const name of SIGNED_FIELDS[envelope.Type]) {
    const value = envelope[name];
    if (typeof value === 'string') signed += `${name}\n${value}\n`;
  }
  return signed;
}

/** A URL on Amazon SNS's own regional host: https, `sns.<region>.amazonaws.com`, no port, no credentials. */
export function snsUrl(value: string): URL | null {
  if (value.length > URL_CHARS) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  const labels = url.hostname.split('.');
  if (labels.length !== 4 || labels[0] !== 'sns' || labels[2] !== 'amazonaws' || labels[3] !== 'com') return null;
  return /^[a-z0-9-]{1,40}$/.test(labels[1]!) ? url : null;
}

/** Where a signing certificate may come from in production: a .pem on SNS's host, nothing after the path. */
export function productionCertificateUrl(value: string): boolean {
  const url = snsUrl(value);
  return url !== null && url.pathname.endsWith('.pem') && url.search === '' && url.hash === '';
}

/** The SubscribeURL SNS gives: its host, confirming a subscription to this very topic. */
export function subscribeUrlAllowed(value: string, topicArn: string): boolean {
  const url = snsUrl(value);
  return url !== null && url.searchParams.get('Action') === 'ConfirmSubscription' && url.searchParams.get('TopicArn') === topicArn;
}

/** The message's time is a plausible one for a message SNS sends now (it is signed). */
export function freshEnough(envelope: SnsEnvelope, now: Date): boolean {
  const at = Date.parse(envelope.Timestamp);
  return Number.isFinite(at) && at <= now.getTime() + MAX_AHEAD_MS && now.getTime() - at <= MAX_AGE_MS;
}

/** The signature checks against the certificate's key, with the algorithm its SignatureVersion names. */
export function signedBy(envelope: SnsEnvelope, key: KeyObject): boolean {
  const algorithm = envelope.SignatureVersion === '1' ? 'sha1' : envelope.SignatureVersion === '2' ? 'sha256' : null;
  if (!algorithm || key.asymmetricKeyType !== 'rsa') return false;
  try {
    return verify(algorithm, Buffer.from(canonicalString(envelope), 'utf8'), key, Buffer.from(envelope.Signature, 'base64'));
  } catch {
    return false;
  }
}
