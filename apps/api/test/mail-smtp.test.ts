import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { type EmailMessage, InvalidEmailMessageError } from '../src/mail/mail-service';
import { createMailTransport } from '../src/mail/transport';
import { devOutbox } from '../src/db/schema/mail';
import { buildTestApp, type TestApp } from './helper';
import { startTestSmtpServer, type TestSmtpServer } from './support/smtp-server';

const APP_URL = 'https://app.postlark.example';
const TOKEN = 'q9PzV2b8xKk3N0uR7sWfYcJ1mLhT6aDgE4iOeXyZ_-A';
const link = (path: string, email: string) => `${APP_URL}${path}?token=${TOKEN}&email=${encodeURIComponent(email)}`;
// In HTML, an href's "&" is written "&amp;".
const inHtml = (url: string) => url.replaceAll('&', '&amp;');

let smtp: TestSmtpServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  testApp = await buildTestApp({ SMTP_URL: smtp.url, APP_URL, MAIL_FROM: 'Postlark <no-reply@postlark.example>' });
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.stop();
});

describe('mail through an SMTP relay', () => {
  it.each<[string, EmailMessage, string, string]>([
    [
      'signup-verification',
      { template: 'signup-verification', to: 'new.reader@example.com', link: link('/signup', 'new.reader@example.com') },
      'Verify your email to finish signing up for Postlark',
      '24 hours',
    ],
    [
      'signup-account-exists',
      { template: 'signup-account-exists', to: 'member@example.com', signInUrl: `${APP_URL}/login` },
      'You already have a Postlark account',
      'Forget Password',
    ],
    [
      'password-reset',
      { template: 'password-reset', to: 'Resetter@example.com', link: link('/forget-password', 'Resetter@example.com') },
      'Reset your Postlark password',
      '60 minutes',
    ],
  ])('delivers %s with its subject, sender and link in both parts', async (_name, message, subject, detail) => {
    await testApp.mail.enqueue(message);
    const mail = await smtp.waitForMessage(message.to);
    const url = 'link' in message ? message.link : 'signInUrl' in message ? message.signInUrl : '';

    expect(mail.envelope).toEqual({ from: 'no-reply@postlark.example', to: [message.to] });
    expect(mail.to).toBe(message.to);
    expect(mail.from).toBe('"Postlark" <no-reply@postlark.example>');
    expect(mail.subject).toBe(subject);
    expect(mail.html).toContain(`href="${inHtml(url)}"`);
    expect(mail.html).toContain('#4f46e5');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(detail);
    expect(mail.text).toContain('Postlark');
  });

  it('delivers password-changed as a notice naming the customer, with no token link', async () => {
    await testApp.mail.enqueue({ template: 'password-changed', to: 'changed@example.com', firstName: 'Ada' });
    const mail = await smtp.waitForMessage('changed@example.com');
    expect(mail.subject).toBe('Your Postlark password was changed');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain(`reset your password now at ${APP_URL}/login`);
    expect(mail.html).toContain(`href="${APP_URL}/login"`);
    expect(mail.text).not.toContain('token=');
    expect(mail.html).not.toContain('token=');
  });

  it("escapes a customer's name in the HTML part", async () => {
    await testApp.mail.enqueue({ template: 'password-changed', to: 'markup@example.com', firstName: '<img src=x onerror=alert(1)>' });
    const mail = await smtp.waitForMessage('markup@example.com');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it.each([
    ['a header injected after a line break', 'victim@example.com\r\nBcc: thief@example.com'],
    ['a bare line feed', 'victim@example.com\nBcc: thief@example.com'],
    ['a list of recipients', 'victim@example.com, thief@example.com'],
    ['a display name', 'Victim <victim@example.com>'],
  ])('refuses a recipient with %s and queues nothing', async (_name, to) => {
    const refused = testApp.mail.enqueue({ template: 'password-reset', to, link: link('/forget-password', 'victim@example.com') });
    await expect(refused).rejects.toBeInstanceOf(InvalidEmailMessageError);
    // The refusal names the field, never the value (it may hold a token).
    await expect(refused).rejects.toThrow(/to: /);
    await expect(refused).rejects.not.toThrow(TOKEN);

    // A message queued after it arrives, and nothing ever reached either address.
    await testApp.mail.enqueue({ template: 'password-changed', to: 'marker@example.com', firstName: 'M' });
    await smtp.waitForMessage('marker@example.com', { after: smtp.messagesTo('marker@example.com').length });
    expect(smtp.messagesTo('victim@example.com')).toHaveLength(0);
    expect(smtp.messagesTo('thief@example.com')).toHaveLength(0);
  });

  it('refuses a link that is not an absolute http(s) URL', async () => {
    await expect(
      testApp.mail.enqueue({ template: 'signup-verification', to: 'a@example.com', link: 'javascript:alert(1)' }),
    ).rejects.toBeInstanceOf(InvalidEmailMessageError);
    await expect(testApp.mail.enqueue({ template: 'signup-verification', to: 'a@example.com', link: '/signup?token=x' })).rejects.toBeInstanceOf(
      InvalidEmailMessageError,
    );
  });

  it('keeps CR/LF in a subject or sender from starting a new header', async () => {
    const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Postlark\r\nBcc: thief@example.com <no-reply@postlark.local>' });
    const transport = createMailTransport({ config, db: testApp.database.db, log: pino({ level: 'silent' }) });
    try {
      await transport.deliver({
        to: 'subject@example.com',
        subject: 'Hello\r\nBcc: thief@example.com\r\n\r\nInjected body',
        html: '<p>hi</p>',
        text: 'hi',
      });
    } finally {
      await transport.close();
    }
    const mail = await smtp.waitForMessage('subject@example.com');
    expect(mail.envelope.to).toEqual(['subject@example.com']);
    expect(mail.subject).toBe('Hello Bcc: thief@example.com Injected body');
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.raw).not.toMatch(/^bcc:/im);
    expect(mail.text.trim()).toBe('hi');
    expect(smtp.messagesTo('thief@example.com')).toHaveLength(0);
  });

  it('does not serve the dev mailbox, nor keep mail in the outbox, when SMTP_URL is set', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/', '/dev/mailbox/1', '/dev/mailbox/messages.json']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(await testApp.database.db.select().from(devOutbox)).toEqual([]);
  });
});
