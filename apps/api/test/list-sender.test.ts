import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor, callWithKey } from './support/api-keys';
import { confirmSender } from './support/senders';

// Issue 38, point 6: a reader's double opt-in confirmation comes from the customer (the list's
// sender, sent as campaigns are), not from the platform about an account the reader does not have.
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const LISTS = 'audience/v1/lists';

async function listWithSender(cookie: string, body: object): Promise<string> {
  const created = await accounts.call('POST', LISTS, cookie, { name: `News ${Math.random().toString(36).slice(2, 8)}`, double_opt_in: true, ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().payload.list.id as string;
}

describe('a list confirmation', () => {
  it('comes From the list’s sender, a free-mail one rewritten onto the platform’s domain with the reader’s replies going to it, and says why the reader gets it', async () => {
    const customer = await accounts.signedInCustomer();
    await confirmSender(accounts, customer.cookie, 'ada.letters@gmail.com');
    const listId = await listWithSender(customer.cookie, { from_name: 'Ada’s Letters', from_email: 'ada.letters@gmail.com' });
    const key = await apiKeyFor(accounts, customer.cookie);
    expect((await callWithKey(accounts, key, 'POST', `lists/${listId}/subscribe`, { email: 'reader@example.net' })).statusCode).toBe(202);

    const mail = await accounts.smtp.waitForMessage('reader@example.net');
    expect(mail.subject).toMatch(/^Confirm your subscription to News /);
    expect(mail.from).toMatch(/^"?Ada’s Letters"? <ada\.letters\.gmail\.com@send\./);
    expect(mail.headers.get('reply-to')).toMatchObject({ text: 'ada.letters@gmail.com' });
    expect(mail.text).toContain('because this address was entered to sign up to News');
    expect(mail.text).not.toContain('Postlark account');
    expect(mail.html).not.toContain('>Postlark<');
  });

  it('without a sender, or From one that cannot send, goes in the customer’s name on the platform’s address', async () => {
    const customer = await accounts.signedInCustomer();
    const profile = (await accounts.call('GET', `home/v1/user/${customer.customerId}`, customer.cookie)).json().payload.additional_info;
    const name = `${profile.first_name} ${profile.last_name}`.trim();
    expect(name).not.toBe('');
    // The account's own address (at a domain nobody authenticated) is the customer's, but no campaign could be From it.
    for (const body of [{}, { from_email: customer.email }]) {
      const listId = await listWithSender(customer.cookie, body);
      const key = await apiKeyFor(accounts, customer.cookie);
      const reader = `reader-${Math.random().toString(36).slice(2, 8)}@example.net`;
      expect((await callWithKey(accounts, key, 'POST', `lists/${listId}/subscribe`, { email: reader })).statusCode).toBe(202);
      const mail = await accounts.smtp.waitForMessage(reader);
      expect(mail.from.startsWith(`${name} <`) || mail.from.startsWith(`"${name}" <`), mail.from).toBe(true);
      expect(mail.text).not.toContain('Postlark account');
    }
  });

  it('refuses a sender that is not the customer’s own', async () => {
    const customer = await accounts.signedInCustomer();
    const created = await accounts.call('POST', LISTS, customer.cookie, { name: 'Stolen name', from_email: 'ceo@bank.example' });
    expect(created.statusCode).toBe(400);
    expect(created.json().payload.errors.from_email).toBe(AUDIENCE_MESSAGES.listFromNotYours);
    const listId = await listWithSender(customer.cookie, {});
    const changed = await accounts.call('PATCH', `${LISTS}/${listId}`, customer.cookie, { from_email: 'ceo@bank.example' });
    expect(changed.statusCode).toBe(400);
    expect((await accounts.call('GET', `${LISTS}/${listId}`, customer.cookie)).json().payload.from_email).toBe('');
  });
});
