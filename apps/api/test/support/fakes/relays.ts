import { createHmac, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';

// Local stand-ins for what SendGrid, Postmark, Mailgun and Brevo post to their webhooks (plain
// TypeScript, no test-runner imports), shaped after each relay's documented examples and signed
// or authenticated as each relay does. Amazon SES through SNS is in sns-relay.ts.
//
// Sources read (2026-11): twilio.com/docs/sendgrid "Event Webhook Reference" (a JSON array;
// email, timestamp, smtp-id, event, sg_event_id, sg_message_id, reason, status, type bounce or
// blocked, bounce_classification) and "Getting Started with the Event Webhook Security Features"
// (ECDSA over `<timestamp><body>`, X-Twilio-Email-Event-Webhook-Signature/-Timestamp);
// postmarkapp.com/developer/webhooks bounce, spam complaint, delivery and subscription change
// (one record per post, basic authentication from the URL); documentation.mailgun.com "Securing
// Webhooks" (hex HMAC-SHA256 of timestamp + token) and the event structure (event-data with id,
// event, severity, reason, recipient, message.headers.message-id without <>, delivery-status);
// developers.brevo.com "Transactional webhooks" (event, email, id, message-id, reason, ts_event).

/** A SendGrid signing key pair: the verification key as SendGrid shows it, and its signer. */
export function sendgridSigner() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    /** The two headers SendGrid sends with a batch posted at `at`. */
    headers(body: string, at: Date) {
      const timestamp = String(Math.floor(at.getTime() / 1000));
      return {
        'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64'),
        'x-twilio-email-event-webhook-timestamp': timestamp,
      };
    },
  };
}

/** One SendGrid event, for a message sent with `messageId` (<…>) to `email`. */
export function sendgridEvent(event: string, email: string, messageId: string, at: Date, extra: Record<string, unknown> = {}) {
  return {
    email,
    timestamp: Math.floor(at.getTime() / 1000),
    'smtp-id': messageId,
    event,
    sg_event_id: randomBytes(16).toString('base64url'),
    sg_message_id: `14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.${Math.floor(Math.random() * 10)}`,
    ...extra,
  };
}

/** Postmark's Authorization header for the user and password in the webhook's URL. */
export function postmarkAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

let postmarkIds = 4323372036854775807n;

/** A Postmark bounce record (RecordType Bounce, or SpamComplaint with type SpamComplaint). */
export function postmarkBounce(type: string, email: string, at: Date, extra: Record<string, unknown> = {}) {
  postmarkIds += 1n;
  const complaint = type === 'SpamComplaint';
  return {
    RecordType: complaint ? 'SpamComplaint' : 'Bounce',
    MessageStream: 'broadcast',
    ID: Number(postmarkIds % 9007199254740991n),
    Type: type,
    TypeCode: complaint ? 512 : type === 'HardBounce' ? 1 : 4096,
    Name: complaint ? 'Spam complaint' : 'Hard bounce',
    Tag: 'newsletter',
    MessageID: randomUUID(),
    Metadata: {},
    ServerID: 23,
    Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    Details: complaint ? '' : 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    Email: email,
    From: 'news@lark.example',
    BouncedAt: at.toISOString(),
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: 'November news',
    ...extra,
  };
}

export function postmarkDelivery(email: string, at: Date, metadata: Record<string, string> = {}) {
  return { RecordType: 'Delivery', ServerID: 23, MessageStream: 'broadcast', MessageID: randomUUID(), Recipient: email, Tag: 'newsletter', DeliveredAt: at.toISOString(), Details: 'Test delivery webhook details', Metadata: metadata };
}

/** Mailgun's JSON webhook body for `eventData`, signed with the signing key at `at` (a fresh token unless given). */
export function mailgunBody(signingKey: string, eventData: Record<string, unknown>, at: Date, token = randomBytes(25).toString('hex')) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', signingKey).update(timestamp + token).digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
}

/** Mailgun's event-data for a message whose Message-ID (given without <>, as Mailgun does) went to `recipient`. */
export function mailgunEvent(event: string, recipient: string, messageId: string, at: Date, extra: Record<string, unknown> = {}) {
  return {
    id: randomBytes(16).toString('base64url'),
    timestamp: at.getTime() / 1000,
    'log-level': event === 'failed' ? 'error' : 'info',
    event,
    recipient,
    'recipient-domain': recipient.split('@')[1],
    message: { headers: { to: recipient, 'message-id': messageId.replace(/^<|>$/g, ''), from: 'news@lark.example', subject: 'November news' }, attachments: [], size: 111 },
    'user-variables': {},
    flags: { 'is-routed': false, 'is-authenticated': true, 'is-system-test': false, 'is-test-mode': false },
    ...extra,
  };
}

/** One Brevo transactional event, as the webhook posts it. */
export function brevoEvent(event: string, email: string, messageId: string, at: Date, extra: Record<string, unknown> = {}) {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    event,
    email,
    id: 508_421,
    date: at.toISOString().slice(0, 19).replace('T', ' '),
    ts: seconds,
    'message-id': messageId,
    ts_event: seconds,
    subject: 'November news',
    tag: '',
    sending_ip: '185.41.28.109',
    ts_epoch: at.getTime(),
    tags: ['newsletter'],
    ...extra,
  };
}
