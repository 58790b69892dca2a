import { describe, expect, it } from 'vitest';
import { checkCname, checkTxt, lookUp, parseDnsServer } from './dns-resolver';

const failing = (code: string) => () => Promise.reject(Object.assign(new Error(`query ${code}`), { code }));

describe('parseDnsServer', () => {
  it('reads IPv4, [IPv6] and host names with or without a port (53 when left out)', () => {
    expect(parseDnsServer('127.0.0.1:5353')).toEqual({ host: '127.0.0.1', port: 5353 });
    expect(parseDnsServer(' 9.9.9.9 ')).toEqual({ host: '9.9.9.9', port: 53 });
    expect(parseDnsServer('[2001:db8::53]:1053')).toEqual({ host: '2001:db8::53', port: 1053 });
    expect(parseDnsServer('[::1]')).toEqual({ host: '::1', port: 53 });
    expect(parseDnsServer('::1')).toEqual({ host: '::1', port: 53 });
    expect(parseDnsServer('resolver.example.com:53')).toEqual({ host: 'resolver.example.com', port: 53 });
    expect(parseDnsServer('localhost')).toEqual({ host: 'localhost', port: 53 });
  });

  it('refuses what is not a server address', () => {
    const bad = ['', ':53', '127.0.0.1:', '127.0.0.1:0', '127.0.0.1:65536', '127.0.0.1:5e3', '[::1]53', '[::1', '[example.com]:53', '1.2.3.4.5', 'under_score.example', '-dash.example', 'a..b', `${'a'.repeat(64)}.example`, 'host:53:53'];
    for (const entry of bad) expect(parseDnsServer(entry), entry).toBeUndefined();
  });
});

describe('lookUp', () => {
  it('tells records, nothing published and no answer apart', async () => {
    expect(await lookUp(() => Promise.resolve(['a']))).toEqual({ found: 'records', records: ['a'] });
    expect(await lookUp(() => Promise.resolve([]))).toEqual({ found: 'no-record' });
    expect(await lookUp(failing('ENOTFOUND'))).toEqual({ found: 'no-record' });
    expect(await lookUp(failing('ENODATA'))).toEqual({ found: 'no-record' });
    for (const code of ['ETIMEOUT', 'ESERVFAIL', 'EREFUSED', 'ECONNREFUSED']) expect(await lookUp(failing(code))).toEqual({ found: 'unreachable', code });
    expect(await lookUp(() => Promise.reject(new Error('no code')))).toEqual({ found: 'unreachable', code: 'EUNKNOWN' });
  });
});

describe('checkTxt and checkCname', () => {
  it('matches a TXT value split into character-strings, and shows what else is there', async () => {
    const dns = { txt: () => Promise.resolve([['v=spf1 -all'], ['v=DKIM1; k=rsa; ', 'p=MIIB']]) };
    expect(await checkTxt(dns, 'x.example', 'v=DKIM1; k=rsa; p=MIIB')).toEqual({ found: 'match' });
    expect(await checkTxt(dns, 'x.example', (value) => value.startsWith('v=spf1'))).toEqual({ found: 'match' });
    expect(await checkTxt(dns, 'x.example', 'v=DKIM1; k=rsa; p=OTHER')).toEqual({ found: 'other-values', values: ['v=spf1 -all', 'v=DKIM1; k=rsa; p=MIIB'] });
    expect(await checkTxt({ txt: failing('ENOTFOUND') }, 'x.example', 'v')).toEqual({ found: 'no-record' });
    expect(await checkTxt({ txt: failing('ETIMEOUT') }, 'x.example', 'v')).toEqual({ found: 'unreachable' });
  });

  it('matches a CNAME target whatever its case or trailing dot', async () => {
    const dns = { cname: () => Promise.resolve(['Bounces.Platform.example']) };
    expect(await checkCname(dns, 'pl-bounces.acme.example', 'bounces.platform.example.')).toEqual({ found: 'match' });
    expect(await checkCname(dns, 'pl-bounces.acme.example', 'elsewhere.example')).toEqual({ found: 'other-values', values: ['Bounces.Platform.example'] });
    expect(await checkCname({ cname: failing('ENODATA') }, 'pl-bounces.acme.example', 'b.example')).toEqual({ found: 'no-record' });
    expect(await checkCname({ cname: failing('ESERVFAIL') }, 'pl-bounces.acme.example', 'b.example')).toEqual({ found: 'unreachable' });
  });
});
