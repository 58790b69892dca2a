import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { checkMailFromResolves } from '../src/mail/mail-from-check';
import { dnsLookup } from '../src/modules/senders/dns-resolver';
import { startTestDnsServer } from './support/dns-server';

// Issue 30, point 7: a public site with a relay does not start with a From at a name that does not exist.

const dns = await startTestDnsServer();
afterAll(() => dns.stop());
dns.publishMx('mail.example.com', 'mx.mail.example.com', 10);
dns.publishA('only-a.example.com', '192.0.2.10');
dns.fail('broken.example.com', 'SERVFAIL');

const site = (from: string) => loadConfig({ APP_URL: 'https://mail.example.com', SMTP_URL: 'smtps://relay.example.com', MAIL_FROM: `Postlark <no-reply@${from}>` });

describe('MAIL_FROM at start', () => {
  it('starts when its domain has an MX or an address, refuses one that does not exist, and starts with a warning when DNS does not answer', async () => {
    const lookup = dnsLookup(dns.servers, { timeoutMs: 500, tries: 1 });
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    await expect(checkMailFromResolves(site('mail.example.com'), lookup, warn)).resolves.toBeUndefined();
    await expect(checkMailFromResolves(site('only-a.example.com'), lookup, warn)).resolves.toBeUndefined();
    await expect(checkMailFromResolves(site('nowhere.example.com'), lookup, warn)).rejects.toThrow(/MAIL_FROM: nowhere\.example\.com has no MX or address record/);
    expect(warnings).toEqual([]);
    await expect(checkMailFromResolves(site('broken.example.com'), lookup, warn)).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('MAIL_FROM: could not look up broken.example.com')]);
  });
});
