import type { SenderDomain } from '@postlark/shared/senders';
import { afterAll, describe, expect, it } from 'vitest';
import { delegatedZoneLine } from '../src/modules/senders/domain-records';
import { publicKeys } from '../src/modules/senders/senders.repository';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { startTestDnsServer } from './support/dns-server';
import { verifyMessage } from './support/mail-verifier';
import { SENDER_DOMAINS } from './support/senders';

// Issue 30, point 1: with DKIM_DELEGATION the customer publishes a CNAME once, to a key the
// platform serves under its own domain (lark.example here), and the receiver finds the key
// through it. The platform's zone holds what `npm run dkim-zone` prints.

const dns = await startTestDnsServer();
afterAll(() => dns.stop());
const accounts = useAccountsApp({ DNS_SERVERS: dns.servers.join(','), DKIM_DELEGATION: 'true' });
const { call } = accounts;

/** What `npm run dkim-zone` prints for the platform's zone, published in the test's DNS. */
async function publishPlatformZone() {
  for (const key of await publicKeys(accounts.database.db)) {
    const line = delegatedZoneLine(key.selector, key.publicKey, 'lark.example');
    const [name] = line.split(' ');
    // The zone line's quoted character-strings, joined: the TXT value the test server splits again.
    const value = [...line.matchAll(/"([^"]*)"/g)].map((match) => match[1]).join('');
    dns.publishTxt(name!.replace(/\.$/, ''), value);
  }
}

describe('DKIM by delegation', () => {
  it('asks for a CNAME to the platform’s key, finds the key through it, and the receiver does too', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const name = `delegated-${process.pid}.example`;
    const domain = (await call('POST', SENDER_DOMAINS, customer.cookie, { domain: name })).json().payload.domain as SenderDomain;
    const dkim = domain.records.find((record) => record.purpose === 'dkim')!;
    expect(dkim).toMatchObject({ type: 'CNAME', required: true });
    const selector = dkim.name.split('.')[0]!;
    expect(dkim.value).toBe(`${selector}._domainkey.lark.example`);

    dns.publishCname(dkim.name, dkim.value);
    dns.publishTxt(`_dmarc.${name}`, 'v=DMARC1; p=reject');
    // The CNAME alone finds no key until the platform's zone serves it.
    const before = (await call('POST', `${SENDER_DOMAINS}/${domain.id}/check`, customer.cookie)).json().payload.domain as SenderDomain;
    expect(before.records.find((record) => record.purpose === 'dkim')!.state).toBe('missing');
    await publishPlatformZone();
    const after = (await call('POST', `${SENDER_DOMAINS}/${domain.id}/check`, customer.cookie)).json().payload.domain as SenderDomain;
    expect(after.status).toBe('authenticated');

    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: `news@${name}` }))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    const message = await accounts.smtp.waitForMessage(ada);
    const verdict = await verifyMessage(message.raw, { servers: dns.servers, ip: '127.0.0.1', mailFrom: message.envelope.from });
    expect(verdict.dkim[0]).toEqual({ result: 'pass', domain: name, aligned: true });
    expect(verdict.dmarc).toMatchObject({ result: 'pass', domain: name });
  });
});
