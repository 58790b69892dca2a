import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCname, checkTxt, dnsLookup, lookUp } from '../src/modules/senders/dns-resolver';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server';

// The product's resolver against a real DNS server on loopback: what a sending-domain check sees.

let server: TestDnsServer;
beforeAll(async () => {
  server = await startTestDnsServer();
});
afterAll(() => server.stop());

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: { code?: string }) => error.code);

describe('dnsLookup against DNS_SERVERS', () => {
  it('reads TXT, CNAME, MX, A and AAAA records as published', async () => {
    const dns = dnsLookup(server.servers);
    server.publishTxt('acme.example', 'v=spf1 include:spf.platform.example -all');
    server.publishTxt('acme.example', 'postlark-verification=abc');
    server.publishCname('pl-bounces.acme.example', 'bounces.platform.example');
    server.publishMx('bounces.platform.example', 'mx.platform.example', 10);
    server.publishA('mx.platform.example', '192.0.2.10');
    server.publishAaaa('mx.platform.example', '2001:db8::10');

    expect((await dns.txt('acme.example')).map((strings) => strings.join('')).sort()).toEqual(['postlark-verification=abc', 'v=spf1 include:spf.platform.example -all']);
    expect(await dns.cname('pl-bounces.acme.example')).toEqual(['bounces.platform.example']);
    expect(await dns.mx('bounces.platform.example')).toEqual([{ exchange: 'mx.platform.example', priority: 10 }]);
    // Through the CNAME, as a receiver checking the return path's MX sees it.
    expect(await dns.mx('pl-bounces.acme.example')).toEqual([{ exchange: 'mx.platform.example', priority: 10 }]);
    expect(await dns.a('mx.platform.example')).toEqual(['192.0.2.10']);
    expect(await dns.aaaa('mx.platform.example')).toEqual(['2001:db8::10']);
    expect(await checkCname(dns, 'pl-bounces.acme.example', 'bounces.platform.example')).toEqual({ found: 'match' });
  });

  it('follows a delegated DKIM key by CNAME and reads a 4096-bit key longer than a UDP answer', async () => {
    const dns = dnsLookup(server.servers);
    const key = `v=DKIM1; k=rsa; p=${'M'.repeat(736)}`;
    server.publishTxt('s1._domainkey.platform.example', key);
    server.publishCname('s1._domainkey.shop.example', 's1._domainkey.platform.example');

    const [strings] = await dns.txt('s1._domainkey.shop.example');
    expect(strings?.map((part) => part.length)).toEqual([255, 255, 244]);
    expect(strings?.join('')).toBe(key);
    expect(await checkTxt(dns, 's1._domainkey.shop.example', key)).toEqual({ found: 'match' });
  });

  it('tells a name that does not exist, a name without the record, and a changed value apart', async () => {
    const dns = dnsLookup(server.servers);
    server.publishTxt('_dmarc.news.example', 'v=DMARC1; p=none');

    expect(await codeOf(dns.txt('missing.example'))).toBe('ENOTFOUND');
    expect(await codeOf(dns.txt('news.example'))).toBe('ENODATA');
    expect(await codeOf(dns.cname('_dmarc.news.example'))).toBe('ENODATA');
    expect(await checkTxt(dns, 'sel._domainkey.news.example', 'v=DKIM1; p=X')).toEqual({ found: 'no-record' });
    expect(await checkTxt(dns, '_dmarc.news.example', (value) => value.startsWith('v=DMARC1'))).toEqual({ found: 'match' });
    expect(await checkTxt(dns, '_dmarc.news.example', 'v=DMARC1; p=reject')).toEqual({ found: 'other-values', values: ['v=DMARC1; p=none'] });

    server.remove('_dmarc.news.example', 'TXT');
    expect(await checkTxt(dns, '_dmarc.news.example', 'v=DMARC1; p=none')).toEqual({ found: 'no-record' });
  });

  it('calls failing, refusing, silent and absent servers unreachable, never a missing record', async () => {
    const dns = dnsLookup(server.servers, { timeoutMs: 200, tries: 1 });
    server.publishTxt('flaky.example', 'v=spf1 -all');
    server.fail('flaky.example', 'SERVFAIL');
    server.fail('closed.example', 'REFUSED');
    server.fail('silent.example', 'timeout');
    // A DKIM key delegated to a name whose servers fail fails too.
    server.publishCname('k._domainkey.flaky-delegate.example', 'flaky.example');

    expect(await lookUp(() => dns.txt('flaky.example'))).toEqual({ found: 'unreachable', code: 'ESERVFAIL' });
    expect(await lookUp(() => dns.txt('k._domainkey.flaky-delegate.example'))).toEqual({ found: 'unreachable', code: 'ESERVFAIL' });
    expect(await lookUp(() => dns.txt('closed.example'))).toEqual({ found: 'unreachable', code: 'EREFUSED' });
    expect(await lookUp(() => dns.txt('silent.example'))).toEqual({ found: 'unreachable', code: 'ETIMEOUT' });
    expect(await checkTxt(dns, 'silent.example', 'v=spf1 -all')).toEqual({ found: 'unreachable' });

    server.remove('flaky.example');
    expect(await lookUp(() => dns.txt('flaky.example'))).toEqual({ found: 'no-record' });

    const stopped = await startTestDnsServer();
    await stopped.stop();
    expect(await lookUp(() => dnsLookup(stopped.servers, { timeoutMs: 200, tries: 1 }).txt('acme.example'))).toEqual({ found: 'unreachable', code: 'ECONNREFUSED' });
    expect(await lookUp(() => dnsLookup(['no-such-resolver.invalid:53']).txt('acme.example'))).toEqual({ found: 'unreachable', code: 'ECONNREFUSED' });
  });

  it('finds a DNS server given by host name', async () => {
    const [address] = server.servers;
    const port = address?.split(':')[1];
    server.publishTxt('named.example', 'hello');
    expect(await dnsLookup([`localhost:${port}`]).txt('named.example')).toEqual([['hello']]);
  });
});
