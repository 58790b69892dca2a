import { SENDER_MESSAGES, SENDER_RULES, type SenderDomain } from '@postlark/shared/senders';
import { afterAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { secretBoxFrom } from '../src/lib/secret-box';
import { dnsLookup } from '../src/modules/senders/dns-resolver';
import { recheckDomains } from '../src/modules/senders/sender-domains.service';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { startTestDnsServer } from './support/dns-server';
import { verifyMessage } from './support/mail-verifier';
import { confirmSender, SENDER_DOMAINS, SENDERS } from './support/senders';

// Issue 30, point 1 and 2: a customer's own domain authenticates. Postlark makes its DKIM key and
// shows the records; a DNS server on loopback publishes exactly what the page shows, and a real
// verifier (mailauth) judges the campaign that arrives, as a receiving mailbox provider would.

const BOUNCE_DOMAIN = 'bounces.lark.example';
const dns = await startTestDnsServer();
afterAll(() => dns.stop());
// The operator's bounce domain has the SPF record that covers the relay (here, this machine).
dns.publishTxt(BOUNCE_DOMAIN, 'v=spf1 ip4:127.0.0.1 -all');
const accounts = useAccountsApp({ DNS_SERVERS: dns.servers.join(','), BOUNCE_DOMAIN });
const { call } = accounts;
let domains = 0;
const freshDomain = () => `acme${(domains += 1)}-${process.pid}.example`;

const recordOf = (domain: SenderDomain, purpose: string) => domain.records.find((record) => record.purpose === purpose)!;
const check = async (cookie: string, id: string) => (await call('POST', `${SENDER_DOMAINS}/${id}/check`, cookie)).json().payload as { domain: SenderDomain; message: string };

/** Publishes a domain's records as the Senders page shows them. */
function publish(domain: SenderDomain, purposes = ['dkim', 'return-path']) {
  for (const record of domain.records.filter((entry) => purposes.includes(entry.purpose))) {
    if (record.type === 'TXT') dns.publishTxt(record.name, record.value);
    else dns.publishCname(record.name, record.value);
  }
}

describe('sending domains', () => {
  it('shows the DKIM, return-path and DMARC records to publish, and finds each as it is published', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const name = freshDomain();
    const added = await call('POST', SENDER_DOMAINS, cookie, { domain: ` ${name.toUpperCase()} ` });
    expect(added.statusCode).toBe(201);
    const domain = added.json().payload.domain as SenderDomain;
    expect(domain).toMatchObject({ domain: name, status: 'pending', authenticated_at: null });
    const dkim = recordOf(domain, 'dkim');
    expect(dkim).toMatchObject({ type: 'TXT', state: 'unchecked', required: true });
    expect(dkim.name).toMatch(new RegExp(`^pl[0-9a-f]{10}\\._domainkey\\.${name.replaceAll('.', '\\.')}$`));
    // A 2048-bit RSA key: its SubjectPublicKeyInfo is 294 bytes, 392 characters of base64.
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{392}$/);
    expect(recordOf(domain, 'return-path')).toMatchObject({ type: 'CNAME', name: `${SENDER_RULES.returnPathLabel}.${name}`, value: BOUNCE_DOMAIN, required: false });
    expect(recordOf(domain, 'dmarc')).toMatchObject({ type: 'TXT', name: `_dmarc.${name}`, value: SENDER_RULES.suggestedDmarc, required: false });
    // The branded link domain points at the app's own host (localhost in these tests).
    expect(recordOf(domain, 'links')).toMatchObject({ type: 'CNAME', name: `${SENDER_RULES.linksLabel}.${name}`, value: 'localhost', required: false });
    // The private key is sealed at rest: nothing in the row reads as a PEM key.
    const [row] = await rawQuery<{ dkim_private_key: string }>(accounts.database.db, 'select dkim_private_key from sender_domains where id = $1', [domain.id]);
    expect(String(row!.dkim_private_key)).toMatch(/^v1\./);
    expect(added.body).not.toContain('PRIVATE KEY');

    const absent = await check(cookie, domain.id);
    expect(absent.message).toBe(SENDER_MESSAGES.dnsNoRecord(dkim.name));
    expect(absent.domain.records.map((record) => record.state)).toEqual(['missing', 'missing', 'missing', 'missing']);

    dns.publishTxt(dkim.name, 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA');
    expect((await check(cookie, domain.id)).message).toBe(SENDER_MESSAGES.dnsWrongValue(dkim.name));
    dns.remove(dkim.name);

    publish(domain);
    dns.publishTxt(`_dmarc.${name}`, 'v=DMARC1; p=reject; rua=mailto:dmarc@example.net');
    const found = await check(cookie, domain.id);
    expect(found.message).toBe(SENDER_MESSAGES.domainAuthenticated(name));
    expect(found.domain.status).toBe('authenticated');
    expect(found.domain.records.map((record) => [record.purpose, record.state])).toEqual([
      ['dkim', 'found'],
      ['return-path', 'found'],
      ['dmarc', 'found'],
      ['links', 'missing'],
    ]);
    // The DMARC record shown is the domain's own once it has one.
    expect(recordOf(found.domain, 'dmarc').value).toBe('v=DMARC1; p=reject; rua=mailto:dmarc@example.net');
  });

  it('signs a campaign From the domain with its own key, so DKIM, SPF and DMARC pass at the receiver', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const name = freshDomain();
    const domain = (await call('POST', SENDER_DOMAINS, customer.cookie, { domain: name })).json().payload.domain as SenderDomain;
    dns.publishTxt(`_dmarc.${name}`, 'v=DMARC1; p=reject');
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: `hello@${name}` }))).json().payload.campaign;

    // Not yet authenticated: refused, naming what to do.
    const refused = await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.errors).toEqual({ from_email: SENDER_MESSAGES.fromNotAuthenticated(`hello@${name}`) });

    publish(domain);
    expect((await check(customer.cookie, domain.id)).domain.status).toBe('authenticated');
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    const message = await accounts.smtp.waitForMessage(ada);
    expect(message.from).toBe(`"Lark Letters" <hello@${name}>`);
    // The envelope sender is under the domain's return-path subdomain: SPF is checked there.
    // A VERP address naming the delivery, under the domain's own return-path subdomain (SPF aligns).
    expect(message.envelope.from).toMatch(new RegExp(`^b-[0-9a-z]+-[0-9a-f]{20}@${SENDER_RULES.returnPathLabel}\\.${name.replaceAll('.', '\\.')}$`));
    const verdict = await verifyMessage(message.raw, { servers: dns.servers, ip: '127.0.0.1', mailFrom: message.envelope.from });
    expect(verdict.dkim[0]).toEqual({ result: 'pass', domain: name, aligned: true });
    // The platform's own signature follows (its key is not published here, so it does not pass; DMARC needs one aligned pass).
    expect(verdict.dkim[1]?.domain).toBe('lark.example');
    expect(verdict.spf).toEqual({ result: 'pass', domain: `${SENDER_RULES.returnPathLabel}.${name}` });
    expect(verdict.dmarc).toMatchObject({ result: 'pass', domain: name });
  });

  it('puts tracking and unsubscribe links on the customer’s branded link domain once its CNAME is found', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const name = freshDomain();
    const domain = (await call('POST', SENDER_DOMAINS, customer.cookie, { domain: name })).json().payload.domain as SenderDomain;
    publish(domain, ['dkim', 'links']);
    expect(recordOf((await check(customer.cookie, domain.id)).domain, 'links').state).toBe('found');
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: `hello@${name}`, content_html: '<p>Read <a href="https://shop.example/new">what is new</a>.</p>' }))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    const message = await accounts.smtp.waitForMessage(ada);
    const branded = `http://${SENDER_RULES.linksLabel}.${name}/`;
    expect(message.html).toContain(`href="${branded}`);
    expect(message.html).not.toContain(accounts.config.APP_URL);
    expect(message.text).toContain(branded);
    // The header is folded after its name: its first address is the branded one-click link.
    expect(message.raw.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${branded}`);
    // Still signed by the domain, the rewritten links included.
    const verdict = await verifyMessage(message.raw, { servers: dns.servers, ip: '127.0.0.1', mailFrom: message.envelope.from });
    expect(verdict.dkim[0]).toMatchObject({ result: 'pass', domain: name });
  });

  it('sends a free-mail address From the platform’s domain in the customer’s name, with replies to them', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const freeMail = `ada.${process.pid}+news@gmail.com`;
    await confirmSender(accounts, customer.cookie, freeMail);
    const overview = (await call('GET', SENDERS, customer.cookie)).json().payload;
    const sentAs = `ada.${process.pid}-news.gmail.com@send.lark.example`;
    expect(overview.from_addresses).toContainEqual({ email: freeMail, treatment: 'via-platform', sent_as: sentAs });
    // gmail.com can never be one of the customer's domains.
    const refusedDomain = await call('POST', SENDER_DOMAINS, customer.cookie, { domain: 'gmail.com' });
    expect(refusedDomain.statusCode).toBe(400);
    expect(refusedDomain.json().payload.message).toBe(SENDER_MESSAGES.domainFreeMail('gmail.com'));

    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: freeMail, reply_to: '' }))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    const message = await accounts.smtp.waitForMessage(ada);
    expect(message.from).toBe(`"Lark Letters" <${sentAs}>`);
    expect(message.headers.get('reply-to')).toMatchObject({ text: freeMail });
    expect(message.envelope.from).toMatch(new RegExp(`^b-[0-9a-z]+-[0-9a-f]{20}@${BOUNCE_DOMAIN.replaceAll('.', '\\.')}$`));
  });

  it('refuses an address at a domain that is neither authenticated nor free mail, even when confirmed', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const own = `news@plain-${process.pid}.example`;
    await confirmSender(accounts, customer.cookie, own);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: own }))).json().payload.campaign;
    const refused = await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.message).toBe(SENDER_MESSAGES.fromNotAuthenticated(own));
    // The Senders page does not offer it as a From.
    expect((await call('GET', SENDERS, customer.cookie)).json().payload.from_addresses.map((entry: { email: string }) => entry.email)).not.toContain(own);
  });

  it('re-checks domains daily: one whose DKIM record is gone stops sending, and its customer is told', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const name = freshDomain();
    const domain = (await call('POST', SENDER_DOMAINS, customer.cookie, { domain: name })).json().payload.domain as SenderDomain;
    publish(domain);
    expect((await check(customer.cookie, domain.id)).domain.status).toBe('authenticated');
    const deps = {
      db: accounts.database.db,
      now: accounts.now,
      dns: dnsLookup(dns.servers),
      secrets: secretBoxFrom(accounts.config),
      bounceDomain: BOUNCE_DOMAIN,
      delegatedKeysDomain: null,
      mail: accounts.mail,
      appUrl: accounts.config.APP_URL,
    };
    // Checked moments ago: not due.
    await recheckDomains(deps);
    expect((await call('GET', `${SENDER_DOMAINS}/${domain.id}`, customer.cookie)).json().payload.domain.status).toBe('authenticated');

    dns.remove(recordOf(domain, 'dkim').name);
    accounts.advance(SENDER_RULES.recheckHours * 3_600_000 + 1);
    await recheckDomains(deps);
    const lost = (await call('GET', `${SENDER_DOMAINS}/${domain.id}`, customer.cookie)).json().payload.domain as SenderDomain;
    expect(lost).toMatchObject({ status: 'lost', authenticated_at: null, last_problem: SENDER_MESSAGES.dnsNoRecord(recordOf(domain, 'dkim').name) });
    const notes = (await call('GET', 'home/v1/notifications', customer.cookie)).json().payload.notifications;
    expect(notes.map((note: { title: string }) => note.title)).toContain('A sending domain stopped being authenticated');
    // The account's first message was its sign-up link.
    const mail = await accounts.smtp.waitForMessage(customer.email, { after: 1 });
    expect(mail.subject).toBe(`${name} can no longer send your campaigns`);

    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: `hello@${name}` }))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie)).json().payload.message).toBe(SENDER_MESSAGES.fromNotAuthenticated(`hello@${name}`));
  });

  it('answers DNS that fails or does not answer with a state and a message, never a 5xx, and keeps domains their owner’s', async () => {
    const owner = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const name = freshDomain();
    const domain = (await call('POST', SENDER_DOMAINS, owner.cookie, { domain: name })).json().payload.domain as SenderDomain;
    dns.fail(recordOf(domain, 'dkim').name, 'SERVFAIL');
    const failing = await call('POST', `${SENDER_DOMAINS}/${domain.id}/check`, owner.cookie);
    expect(failing.statusCode).toBe(200);
    expect(failing.json().payload.message).toBe(SENDER_MESSAGES.dnsUnreachable(name));
    expect(recordOf(failing.json().payload.domain, 'dkim').state).toBe('unreachable');

    for (const path of [`${SENDER_DOMAINS}/${domain.id}`, `${SENDER_DOMAINS}/${domain.id}/check`, `${SENDER_DOMAINS}/not-an-id`]) {
      const method = path.endsWith('/check') ? 'POST' : 'GET';
      expect((await call(method, path, other.cookie)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `${SENDER_DOMAINS}/${domain.id}`, other.cookie)).statusCode).toBe(404);
    // The other account may add the same domain: its own key, under its own selector.
    const theirs = (await call('POST', SENDER_DOMAINS, other.cookie, { domain: name })).json().payload.domain as SenderDomain;
    expect(recordOf(theirs, 'dkim').name).not.toBe(recordOf(domain, 'dkim').name);
    expect(recordOf(theirs, 'dkim').value).not.toBe(recordOf(domain, 'dkim').value);

    for (const bad of ['localhost', 'exa mple.com', '-bad.example', `${'a'.repeat(300)}.com`, 'example.c0m']) {
      const answer = await call('POST', SENDER_DOMAINS, owner.cookie, { domain: bad });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().payload.errors).toEqual({ domain: SENDER_MESSAGES.domainInvalid });
    }
    expect((await call('DELETE', `${SENDER_DOMAINS}/${domain.id}`, owner.cookie)).json().payload.message).toBe(SENDER_MESSAGES.domainDeleted);
  });
});
