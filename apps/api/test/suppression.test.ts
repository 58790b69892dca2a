import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { suppressionHash } from '../src/modules/audience/subscribers.service';
import { suppress } from '../src/modules/audience/subscribers.repository';
import { linkTokens, preferenceToken } from '../src/modules/preferences/link-tokens';
import { getOrCreateSecret } from '../src/modules/secrets/secrets.repository';
import { signWebhook } from '../src/modules/webhooks/webhook-signature';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine, sentCampaign } from './support/campaigns';

// Issue 18, finding 9: every unsubscribe, bounce and complaint puts the address on the suppression
// list (not only erasure), so renaming the subscriber and adding the old address again is refused;
// and the sender checks the list again for each batch.

const SECRET = 'whsec-test-0123456789abcdef';
const accounts = useAccountsApp({ BOUNCE_WEBHOOK_SECRET: SECRET }, { rejectRecipient: (address) => address.startsWith('nameless') });
const { call } = accounts;
const SUBSCRIBERS = 'audience/v1/subscribers';

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;
let addresses = 0;
let deliveries = 0;

async function personOnList() {
  const customer = await accounts.signedInCustomer();
  const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'News', double_opt_in: false })).json().payload.list.id as string;
  addresses += 1;
  const email = `complainer${addresses}@example.com`;
  const created = await call('POST', SUBSCRIBERS, customer.cookie, { email, list_ids: [list] });
  expect(created.statusCode).toBe(201);
  const id = created.json().payload.subscriber.id as string;
  const token = preferenceToken(linkTokens(await getOrCreateSecret(accounts.database.db, 'subscriber-links')), id);
  return { customer, list, email, id, token };
}

async function statusOf(customer: Customer, id: string): Promise<string> {
  return (await call('GET', `${SUBSCRIBERS}/${id}`, customer.cookie)).json().payload.status;
}

/** Renames the subscriber, then tries to add their old address as someone new. */
async function renameAndReAdd(customer: Customer, id: string, email: string) {
  const renamed = await call('PATCH', `${SUBSCRIBERS}/${id}`, customer.cookie, { email: `renamed.${email}` });
  expect(renamed.statusCode, renamed.body).toBe(200);
  return call('POST', SUBSCRIBERS, customer.cookie, { email });
}

function webhook(email: string, type: 'hard' | 'soft' | 'complaint') {
  deliveries += 1;
  const body = JSON.stringify({ id: `evt-suppression-${deliveries}`, type, email });
  return accounts.app.inject({
    method: 'POST',
    url: '/api/webhooks/bounces',
    headers: { 'content-type': 'application/json', 'x-postlark-signature': signWebhook(SECRET, body, accounts.now()) },
    payload: body,
  });
}

const unsubscribes: [string, (person: Awaited<ReturnType<typeof personOnList>>) => Promise<unknown>][] = [
  ['the customer setting the status', (person) => call('PATCH', `${SUBSCRIBERS}/${person.id}`, person.customer.cookie, { status: 'unsubscribed' })],
  ['a bulk unsubscribe', (person) => call('POST', `${SUBSCRIBERS}/bulk`, person.customer.cookie, { action: 'unsubscribe', ids: [person.id] })],
  ['the preference centre', (person) => call('POST', `public/v1/preferences/${person.token}/unsubscribe`)],
  [
    'a one-click unsubscribe',
    (person) =>
      accounts.app.inject({ method: 'POST', url: `/u/${person.token}/one-click`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }),
  ],
];

describe('suppression on every unsubscribe, bounce and complaint', () => {
  it.each(unsubscribes)('after %s, the old address of a renamed subscriber cannot be added again', async (_name, unsubscribe) => {
    const person = await personOnList();
    await unsubscribe(person);
    expect(await statusOf(person.customer, person.id)).toBe('unsubscribed');
    const again = await renameAndReAdd(person.customer, person.id, person.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.suppressed });
  });

  it('adding someone as already unsubscribed suppresses their address too', async () => {
    const customer = await accounts.signedInCustomer();
    const left = (await call('POST', SUBSCRIBERS, customer.cookie, { email: 'left.before@example.com', status: 'unsubscribed' })).json().payload.subscriber;
    expect((await renameAndReAdd(customer, left.id, 'left.before@example.com')).statusCode).toBe(409);
  });

  it.each(['hard', 'complaint'] as const)('after a %s from the webhook, the old address cannot be added again', async (type) => {
    const person = await personOnList();
    expect((await webhook(person.email, type)).statusCode).toBe(200);
    expect(await statusOf(person.customer, person.id)).toBe(type === 'hard' ? 'bounced' : 'complained');
    const again = await renameAndReAdd(person.customer, person.id, person.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.suppressed });
  });

  it('after the relay refuses an address while sending, the old address cannot be added again', async () => {
    const audience = await sentCampaign(accounts);
    expect(await statusOf(audience.customer, audience.ids[audience.nameless]!)).toBe('bounced');
    const again = await renameAndReAdd(audience.customer, audience.ids[audience.nameless]!, audience.nameless);
    expect(again.statusCode).toBe(409);
  });

  it("the person's own re-subscribe in the preference centre lifts their unsubscribe, and only that", async () => {
    const person = await personOnList();
    await call('POST', `public/v1/preferences/${person.token}/unsubscribe`);
    const back = await call('PUT', `public/v1/preferences/${person.token}`, undefined, { list_ids: [person.list] });
    expect(back.statusCode).toBe(200);
    expect(await statusOf(person.customer, person.id)).toBe('active');
    // Back and renamed, their old address is free again: nothing of theirs stays suppressed.
    expect((await renameAndReAdd(person.customer, person.id, person.email)).statusCode).toBe(201);
  });
});

describe('suppression at send time', () => {
  it('skips a recipient whose address was suppressed after the campaign started, and mails them nothing', async () => {
    const { customer, list, ada, ids } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie);
    // Started, not yet sent: Ada's address goes on the suppression list (her row stays active).
    await suppress(accounts.database.db, { customerId: customer.customerId, emailHash: suppressionHash(ada), reason: 'complained', createdAt: accounts.now() });
    const sender = await engine(accounts);
    try {
      expect(await sender.run()).toBe(2);
    } finally {
      await sender.close();
    }
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(0);
    expect(await statusOf(customer, ids[ada]!)).toBe('active');
    const rows = await rawQuery<{ email: string; status: string }>(accounts.database.db, 'select email, status from campaign_messages where campaign_id = $1::uuid', [campaign.id]);
    expect(rows.find((row) => row.email === ada)?.status).toBe('skipped');
    const done = (await call('GET', `${CAMPAIGNS}/${campaign.id}`, customer.cookie)).json().payload.campaign;
    expect(done.status).toBe('sent');
    expect(done.messages).toMatchObject({ skipped: 1, failed: 1 });
  });
});
