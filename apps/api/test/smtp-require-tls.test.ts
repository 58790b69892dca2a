import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { smtpPool } from '../src/mail/smtp-pool';
import { createMailTransport } from '../src/mail/transport';
import { buildTestApp, type TestApp } from './helper';

// Issue 18, finding 16 (b): with credentials in an smtp:// SMTP_URL, the relay must take STARTTLS
// before they are sent, for account mail and for campaigns alike, unless SMTP_URL says otherwise.
// The relay here offers no STARTTLS (smtp-server's own certificate has expired) and would take
// the password in clear text.

let relay: SMTPServer;
let port = 0;
const logins: string[] = [];
const delivered: string[] = [];
let testApp: TestApp;

beforeAll(async () => {
  relay = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  port = (relay.server.address() as AddressInfo).port;
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

const relayUrl = (query = '') => `smtp://sender:secret@127.0.0.1:${port}${query}`;
const email = (to: string) => ({ to, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' });
const message = (to: string) => Buffer.from(`From: news@lark.example\r\nTo: ${to}\r\nSubject: Hi\r\n\r\nHello\r\n`);

function accountMail(url: string) {
  return createMailTransport({ config: loadConfig({ SMTP_URL: url }), db: testApp.database.db, log: pino({ level: 'silent' }) });
}

describe('SMTP credentials only over TLS', () => {
  it('account mail: a relay without STARTTLS is refused before the credentials are sent', async () => {
    const transport = accountMail(relayUrl());
    try {
      await expect(transport.deliver(email('account@example.com'))).rejects.toThrow();
    } finally {
      await transport.close();
    }
    expect(logins).toEqual([]);
    expect(delivered).not.toContain('account@example.com');
  });

  it('campaigns: a relay without STARTTLS is refused before the credentials are sent', async () => {
    const pool = smtpPool(relayUrl(), { connections: 1, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000, idleMs: 60_000 });
    try {
      await expect(pool.send({ from: 'news@lark.example', to: ['campaign@example.com'] }, message('campaign@example.com'))).rejects.toThrow();
    } finally {
      pool.close();
    }
    expect(logins).toEqual([]);
    expect(delivered).not.toContain('campaign@example.com');
  });

  it('sends in clear text only where SMTP_URL says so (?requireTLS=false), for both', async () => {
    const transport = accountMail(relayUrl('?requireTLS=false'));
    try {
      await transport.deliver(email('optout.account@example.com'));
    } finally {
      await transport.close();
    }
    const pool = smtpPool(relayUrl('?requireTLS=false'), { connections: 1, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000, idleMs: 60_000 });
    try {
      await pool.send({ from: 'news@lark.example', to: ['optout.campaign@example.com'] }, message('optout.campaign@example.com'));
    } finally {
      pool.close();
    }
    expect(delivered).toEqual(expect.arrayContaining(['optout.account@example.com', 'optout.campaign@example.com']));
    expect(logins).toEqual(['sender', 'sender']);
  });
});
