import { generateKeyPairSync } from 'node:crypto';
import DKIM from 'nodemailer/lib/dkim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server';
import { verifyMessage } from './support/mail-verifier';

// The receiver's verdict on messages signed the way campaign-transport.ts signs them, with the
// records published in a real DNS server on loopback: the proof that SPF, DKIM and DMARC pass
// (or fail) for what a customer publishes.

let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer();
});
afterAll(() => dns.stop());

/** A 2048-bit key pair: the PEM to sign with and the TXT value to publish at <selector>._domainkey. */
function dkimKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
  };
}

function message(from: string) {
  return [
    `From: Ada <${from}>`,
    'To: reader@inbox.example',
    'Subject: The Lark Weekly',
    'Date: Tue, 02 Jun 2026 09:00:00 +0000',
    `Message-ID: <m1.${Date.now()}@mail.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello from the weekly.',
    '',
  ].join('\r\n');
}

async function sign(raw: string, domainName: string, keySelector: string, privateKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of new DKIM({ domainName, keySelector, privateKey }).sign(raw)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('verifyMessage', () => {
  it('passes DKIM (aligned), SPF at the return path and DMARC for a message signed d=<From domain>', async () => {
    const key = dkimKey();
    dns.publishTxt('sel._domainkey.acme.example', key.record);
    dns.publishTxt('acme.example', 'v=spf1 ip4:127.0.0.1 -all');
    // The return-path subdomain points at the platform's bounce domain, whose SPF lists the relay.
    dns.publishCname('pl-bounces.acme.example', 'bounces.platform.example');
    dns.publishTxt('bounces.platform.example', 'v=spf1 ip4:127.0.0.1 -all');
    dns.publishTxt('_dmarc.acme.example', 'v=DMARC1; p=reject');

    const raw = await sign(message('ada@acme.example'), 'acme.example', 'sel', key.privateKey);
    const verdict = await verifyMessage(raw, { servers: dns.servers, ip: '127.0.0.1', helo: 'relay.platform.example', mailFrom: 'b-42@pl-bounces.acme.example' });

    expect(verdict, verdict.authenticationResults).toMatchObject({
      from: 'ada@acme.example',
      dkim: [{ result: 'pass', domain: 'acme.example', aligned: true }],
      spf: { result: 'pass', domain: 'pl-bounces.acme.example' },
      dmarc: { result: 'pass', policy: 'reject', domain: 'acme.example' },
    });
    expect(verdict.authenticationResults).toMatch(/^Authentication-Results: mx\.receiver\.test;/);
    expect(verdict.authenticationResults).toContain('dmarc=pass');
  });

  it('follows a DKIM key delegated by CNAME to the platform', async () => {
    const key = dkimKey();
    dns.publishTxt('shop-example.pl1._domainkey.platform.example', key.record);
    dns.publishCname('pl1._domainkey.shop.example', 'shop-example.pl1._domainkey.platform.example');
    dns.publishTxt('_dmarc.shop.example', 'v=DMARC1; p=quarantine');

    const raw = await sign(message('news@shop.example'), 'shop.example', 'pl1', key.privateKey);
    const verdict = await verifyMessage(raw, { servers: dns.servers, ip: '127.0.0.1', mailFrom: 'b-43@pl-bounces.shop.example' });

    expect(verdict.dkim, verdict.authenticationResults).toEqual([{ result: 'pass', domain: 'shop.example', aligned: true }]);
    // No SPF at the return path (not published), yet the aligned DKIM pass carries DMARC.
    expect(verdict.spf.result).toBe('none');
    expect(verdict.dmarc).toEqual({ result: 'pass', policy: 'quarantine', domain: 'shop.example' });
  });

  it('fails DMARC for a From domain signed only by the platform and sent from an address its SPF does not list', async () => {
    const platformKey = dkimKey();
    dns.publishTxt('postlark._domainkey.platform.example', platformKey.record);
    dns.publishTxt('_dmarc.acme-two.example', 'v=DMARC1; p=reject');
    dns.publishTxt('acme-two.example', 'v=spf1 ip4:127.0.0.1 -all');

    const raw = await sign(message('ada@acme-two.example'), 'platform.example', 'postlark', platformKey.privateKey);
    const verdict = await verifyMessage(raw, { servers: dns.servers, ip: '192.0.2.77', mailFrom: 'ada@acme-two.example' });

    expect(verdict, verdict.authenticationResults).toMatchObject({
      from: 'ada@acme-two.example',
      // The signature itself is good; it just speaks for another domain.
      dkim: [{ result: 'pass', domain: 'platform.example', aligned: false }],
      spf: { result: 'fail', domain: 'acme-two.example' },
      dmarc: { result: 'fail', policy: 'reject', domain: 'acme-two.example' },
    });
  });

  it('fails DKIM when the published key is not the one the message was signed with', async () => {
    dns.publishTxt('old._domainkey.moved.example', dkimKey().record);
    const raw = await sign(message('ada@moved.example'), 'moved.example', 'old', dkimKey().privateKey);
    const verdict = await verifyMessage(raw, { servers: dns.servers, ip: '127.0.0.1', mailFrom: 'ada@moved.example' });
    expect(verdict.dkim).toEqual([{ result: 'fail', domain: 'moved.example', aligned: true }]);
    // No DMARC record at all: nothing is asked of receivers.
    expect(verdict.dmarc.result).toBe('none');
  });
});
