import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { SEED_LIST_MESSAGES } from '@postlark/shared/seed-lists';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, FROM_EMAIL } from './support/campaigns';
import { confirmSender, SENDERS } from './support/senders';

// Issue 30, point 5: named seed lists of the customer's own addresses, and test sends to them.

const accounts = useAccountsApp();
const { call } = accounts;
const SEED_LISTS = 'campaigns/v1/seed-lists';

let seeds = 0;
/** An address at the operator's domain unique to the call, confirmed as the customer's sender. */
async function confirmedSeed(cookie: string): Promise<string> {
  seeds += 1;
  const email = `seed${seeds}-${process.pid}@lark.example`;
  await confirmSender(accounts, cookie, email);
  return email;
}

describe('seed lists', () => {
  it('are saved with the customer’s own addresses, lower-cased, listed, renamed and deleted', async () => {
    const { customer } = await customerWithAudience(accounts);
    const seed = await confirmedSeed(customer.cookie);
    const created = await call('POST', SEED_LISTS, customer.cookie, { name: ' Inboxes ', emails: [seed.toUpperCase(), customer.email, FROM_EMAIL] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().payload.message).toBe(SEED_LIST_MESSAGES.created('Inboxes'));
    const list = created.json().payload.seed_list;
    expect(list).toMatchObject({ name: 'Inboxes', emails: [seed, customer.email, FROM_EMAIL] });

    expect((await call('POST', SEED_LISTS, customer.cookie, { name: 'inboxes', emails: [seed] })).json().payload.message).toBe(SEED_LIST_MESSAGES.nameTaken);
    expect((await call('POST', SEED_LISTS, customer.cookie, { name: '', emails: [] })).statusCode).toBe(400);

    const renamed = await call('PATCH', `${SEED_LISTS}/${list.id}`, customer.cookie, { name: 'Providers', emails: [seed] });
    expect(renamed.json().payload.seed_list).toMatchObject({ name: 'Providers', emails: [seed] });
    expect((await call('GET', SEED_LISTS, customer.cookie)).json().payload.seed_lists).toMatchObject([{ id: list.id, name: 'Providers', emails: [seed] }]);

    expect((await call('DELETE', `${SEED_LISTS}/${list.id}`, customer.cookie)).json().payload.message).toBe(SEED_LIST_MESSAGES.deleted);
    expect((await call('GET', SEED_LISTS, customer.cookie)).json().payload.seed_lists).toEqual([]);
  });

  it('refuse an address that is not the customer’s own, naming the first one', async () => {
    const { customer, ada } = await customerWithAudience(accounts);
    const pending = `pending-${process.pid}@lark.example`;
    await call('POST', SENDERS, customer.cookie, { email: pending });
    const refused = await call('POST', SEED_LISTS, customer.cookie, { name: 'Mixed', emails: [customer.email, ada, pending] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload).toMatchObject({ message: SENDER_MESSAGES.testRecipientNotConfirmed(ada), errors: { emails: SENDER_MESSAGES.testRecipientNotConfirmed(ada) } });
    expect((await call('GET', SEED_LISTS, customer.cookie)).json().payload.seed_lists).toEqual([]);
  });

  it('are another account’s business: its list is not found, to change, delete or test-send to', async () => {
    const owner = await customerWithAudience(accounts);
    const list = (await call('POST', SEED_LISTS, owner.customer.cookie, { name: 'Mine', emails: [owner.customer.email] })).json().payload.seed_list;
    const { customer, list: audience } = await customerWithAudience(accounts);
    expect((await call('GET', SEED_LISTS, customer.cookie)).json().payload.seed_lists).toEqual([]);
    for (const [method, body] of [['PATCH', { name: 'Taken' }], ['DELETE', undefined]] as const) {
      const answer = await call(method, `${SEED_LISTS}/${list.id}`, customer.cookie, body);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().payload.message).toBe(SEED_LIST_MESSAGES.notFound);
    }
    expect((await call('DELETE', `${SEED_LISTS}/not-an-id`, customer.cookie)).statusCode).toBe(404);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(audience))).json().payload.campaign;
    const test = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { seed_list_id: list.id });
    expect(test.statusCode).toBe(404);
    expect(test.json().payload.message).toBe(SEED_LIST_MESSAGES.notFound);
    expect((await call('GET', SEED_LISTS, owner.customer.cookie)).json().payload.seed_lists).toMatchObject([{ id: list.id, name: 'Mine' }]);
  });
});

describe('a test send to a seed list', () => {
  it('reaches each of its addresses and the typed ones once, marked a test', async () => {
    const { customer, list: audience } = await customerWithAudience(accounts);
    const first = await confirmedSeed(customer.cookie);
    const second = await confirmedSeed(customer.cookie);
    const list = (await call('POST', SEED_LISTS, customer.cookie, { name: 'Providers', emails: [first, second] })).json().payload.seed_list;
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(audience))).json().payload.campaign;

    const sent = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { seed_list_id: list.id, recipients: [first, customer.email] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payload.message).toBe(CAMPAIGN_MESSAGES.testSent(3));
    // Each seed's first message was its confirmation link, the account's its sign-up link.
    for (const to of [first, second, customer.email]) {
      const mail = await accounts.smtp.waitForMessage(to, { after: 1 });
      expect(mail.subject.startsWith('[Test] ')).toBe(true);
    }
    expect(accounts.smtp.messagesTo(first)).toHaveLength(2);
  });

  it('checks each address again when sent: one no longer confirmed is refused and nothing goes', async () => {
    const { customer, list: audience } = await customerWithAudience(accounts);
    const kept = await confirmedSeed(customer.cookie);
    const dropped = await confirmedSeed(customer.cookie);
    const list = (await call('POST', SEED_LISTS, customer.cookie, { name: 'Providers', emails: [kept, dropped] })).json().payload.seed_list;
    const senders = (await call('GET', SENDERS, customer.cookie)).json().payload.senders as { id: string; email: string }[];
    await call('DELETE', `${SENDERS}/${senders.find((sender) => sender.email === dropped)!.id}`, customer.cookie);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(audience))).json().payload.campaign;

    const refused = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { seed_list_id: list.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.message).toBe(SENDER_MESSAGES.testRecipientNotConfirmed(dropped));
    expect(accounts.smtp.messagesTo(kept)).toHaveLength(1);
  });

  it('still needs somebody to send to', async () => {
    const { customer, list: audience } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(audience))).json().payload.campaign;
    const refused = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.message).toBe(CAMPAIGN_MESSAGES.testRecipientsRequired);
  });
});
