import { afterEach, describe, expect, it } from 'vitest';
import { RelayUnreachableError, smtpPool } from '../src/mail/smtp-pool';
import { type FaultPlan, type FaultySmtpSink, startFaultySmtpSink } from './support/faulty-smtp-sink';

// The campaign engine's SMTP connections (src/mail/smtp-pool.ts) against a loopback relay that
// refuses, defers and drops: each message is either accepted once or rejected with the relay's
// reply, and the pool goes on with fresh connections where the old one cannot be trusted.

const NEVER = 1_000_000_000;
const noFaults: FaultPlan = { greeting421: { every: NEVER, max: 0 }, rcpt451Every: NEVER, data451Every: NEVER, data421Every: NEVER, dataDropEvery: NEVER };
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000, idleMs: 60_000 };

const message = (n: number) =>
  Buffer.from(`From: news@lark.example\r\nTo: reader${n}@example.com\r\nMessage-ID: <m${n}@lark.example>\r\nSubject: ${n}\r\n\r\n.leading dot\r\nHello ${n}\r\n`);
const envelope = (n: number) => ({ from: 'news@lark.example', to: [`reader${n}@example.com`] });

describe('the campaign SMTP pool', () => {
  let sink: FaultySmtpSink | undefined;
  afterEach(async () => {
    await sink?.stop();
    sink = undefined;
  });

  it('sends many messages at once over no more connections than it is allowed', async () => {
    sink = await startFaultySmtpSink(noFaults);
    const pool = smtpPool(sink.url, { ...TIMEOUTS, connections: 3 });
    await Promise.all(Array.from({ length: 40 }, (_, n) => pool.send(envelope(n), message(n))));
    pool.close();
    expect(sink.accepted.map((each) => each.messageId).sort()).toEqual(Array.from({ length: 40 }, (_, n) => `<m${n}@lark.example>`).sort());
    expect(sink.connections).toBe(3);
  });

  it('reports a refused recipient with the relay’s reply and keeps the connection for the next message', async () => {
    sink = await startFaultySmtpSink({ ...noFaults, rcpt451Every: 2 });
    const pool = smtpPool(sink.url, { ...TIMEOUTS, connections: 1 });
    await pool.send(envelope(1), message(1));
    await expect(pool.send(envelope(2), message(2))).rejects.toMatchObject({ responseCode: 451, command: 'RCPT TO' });
    await pool.send(envelope(3), message(3));
    pool.close();
    expect(sink.accepted.map((each) => each.messageId)).toEqual(['<m1@lark.example>', '<m3@lark.example>']);
    expect(sink.connections).toBe(1);
  });

  it('fails a message whose connection was refused (the relay unreachable) or dropped mid-message, and sends the next over a new one', async () => {
    // The relay counts DATA commands: the 3rd and 6th get 421 (and a close), the 5th is dropped.
    sink = await startFaultySmtpSink({ ...noFaults, greeting421: { every: 1, max: 1 }, data421Every: 3, dataDropEvery: 5 });
    const pool = smtpPool(sink.url, { ...TIMEOUTS, connections: 1 });
    const outcome = (n: number) =>
      pool.send(envelope(n), message(n)).then(
        () => 'sent',
        (error: { responseCode?: number; code?: string; cause?: { responseCode?: number } }) =>
          error instanceof RelayUnreachableError ? `unreachable ${error.cause?.responseCode}` : (error.responseCode ?? error.code),
      );
    const outcomes: unknown[] = [];
    for (let n = 1; n <= 8; n += 1) outcomes.push(await outcome(n));
    pool.close();
    expect(outcomes).toEqual(['unreachable 421', 'sent', 'sent', 421, 'sent', 'ECONNECTION', 421, 'sent']);
    expect(sink.accepted.map((each) => each.messageId)).toEqual(['<m2@lark.example>', '<m3@lark.example>', '<m5@lark.example>', '<m8@lark.example>']);
    expect(sink.faults).toMatchObject({ greeting421: 1, dataDropped: 1, data421: 2 });
    // The refused one; one until the first 421; one until the drop; one until the second 421; a last.
    expect(sink.connections).toBe(5);
  });

  it('ends a connection left unused for its idle time, and opens a fresh one for the next message', async () => {
    sink = await startFaultySmtpSink(noFaults);
    const pool = smtpPool(sink.url, { ...TIMEOUTS, connections: 1, idleMs: 50 });
    await pool.send(envelope(1), message(1));
    await pool.send(envelope(2), message(2));
    expect(sink.connections).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.send(envelope(3), message(3));
    pool.close();
    expect(sink.connections).toBe(2);
    expect(sink.accepted).toHaveLength(3);
  });

  it('refuses to send once closed', async () => {
    sink = await startFaultySmtpSink(noFaults);
    const pool = smtpPool(sink.url, { ...TIMEOUTS, connections: 1 });
    await pool.send(envelope(1), message(1));
    pool.close();
    await expect(pool.send(envelope(2), message(2))).rejects.toThrow('the SMTP pool is closed');
  });
});
