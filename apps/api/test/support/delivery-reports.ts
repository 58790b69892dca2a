import nodemailer from 'nodemailer';

// Delivery reports as receivers' mail servers write them, for the inbound receiver's tests: an
// RFC 3464 delivery status notification and an RFC 5965 ARF complaint, each quoting the headers of
// the original message, and a plain SMTP client that hands them over with the null sender, as a
// mail server returning a report does.

export interface OriginalHeaders {
  messageId: string;
  /** The X-Postlark-Delivery header of the original, when the report quotes it. */
  correlation?: string;
  to: string;
}

function quotedHeaders(original: OriginalHeaders): string {
  return [
    'From: Lark News <news@lark.example>',
    `To: ${original.to}`,
    'Subject: November news',
    `Message-ID: ${original.messageId}`,
    ...(original.correlation ? [`X-Postlark-Delivery: ${original.correlation}`] : []),
  ].join('\r\n');
}

/** An RFC 3464 report from a receiving MTA: `status` 5.1.1 (dead), 4.2.2 (full, delayed)… */
export function deliveryStatusReport(options: { recipient: string; status: string; diagnostic: string; action?: 'failed' | 'delayed' | 'delivered'; original: OriginalHeaders; id?: string }): string {
  const boundary = 'report-boundary-7c1';
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.readers.example>',
    `To: <bounces@bounces.lark.example>`,
    `Subject: ${options.action === 'delayed' ? 'Delivery delayed' : 'Undelivered Mail Returned to Sender'}`,
    `Message-ID: <${options.id ?? 'dsn-1'}@mx.readers.example>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.readers.example.',
    '',
    `I'm sorry to have to inform you that your message could not be delivered to one or more recipients.`,
    '',
    `<${options.recipient}>: ${options.diagnostic}`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.readers.example',
    'Arrival-Date: Wed, 2 Dec 2026 10:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Original-Recipient: rfc822;${options.recipient}`,
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${options.status}`,
    'Remote-MTA: dns; mailbox.readers.example',
    `Diagnostic-Code: smtp; ${options.diagnostic}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    quotedHeaders(options.original),
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** An RFC 5965 abuse report, as a mailbox provider's feedback loop sends one. */
export function complaintReport(options: { recipient: string; original: OriginalHeaders }): string {
  const boundary = 'arf-boundary-2d9';
  return [
    'From: Feedback Loop <fbl@provider.example>',
    'To: <abuse@bounces.lark.example>',
    'Subject: Abuse report',
    'Message-ID: <arf-1@provider.example>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ProviderFBL/1.0',
    'Version: 1',
    `Original-Rcpt-To: ${options.recipient}`,
    'Source-IP: 192.0.2.1',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    '',
    quotedHeaders(options.original),
    '',
    'The newsletter text.',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Hands `raw` to the SMTP server at `port` for `to`, from the null sender; rejects with the server's reply when refused. */
export async function deliverReport(port: number, to: string, raw: string, from: string | false = false): Promise<void> {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    await client.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    client.close();
  }
}
