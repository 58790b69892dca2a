import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { confirmationToken, confirmSender, SENDERS } from './support/senders';

// Issue 18, finding 4: sender identities. A From address is the customer's once the link mailed
// to it was opened.

// Sending domains have their own tests (sending-domains.test.ts), against a DNS server on loopback.
const accounts = useAccountsApp();
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
