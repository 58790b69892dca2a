import { FORM_MESSAGES } from '@postlark/shared/forms';
import { QUOTA_MESSAGES } from '@postlark/shared/senders';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';

// Issue 31, finding 11: the API's double opt-in mails one confirmation per address and list a
// day, none to a suppressed address, and each counts in the account's messages of the day.
const MESSAGES_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', CAMPAIGN_MESSAGES_PER_DAY: String(MESSAGES_PER_DAY) });

/** Confirmation emails queued to an address (each enqueue is awaited before the API answers). */
async function confirmationsQueuedTo(email: string): Promise<number> {
  const result = await accounts.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'template' = 'subscription-confirm' and data->>'to' = ${email}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** The account's messages counted today (campaigns, flows and confirmations share them). */
async function messagesCounted(customerId: string): Promise<number> {
  const result = await accounts.database.db.execute(
    sql`select coalesce(sum(amount), 0)::int as n from account_usage where customer_id = ${customerId}::uuid and kind = 'campaign-messages'`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

async function doubleOptInList(key: string): Promise<string> {
  const created = await callWithKey(accounts, key, 'POST', 'lists', { name: `Careful ${Math.random().toString(36).slice(2, 8)}`, double_opt_in: true });
  expect(created.statusCode).toBe(201);
  return created.json().payload.list.id as string;
}

const ASKED = { message: FORM_MESSAGES.thanksConfirm, confirmation_sent: true };

describe('POST /api/v1/lists/{id}/subscribe', () => {
  it('mails one confirmation per address and list a day: a second subscribe the same day sends no second mail', async () => {
    const { key } = await customerWithKey(accounts);
    const listId = await doubleOptInList(key);
    const subscribe = () => callWithKey(accounts, key, 'POST', `lists/${listId}/subscribe`, { email: 'twice@example.com' });

    const first = await subscribe();
    expect(first.statusCode).toBe(202);
    expect(first.json().payload).toEqual(ASKED);
    await accounts.smtp.waitForMessage('twice@example.com');
    const again = await subscribe();
    expect(again.statusCode).toBe(202);
    // Still asked to confirm: the first email's link works.
    expect(again.json().payload).toEqual(ASKED);
    expect(await confirmationsQueuedTo('twice@example.com')).toBe(1);

    // A day later the app may ask again.
    accounts.advance(DAY_MS + 1000);
    expect((await subscribe()).json().payload).toEqual(ASKED);
    expect((await accounts.smtp.waitForMessage('twice@example.com', { after: 1 })).subject).toMatch(/^Confirm your subscription/);
    expect(await confirmationsQueuedTo('twice@example.com')).toBe(2);
  });

  it('sends nothing to an unsubscribed or erased address, answering as for a new one, and adds nobody back', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const listId = await doubleOptInList(key);
    const other = (await callWithKey(accounts, key, 'POST', 'lists', { name: 'Weekly', double_opt_in: false })).json().payload.list.id as string;
    const left = (await callWithKey(accounts, key, 'POST', 'subscribers', { email: 'left@example.com', list_ids: [other] })).json().payload.subscriber;
    expect((await callWithKey(accounts, key, 'PATCH', `subscribers/${left.id}`, { status: 'unsubscribed' })).statusCode).toBe(200);
    const erased = (await callWithKey(accounts, key, 'POST', 'subscribers', { email: 'erased@example.com' })).json().payload.subscriber;
    expect((await callWithKey(accounts, key, 'DELETE', `subscribers/${erased.id}`)).statusCode).toBe(200);

    for (const email of ['left@example.com', 'erased@example.com', 'fresh@example.com']) {
      const answer = await callWithKey(accounts, key, 'POST', `lists/${listId}/subscribe`, { email });
      expect(answer.statusCode, email).toBe(202);
      expect(answer.json().payload, email).toEqual(ASKED);
    }
    await accounts.smtp.waitForMessage('fresh@example.com');
    expect(await confirmationsQueuedTo('left@example.com')).toBe(0);
    expect(await confirmationsQueuedTo('erased@example.com')).toBe(0);
    expect(accounts.smtp.messagesTo('left@example.com')).toEqual([]);

    // The unsubscribed person was not put on the list; the erased one was not made again.
    const stillLeft = (await callWithKey(accounts, key, 'GET', `subscribers/${left.id}`)).json().payload;
    expect(stillLeft).toMatchObject({ status: 'unsubscribed' });
    expect(stillLeft.lists.map((membership: { list_id: string }) => membership.list_id)).not.toContain(listId);
    expect((await callWithKey(accounts, key, 'GET', 'subscribers?q=erased%40example.com')).json().payload.total).toBe(0);
    expect(await messagesCounted(customer.customerId)).toBe(1);
  });

  it("counts each confirmation in the account's messages of the day, and refuses one past them for every address alike", async () => {
    const { customer, key } = await customerWithKey(accounts);
    const listId = await doubleOptInList(key);
    for (let index = 0; index < MESSAGES_PER_DAY; index += 1) {
      expect((await callWithKey(accounts, key, 'POST', `lists/${listId}/subscribe`, { email: `quota${index}@example.com` })).statusCode).toBe(202);
    }
    expect(await messagesCounted(customer.customerId)).toBe(MESSAGES_PER_DAY);

    const unsubscribed = (await callWithKey(accounts, key, 'POST', 'subscribers', { email: 'quiet@example.com', status: 'unsubscribed' })).json().payload.subscriber;
    expect(unsubscribed.status).toBe('unsubscribed');
    for (const email of ['over@example.com', 'quiet@example.com']) {
      const refused = await callWithKey(accounts, key, 'POST', `lists/${listId}/subscribe`, { email });
      expect(refused.statusCode, email).toBe(429);
      expect(refused.json().payload.message, email).toBe(QUOTA_MESSAGES.subscriptionConfirmations(MESSAGES_PER_DAY));
      expect(Number(refused.headers['retry-after']), email).toBeGreaterThan(0);
    }
    expect(await confirmationsQueuedTo('over@example.com')).toBe(0);
    expect((await callWithKey(accounts, key, 'GET', 'subscribers?q=over%40example.com')).json().payload.total).toBe(0);
    expect(await messagesCounted(customer.customerId)).toBe(MESSAGES_PER_DAY);
  });
});
