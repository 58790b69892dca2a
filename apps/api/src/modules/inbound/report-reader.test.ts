// Focused cases for the report reader: each report kind built by hand, and the hostile inputs it
// must survive (garbage, an empty buffer, 1 MB of one character, 10,000 recipients).
import { describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS, readReport } from './report-reader';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

function dsn(recipientFields: string[], options: { subject?: string; human?: string } = {}) {
  return crlf([
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    'To: bounces+abc@mail.postlark.example',
    `Subject: ${options.subject ?? 'Undelivered Mail Returned to Sender'}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="BOUNDARY.1"',
    '',
    '--BOUNDARY.1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    options.human ?? 'This is the mail system at host mx.example.net.',
    '',
    '--BOUNDARY.1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    ...recipientFields,
    '',
    '--BOUNDARY.1',
    'Content-Type: text/rfc822-headers',
    '',
    'From: News <news@customer.example>',
    'To: reader@example.org',
    'Subject: Our spring letter',
    'Message-ID: <m-123@mail.postlark.example>',
    'X-Postlark-Delivery: d1.abcdef',
    '',
    '--BOUNDARY.1--',
    '',
  ]);
}

describe('readReport', () => {
  it('reads an RFC 3464 report: the recipient, a dead address, the original Message-ID and correlation', async () => {
    const report = await readReport(
      dsn([
        'Final-Recipient: rfc822; reader@example.org',
        'Original-Recipient: rfc822;reader@example.org',
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 <reader@example.org>: Recipient address rejected: User unknown',
      ]),
    );
    expect(report.kind).toBe('dsn');
    expect(report.outcome).toBe('dead');
    expect(report.recipients).toEqual([
      {
        email: 'reader@example.org',
        status: '5.1.1',
        reply: '550',
        diagnostic: '550 5.1.1 <reader@example.org>: Recipient address rejected: User unknown',
        outcome: 'dead',
        reason: 'unknown-user',
      },
    ]);
    expect(report.originalMessageId).toBe('<m-123@mail.postlark.example>');
    expect(report.correlation).toBe('d1.abcdef');
    expect(report.subject).toBe('Undelivered Mail Returned to Sender');
  });

  it('reads a delayed 4.2.2 as soft', async () => {
    const report = await readReport(
      dsn(['Final-Recipient: rfc822; full@example.org', 'Action: delayed', 'Status: 4.2.2', 'Diagnostic-Code: smtp; 452 4.2.2 Mailbox full'], {
        subject: 'Delayed Mail (still being retried)',
      }),
    );
    expect(report.outcome).toBe('soft');
    expect(report.recipients[0]).toMatchObject({ email: 'full@example.org', status: '4.2.2', outcome: 'soft', reason: 'mailbox-full' });
  });

  it('reads a 5.7.1 blocklist refusal as the sender’s, never the reader’s', async () => {
    const report = await readReport(
      dsn([
        'Final-Recipient: rfc822; reader@example.org',
        'Action: failed',
        'Status: 5.7.1',
        'Diagnostic-Code: smtp; 554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org',
      ]),
    );
    expect(report.outcome).toBe('sender');
    expect(report.recipients[0]).toMatchObject({ status: '5.7.1', reply: '554', outcome: 'sender', reason: 'blocklist' });
  });

  it('does not suppress a reader on a dead-address code next to a blocklist', async () => {
    const report = await readReport(
      dsn([
        'Final-Recipient: rfc822; reader@example.org',
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 553 5.1.1 see https://www.spamhaus.org/query/bl?ip=192.0.2.1',
      ]),
    );
    expect(report.recipients[0]).toMatchObject({ outcome: 'sender', reason: 'blocklist' });
  });

  it('reads an ARF report as a complaint from Original-Rcpt-To, or from the original’s To', async () => {
    const arf = (feedback: string[]) =>
      crlf([
        'From: feedback@isp.example',
        'To: fbl@mail.postlark.example',
        'Subject: FW: Our spring letter',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"',
        '',
        '--ARF',
        'Content-Type: text/plain',
        '',
        'This is an email abuse report.',
        '--ARF',
        'Content-Type: message/feedback-report',
        '',
        'Feedback-Type: abuse',
        'User-Agent: SomeGenerator/1.0',
        'Version: 1',
        ...feedback,
        '',
        '--ARF',
        'Content-Type: message/rfc822',
        '',
        'From: News <news@customer.example>',
        'To: Complainer <complainer@isp.example>',
        'Message-ID: <m-9@mail.postlark.example>',
        'X-Postlark-Delivery: d9.xyz',
        'Subject: Our spring letter',
        '',
        'Hello',
        '--ARF--',
      ]);
    const named = await readReport(arf(['Original-Rcpt-To: reader@isp.example']));
    expect(named).toMatchObject({ kind: 'arf', outcome: 'complaint', originalMessageId: '<m-9@mail.postlark.example>', correlation: 'd9.xyz' });
    expect(named.recipients.map((r) => [r.email, r.outcome])).toEqual([['reader@isp.example', 'complaint']]);
    const fromTo = await readReport(arf([]));
    expect(fromTo.recipients.map((r) => [r.email, r.outcome])).toEqual([['complainer@isp.example', 'complaint']]);
  });

  it('reads an out-of-office reply as none', async () => {
    const report = await readReport(
      crlf([
        'From: Reader <reader@example.org>',
        'To: bounces+abc@mail.postlark.example',
        'Subject: Out of Office: Our spring letter',
        'Auto-Submitted: auto-replied',
        'Content-Type: text/plain',
        '',
        'I am away until Monday.',
      ]),
    );
    expect(report.kind).toBe('auto-reply');
    expect(report.outcome).toBe('none');
    expect(report.recipients.every((r) => r.outcome === 'none')).toBe(true);
  });

  it('reads a prose bounce, leaving out the returned original', async () => {
    const report = await readReport(
      crlf([
        'From: MAILER-DAEMON@mx.example.net',
        'To: bounces+abc@mail.postlark.example',
        'Subject: failure notice',
        '',
        "Hi. This is the qmail-send program at mx.example.net.\nI'm afraid I wasn't able to deliver your message to the following addresses.",
        '',
        '<gone@example.org>:',
        'Remote host said: 550 5.1.1 <gone@example.org>... User Unknown',
        '',
        '--- Below this line is a copy of the message.',
        '',
        'From: News <news@customer.example>',
        'To: gone@example.org, other@example.org',
        'Message-ID: <m-7@mail.postlark.example>',
        'X-Postlark-Delivery: d7.q',
        '',
        'Your mailbox is full of spam, blocked using zen.spamhaus.org',
      ]),
    );
    expect(report).toMatchObject({ kind: 'non-standard', outcome: 'dead', originalMessageId: '<m-7@mail.postlark.example>', correlation: 'd7.q' });
    expect(report.recipients.map((r) => [r.email, r.status, r.reply, r.reason])).toEqual([['gone@example.org', '5.1.1', '550', 'unknown-user']]);
  });

  it('returns unknown, without throwing, for garbage, an empty buffer and 1 MB of one character', async () => {
    const inputs = [
      Buffer.alloc(0),
      Buffer.from([0, 255, 13, 10, 13, 10, 1, 2, 3]),
      Buffer.alloc(1_048_576, ' '),
      Buffer.alloc(1_048_576, '<'),
      Buffer.alloc(1_048_576, '@'),
      Buffer.from(`Subject: x\n\n${'=?'.repeat(400_000)}`),
    ];
    for (const input of inputs) {
      const report = await readReport(input);
      expect(report).toMatchObject({ kind: 'unknown', outcome: 'none', recipients: [] });
    }
  });

  it('caps what it reads: 100 of 10,000 recipients, 1,000 characters of diagnostic, 200 of subject', async () => {
    const fields: string[] = [];
    for (let i = 0; i < 10_000; i++)
      fields.push(`Final-Recipient: rfc822; r${i}@example.org`, 'Action: failed', 'Status: 5.1.1', `Diagnostic-Code: smtp; 550 5.1.1 ${'x'.repeat(i === 0 ? 5_000 : 1)}`, '');
    const report = await readReport(dsn(fields, { subject: 'S'.repeat(5_000) }));
    expect(report.recipients).toHaveLength(MAX_RECIPIENTS);
    expect(report.recipients[0]!.diagnostic.length).toBe(1_000);
    expect(report.subject.length).toBe(200);
    expect(report.outcome).toBe('dead');
  });
});
