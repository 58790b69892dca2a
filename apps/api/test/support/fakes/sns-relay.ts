import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';

// A local stand-in for Amazon SNS delivering Amazon SES notifications over HTTP (plain TypeScript,
// no test-runner imports): an RSA key with a self-signed X.509 certificate (written in DER here:
// node:crypto reads certificates but does not make them), served from a local HTTP server the
// test allows as a SigningCertURL, and SNS's messages signed as SNS signs them.
//
// Sources read (2026-11): docs.aws.amazon.com sns-verify-signature-of-message (the fields each
// type signs, in order, `name\nvalue\n`; SignatureVersion 1 SHA1withRSA, 2 SHA256withRSA),
// sns-message-and-json-formats (the HTTP body, posted as text/plain; charset=UTF-8, with the
// x-amz-sns-message-type header), ses notification-contents (notificationType, mail with
// headers and commonHeaders, bounce.bouncedRecipients, complaint.complainedRecipients,
// delivery.recipients) and its examples (bounceSubType General with `smtp; 550 5.1.1 user unknown`).

function der(tag: number, ...parts: Buffer[]): Buffer {
  const content = Buffer.concat(parts);
  const length: number[] = [];
  for (let left = content.length; left > 0; left >>= 8) length.unshift(left & 0xff);
  const head = content.length < 0x80 ? [content.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...head]), content]);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const digits = [arc & 0x7f];
    for (let left = arc >> 7; left > 0; left >>= 7) digits.unshift((left & 0x7f) | 0x80);
    bytes.push(...digits);
  }
  return der(0x06, Buffer.from(bytes));
}

const SHA256_WITH_RSA = der(0x30, oid('1.2.840.113549.1.1.11'), der(0x05));
const name = (commonName: string) => der(0x30, der(0x31, der(0x30, oid('2.5.4.3'), der(0x0c, Buffer.from(commonName)))));

/** An RSA key and a self-signed certificate for it (CN sns.amazonaws.com, valid 2020–2039), as PEM. */
export function testSigningCertificate(): { privateKey: KeyObject; pem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([0x01, 0x23, 0x45, 0x67])),
    SHA256_WITH_RSA,
    name('sns.amazonaws.com'),
    der(0x30, der(0x17, Buffer.from('200101000000Z')), der(0x17, Buffer.from('391231235959Z'))),
    name('sns.amazonaws.com'),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const certificate = der(0x30, tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return { privateKey, pem: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n` };
}

/** A local HTTP server answering every GET with `body`, counting the requests it got. */
export async function startLocalServer(body: string) {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SnsMessageOptions {
  type?: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  topicArn: string;
  message: string;
  at: Date;
  signingCertUrl: string;
  privateKey: KeyObject;
  signatureVersion?: '1' | '2';
  subject?: string;
  subscribeUrl?: string;
  messageId?: string;
}

/** SNS's HTTP body for a message, signed over its canonical string as SNS signs it. */
export function snsBody(options: SnsMessageOptions): string {
  const type = options.type ?? 'Notification';
  const token = '2336412f37fb687f5d51e6e2425dacbbab6c8a1c3ba8c31d5b1a6ff4d3a2c1e0';
  const fields: Record<string, string> = {
    Type: type,
    MessageId: options.messageId ?? randomUUID(),
    TopicArn: options.topicArn,
    Message: options.message,
    Timestamp: options.at.toISOString(),
    ...(options.subject !== undefined && { Subject: options.subject }),
    ...(type !== 'Notification' && { Token: token, SubscribeURL: options.subscribeUrl ?? '' }),
  };
  const signed = type === 'Notification' ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const canonical = signed.filter((field) => fields[field] !== undefined).map((field) => `${field}\n${fields[field]}\n`).join('');
  const version = options.signatureVersion ?? '1';
  const signature = sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(canonical), options.privateKey).toString('base64');
  return JSON.stringify({
    ...fields,
    SignatureVersion: version,
    Signature: signature,
    SigningCertURL: options.signingCertUrl,
    UnsubscribeURL: `https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${options.topicArn}:c9135db0`,
  });
}

export interface SesMail {
  /** The original Message-ID header (<…>), and our correlation header's value, as sent. */
  messageId?: string;
  correlation?: string;
  subject?: string;
  destination: string[];
}

function mailObject(mail: SesMail, at: Date) {
  const headers = [
    { name: 'From', value: 'Lark Letters <news@lark.example>' },
    { name: 'To', value: mail.destination.join(', ') },
    ...(mail.messageId ? [{ name: 'Message-ID', value: mail.messageId }] : []),
    ...(mail.correlation ? [{ name: 'X-Postlark-Delivery', value: mail.correlation }] : []),
    { name: 'Subject', value: mail.subject ?? 'November news' },
  ];
  return {
    timestamp: at.toISOString(),
    source: 'news@lark.example',
    sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/lark.example',
    sendingAccountId: '123456789012',
    // SES's own id for the message: it replaces the Message-ID when sending.
    messageId: '0102015fd91a5ca3-93c245fe-e333-46ae-8fed-96160d20cfab-000000',
    destination: mail.destination,
    headersTruncated: false,
    headers,
    commonHeaders: { from: ['news@lark.example'], to: mail.destination, subject: mail.subject ?? 'November news', messageId: mail.messageId },
  };
}

/** SES's bounce notification (the Message SNS carries), one entry per recipient. */
export function sesBounce(mail: SesMail, at: Date, bounce: { type: string; subType: string; status?: string; diagnostic?: string }) {
  return JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      bounceType: bounce.type,
      bounceSubType: bounce.subType,
      bouncedRecipients: mail.destination.map((emailAddress) => ({ emailAddress, action: 'failed', status: bounce.status ?? '5.1.1', diagnosticCode: bounce.diagnostic ?? 'smtp; 550 5.1.1 user unknown' })),
      timestamp: at.toISOString(),
      feedbackId: '0102015fd91a6479-ae22395c-1f7d-4423-a9e5-e0715bffc731-000000',
      remoteMtaIp: '192.0.2.10',
      reportingMTA: 'dsn; a4-8.smtp-out.us-east-1.amazonses.com',
    },
    mail: mailObject(mail, at),
  });
}

export function sesComplaint(mail: SesMail, at: Date, feedbackType = 'abuse') {
  return JSON.stringify({
    notificationType: 'Complaint',
    complaint: {
      userAgent: 'AnyCompany Feedback Loop (V0.01)',
      complainedRecipients: mail.destination.map((emailAddress) => ({ emailAddress })),
      complaintFeedbackType: feedbackType,
      arrivalDate: at.toISOString(),
      timestamp: at.toISOString(),
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
    },
    mail: mailObject(mail, at),
  });
}

export function sesDelivery(mail: SesMail, at: Date) {
  return JSON.stringify({
    notificationType: 'Delivery',
    delivery: { timestamp: at.toISOString(), processingTimeMillis: 546, recipients: mail.destination, smtpResponse: '250 ok:  Message 64111812 accepted', reportingMTA: 'a8-70.smtp-out.amazonses.com' },
    mail: mailObject(mail, at),
  });
}
