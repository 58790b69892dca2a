import { describe, expect, it } from 'vitest';
import { classifySmtpReply, refusalKey, replyCodes, SMTP_REPLY_RULES, type SmtpReply } from './smtp-reply';

// Real answers, as relays and receivers word them (multi-line replies as nodemailer joins them).

const kindOf = (reply: SmtpReply) => classifySmtpReply(reply).kind;

describe('classifySmtpReply', () => {
  it('takes a refusal of the recipient address as that one reader’s hard bounce', () => {
    const recipients: SmtpReply[] = [
      // Gmail
      {
        command: 'RCPT TO',
        text:
          "550-5.1.1 The email account that you tried to reach does not exist. Please try\n550-5.1.1 double-checking the recipient's email address for typos or\n" +
          '550-5.1.1 unnecessary spaces. For more information, go to\n550 5.1.1  https://support.google.com/mail/?p=NoSuchUser d75a77b69052e-4a7a1b2c3d4si1234567qtb.12 - gsmtp',
      },
      // Microsoft 365
      { command: 'RCPT TO', text: '550 5.1.10 RecipientNotFound; Recipient not found by SMTP address lookup' },
      // Postfix
      { command: 'RCPT TO', text: '550 5.1.1 <reader@example.org>: Recipient address rejected: User unknown in virtual mailbox table' },
      { command: 'DATA', text: '550 5.1.1 <reader@example.org>: Recipient address rejected: User unknown in local recipient table' },
      // Outlook.com: a protocol code, but the recipient's words at RCPT TO.
      { command: 'RCPT TO', text: '550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302)' },
      // Without an enhanced code: the usual texts on 550/551/553.
      { command: 'RCPT TO', text: '550 No such user here' },
      { command: 'RCPT TO', text: '550 sorry, no mailbox here by that name. (#5.1.1)' },
    ];
    for (const reply of recipients) expect(kindOf(reply), reply.text).toBe('recipient');
    expect(classifySmtpReply(recipients[1]!)).toMatchObject({ code: 550, enhanced: '5.1.10', rule: 'enhanced:5.1.' });
  });

  it('never takes a refusal of the sender for a bounce, with or without an enhanced code', () => {
    const senders: SmtpReply[] = [
      // Amazon SES, unverified identity (and its sandbox's unverified recipients), at the end of DATA.
      { command: 'DATA', text: '554 Message rejected: Email address is not verified. The following identities failed the check in region US-EAST-1: ada@acme.example' },
      { command: 'DATA', text: '554 Account is paused.' },
      // SendGrid
      { command: 'DATA', text: '550 The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.' },
      { command: 'MAIL FROM', text: '550 Unauthenticated senders not allowed' },
      // Microsoft 365
      { command: 'DATA', text: '554 5.2.252 SendAsDenied; ada@acme.example not allowed to send as news@lark.example; STOREDRV.Submission.Exception:SendAsDeniedException.MapiExceptionSendAsDenied' },
      { command: 'RCPT TO', text: '550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.' },
      { command: 'MAIL FROM', text: '550 5.1.8 Access denied, bad outbound sender.' },
      // Gmail: DMARC, authentication.
      {
        command: 'DATA',
        text:
          '550-5.7.26 This mail is unauthenticated, which poses a security risk to the\n550-5.7.26 sender and Gmail users, and has been blocked. The sender must\n' +
          '550 5.7.26 authenticate with at least one of SPF or DKIM. 41be03b00d2f7-b6c1234abc.12 - gsmtp',
      },
      // Yahoo
      { command: 'DATA', text: '554 5.7.9 Message not accepted for policy reasons.  See https://senders.yahooinc.com/error-codes' },
      // Postfix: relaying, size, the sender's own address.
      { command: 'RCPT TO', text: '554 5.7.1 <reader@example.org>: Relay access denied' },
      { command: 'DATA', text: '552 5.3.4 Message size exceeds fixed limit' },
      { command: 'MAIL FROM', text: '553 5.7.1 <news@lark.example>: Sender address rejected: not owned by user ada' },
      { command: 'AUTH PLAIN', text: '535 5.7.8 Error: authentication failed: authentication failure' },
      { command: 'RCPT TO', text: '550 Sender domain does not exist' },
      // A 5xx nobody can read is not a reason to suppress anyone.
      { command: 'DATA', text: '554 Transaction failed' },
      // A quota of the sending account, whatever its code.
      { command: 'DATA', text: '454 Throttling failure: Daily message quota exceeded.' },
    ];
    for (const reply of senders) expect(kindOf(reply), reply.text).toBe('sender');
  });

  it('takes a full or disabled mailbox as no bounce and no reason to stop a campaign', () => {
    const full = classifySmtpReply({ command: 'DATA', text: '552 5.2.2 <reader@example.org>: mailbox full' });
    expect(full).toMatchObject({ kind: 'sender', sendWide: false });
    expect(classifySmtpReply({ command: 'RCPT TO', text: '550 5.2.1 The email account that you tried to reach is disabled.' })).toMatchObject({ kind: 'sender', sendWide: false });
    expect(classifySmtpReply({ command: 'DATA', text: '554 Message rejected: Email address is not verified.' }).sendWide).toBe(true);
  });

  it('takes rate answers as a request to slow down', () => {
    const throttles: SmtpReply[] = [
      // Gmail
      {
        command: 'DATA',
        text:
          '421-4.7.28 [192.0.2.1      15] Our system has detected an unusual rate of\n421-4.7.28 unsolicited mail originating from your IP address. To protect our\n' +
          '421 4.7.28 users from spam, mail sent from your IP address has been temporarily rate limited. - gsmtp',
      },
      // Amazon SES
      { command: 'DATA', text: '454 Throttling failure: Maximum sending rate exceeded.' },
      // Microsoft 365, Yahoo, and rate texts on other 4xx codes.
      { command: 'RCPT TO', text: '451 4.7.500 Server busy. Please try again later from [192.0.2.1]. (AS761)' },
      { command: 'RCPT TO', text: '421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume or user complaints' },
      { command: 'RCPT TO', text: '450 4.7.1 Client host rejected: too many connections' },
      { command: 'DATA', text: '452 4.5.3 Error: too many recipients' },
    ];
    for (const reply of throttles) expect(kindOf(reply), reply.text).toBe('throttle');
  });

  it('takes other 4xx answers and failures without a reply as temporary', () => {
    expect(kindOf({ command: 'RCPT TO', text: '451 4.3.0 Temporary lookup failure' })).toBe('temporary');
    expect(kindOf({ command: 'DATA', text: "452-4.2.2 The email account that you tried to reach is over quota. - gsmtp" })).toBe('temporary');
    expect(kindOf({ command: 'RCPT TO', text: '450 4.1.1 <reader@example.org>: Recipient address rejected: User unknown in local recipient table' })).toBe('temporary');
    expect(kindOf({ command: 'MAIL FROM', text: '451 Temporary local problem, try again' })).toBe('temporary');
    expect(kindOf({ command: 'CONN', text: 'Connection closed unexpectedly' })).toBe('temporary');
    expect(kindOf({ text: 'socket hang up' })).toBe('temporary');
  });

  it('uses the reply code it is given when the text has none', () => {
    expect(kindOf({ code: 550, command: 'RCPT TO', text: 'User unknown' })).toBe('recipient');
    expect(kindOf({ code: 554, command: 'DATA', text: 'Email address is not verified' })).toBe('sender');
  });

  it('tells the same refusal apart from per-message ids in its text', () => {
    const one = classifySmtpReply({ command: 'DATA', text: '550 5.7.26 Unauthenticated email is not accepted. a1b2c3 - gsmtp' });
    const two = classifySmtpReply({ command: 'DATA', text: '550 5.7.26 Unauthenticated email is not accepted. z9y8x7 - gsmtp' });
    expect(refusalKey(one)).toBe(refusalKey(two));
    expect(refusalKey(one)).not.toBe(refusalKey(classifySmtpReply({ command: 'DATA', text: '550 5.7.1 Blocked' })));
  });

  it('reads long or hostile texts in linear time, only their first part', () => {
    const long = `550 5.1.1 ${'a'.repeat(200_000)} user unknown`;
    expect(classifySmtpReply({ command: 'RCPT TO', text: long })).toMatchObject({ kind: 'recipient', enhanced: '5.1.1' });
    // The identity phrase past the cap is not read: the enhanced code decides.
    expect(kindOf({ command: 'DATA', text: `550 5.1.1 ${' '.repeat(SMTP_REPLY_RULES.maxTextLength)} not verified` })).toBe('recipient');
    expect(kindOf({ command: 'DATA', text: '5'.repeat(100_000) })).toBe('temporary');
  });
});

describe('replyCodes', () => {
  it('reads the basic and enhanced codes at the start of a reply', () => {
    expect(replyCodes('550-5.1.1 The email account')).toEqual({ code: 550, enhanced: '5.1.1' });
    expect(replyCodes('554 5.2.252 SendAsDenied')).toEqual({ code: 554, enhanced: '5.2.252' });
    expect(replyCodes('5.7.26 Unauthenticated')).toEqual({ code: null, enhanced: '5.7.26' });
    expect(replyCodes('554 Message rejected')).toEqual({ code: 554, enhanced: null });
    expect(replyCodes('550 5.1.1234 x')).toEqual({ code: 550, enhanced: null });
    expect(replyCodes('hello')).toEqual({ code: null, enhanced: null });
  });
});
