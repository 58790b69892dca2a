import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { fakeDns } from './support/fake-dns';
import { confirmationToken, confirmSender, SENDER_DOMAINS, SENDERS } from './support/senders';

// Issue 18, finding 4: sender identities. A From address is usable once the link mailed to it
// was opened; a domain once its DNS holds our TXT record (looked up through a fake resolver).

const dns = fakeDns();
const accounts = useAccountsApp({}, {}, { resolveTxt: dns.resolveTxt });
const { call } = accounts;
let addresses = 0;
const freshAddress = (name = 'news') => `${name}${(addresses += 1)}-${process.pid}@sender.example`;

describe('sender identities', () => {
  it('mails a confirmation link to an added address, and it is confirmed only by the link’s call, once', async () => {
    const { cookie, email: accountEmail } = await accounts.signedInCustomer();
    const email = freshAddress();
    const added = await call('POST', SENDERS, cookie, { email: `  ${email.toUpperCase()} ` });
    expect(added.statusCode).toBe(201);
    expect(added.json().payload).toMatchObject({ message: SENDER_MESSAGES.added(email), sender: { email, status: 'pending', link_expired: false } });

    const mail = await accounts.smtp.waitForMessage(email);
    expect(mail.subject).toBe('Confirm this address as a Postlark sender');
    expect(mail.text).toContain(accountEmail);
    expect(mail.text).toContain(`${APP_URL}/confirm-sender?token=`);
    // The token is kept only as its hash.
    const token = await confirmationToken(accounts, email, 0);
    const [stored] = await rawQuery<{ token_hash: string }>(accounts.database.db, 'select token_hash from sender_identities where email = $1', [email]);
    expect(stored?.token_hash).not.toContain(token);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const overview = (await call('GET', SENDERS, cookie)).json().payload;
    expect(overview.account_email).toBe(accountEmail.toLowerCase());
    expect(overview.senders).toMatchObject([{ email, status: 'pending', confirmed_at: null }]);

    const confirmed = await call('POST', `${SENDERS}/confirm`, undefined, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payload).toMatchObject({ message: SENDER_MESSAGES.confirmed(email), email });
    expect((await call('GET', SENDERS, cookie)).json().payload.senders).toMatchObject([{ email, status: 'confirmed' }]);

    const again = await call('POST', `${SENDERS}/confirm`, undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().payload.message).toBe(SENDER_MESSAGES.linkInvalid);
    expect((await call('POST', `${SENDERS}/confirm`, undefined, { token: 'not-a-token' })).json().payload.message).toBe(SENDER_MESSAGES.linkInvalid);
    expect((await call('POST', `${SENDERS}/confirm`, undefined, {})).statusCode).toBe(400);
  });

  it('refuses a bad address, the account’s own, and one added twice; resends a new link that replaces the old one', async () => {
    const { cookie, email: accountEmail } = await accounts.signedInCustomer();
    const bad = await call('POST', SENDERS, cookie, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors).toEqual({ email: SENDER_MESSAGES.emailInvalid });
    expect((await call('POST', SENDERS, cookie, { email: accountEmail })).json().payload).toMatchObject({ message: SENDER_MESSAGES.accountAddress });

    const email = freshAddress();
    const sender = (await call('POST', SENDERS, cookie, { email })).json().payload.sender;
    const twice = await call('POST', SENDERS, cookie, { email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().payload.message).toBe(SENDER_MESSAGES.alreadyAdded);
    const first = await confirmationToken(accounts, email, 0);

    const resent = await call('POST', `${SENDERS}/${sender.id}/resend`, cookie);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().payload.message).toBe(SENDER_MESSAGES.resent(email));
    const second = await confirmationToken(accounts, email, 1);
    expect((await call('POST', `${SENDERS}/confirm`, undefined, { token: first })).statusCode).toBe(400);
    expect((await call('POST', `${SENDERS}/confirm`, undefined, { token: second })).statusCode).toBe(200);
    expect((await call('POST', `${SENDERS}/${sender.id}/resend`, cookie)).json().payload.message).toBe(SENDER_MESSAGES.alreadyConfirmed);
  });

  it('lets a link expire after 72 hours; a new one works', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const email = freshAddress();
    const sender = (await call('POST', SENDERS, cookie, { email })).json().payload.sender;
    const token = await confirmationToken(accounts, email, 0);
    accounts.advance(72 * 3_600_000 + 1_000);
    expect((await call('GET', SENDERS, cookie)).json().payload.senders).toMatchObject([{ email, status: 'pending', link_expired: true }]);
    expect((await call('POST', `${SENDERS}/confirm`, undefined, { token })).json().payload.message).toBe(SENDER_MESSAGES.linkInvalid);
    await call('POST', `${SENDERS}/${sender.id}/resend`, cookie);
    expect((await call('POST', `${SENDERS}/confirm`, undefined, { token: await confirmationToken(accounts, email, 1) })).statusCode).toBe(200);
  });

  it('keeps each customer’s senders their own: another’s ids answer 404, and one’s confirmation is not another’s', async () => {
    const owner = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const email = freshAddress('shared');
    await confirmSender(accounts, owner.cookie, email);
    const id = (await call('GET', SENDERS, owner.cookie)).json().payload.senders[0].id;

    expect((await call('POST', `${SENDERS}/${id}/resend`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${SENDERS}/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${SENDERS}/not-an-id`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', SENDERS, other.cookie)).json().payload.senders).toEqual([]);
    // The same address added by another customer waits for its own confirmation.
    const theirs = await call('POST', SENDERS, other.cookie, { email });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().payload.sender.status).toBe('pending');
    expect((await call('GET', SENDERS)).statusCode).toBe(401);

    expect((await call('DELETE', `${SENDERS}/${id}`, owner.cookie)).json().payload.message).toBe(SENDER_MESSAGES.deleted);
    expect((await call('GET', SENDERS, owner.cookie)).json().payload.senders).toEqual([]);
  });
});

describe('sender domains', () => {
  let domains = 0;
  const freshDomain = () => `mail${(domains += 1)}-${process.pid}.example`;

  it('gives a TXT record to publish under _postlark, and verifies the domain once the record holds its value', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const domain = freshDomain();
    const added = await call('POST', SENDER_DOMAINS, cookie, { domain: ` ${domain.toUpperCase()} ` });
    expect(added.statusCode).toBe(201);
    const created = added.json().payload.domain;
    expect(created).toMatchObject({ domain, status: 'pending', record: { type: 'TXT', name: `_postlark.${domain}` } });
    expect(created.record.value).toMatch(/^postlark-verification=[0-9a-f]{32}$/);
    expect((await call('POST', SENDER_DOMAINS, cookie, { domain })).json().payload.message).toBe(SENDER_MESSAGES.domainExists);

    const absent = await call('POST', `${SENDER_DOMAINS}/${created.id}/verify`, cookie);
    expect(absent.statusCode).toBe(400);
    expect(absent.json().payload.message).toBe(SENDER_MESSAGES.dnsNoRecord(`_postlark.${domain}`));

    dns.publish(`_postlark.${domain}`, 'postlark-verification=0000');
    const wrong = await call('POST', `${SENDER_DOMAINS}/${created.id}/verify`, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.message).toBe(SENDER_MESSAGES.dnsWrongValue(`_postlark.${domain}`));
    expect((await call('GET', SENDER_DOMAINS, cookie)).json().payload.domains).toMatchObject([{ status: 'pending', last_problem: SENDER_MESSAGES.dnsWrongValue(`_postlark.${domain}`) }]);

    dns.publish(`_postlark.${domain}`, created.record.value);
    const verified = await call('POST', `${SENDER_DOMAINS}/${created.id}/verify`, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().payload).toMatchObject({ message: SENDER_MESSAGES.domainVerified(domain), domain: { status: 'verified', last_problem: null } });
    expect((await call('GET', SENDERS, cookie)).json().payload.domains).toMatchObject([{ domain, status: 'verified' }]);
    // Every address at it can send already: none needs adding.
    expect((await call('POST', SENDERS, cookie, { email: `any@${domain}` })).json().payload.message).toBe(SENDER_MESSAGES.coveredByDomain(domain));
  });

  it('answers a domain whose DNS fails or does not answer with a clear 400, never a 5xx', async () => {
    const { cookie } = await accounts.signedInCustomer();
    for (const [code, message] of [
      ['ETIMEOUT', SENDER_MESSAGES.dnsUnreachable],
      ['ESERVFAIL', SENDER_MESSAGES.dnsUnreachable],
      ['ENODATA', (domain: string) => SENDER_MESSAGES.dnsNoRecord(`_postlark.${domain}`)],
    ] as const) {
      const domain = freshDomain();
      const created = (await call('POST', SENDER_DOMAINS, cookie, { domain })).json().payload.domain;
      dns.fail(`_postlark.${domain}`, code);
      const answer = await call('POST', `${SENDER_DOMAINS}/${created.id}/verify`, cookie);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().payload.message).toBe(message(domain));
    }
    for (const bad of ['localhost', 'exa mple.com', '-bad.example', 'a'.repeat(300) + '.com', 'example.c0m']) {
      const answer = await call('POST', SENDER_DOMAINS, cookie, { domain: bad });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().payload.errors).toEqual({ domain: SENDER_MESSAGES.domainInvalid });
    }
  });

  it('keeps each customer’s domains their own: a domain verified by one is not another’s', async () => {
    const owner = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const domain = freshDomain();
    const created = (await call('POST', SENDER_DOMAINS, owner.cookie, { domain })).json().payload.domain;
    dns.publish(created.record.name, created.record.value);
    expect((await call('POST', `${SENDER_DOMAINS}/${created.id}/verify`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${SENDER_DOMAINS}/${created.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `${SENDER_DOMAINS}/${created.id}/verify`, owner.cookie)).statusCode).toBe(200);

    // The other customer's own entry for the domain has its own value, unpublished: not verified.
    const theirs = (await call('POST', SENDER_DOMAINS, other.cookie, { domain })).json().payload.domain;
    expect(theirs.record.value).not.toBe(created.record.value);
    expect((await call('POST', `${SENDER_DOMAINS}/${theirs.id}/verify`, other.cookie)).json().payload.message).toBe(SENDER_MESSAGES.dnsWrongValue(created.record.name));
    expect((await call('POST', SENDERS, other.cookie, { email: `news@${domain}` })).statusCode).toBe(201);

    expect((await call('DELETE', `${SENDER_DOMAINS}/${created.id}`, owner.cookie)).json().payload.message).toBe(SENDER_MESSAGES.domainDeleted);
    expect((await call('GET', SENDER_DOMAINS, owner.cookie)).json().payload.domains).toEqual([]);
  });
});
