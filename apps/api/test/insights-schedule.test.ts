import { INSIGHT_MESSAGES, type PurchaseInsights } from '@postlark/shared/insights';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { HttpError } from '../src/http/errors';
import { requestRefresh, runRefresh } from '../src/modules/insights/insights.service';
import { queueDueRefreshes } from '../src/modules/insights/refresh-schedule';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { recordingInsightsDeps } from './support/insights';

// The schedule's pass is called directly, on the app's clock, with a queue that only records:
// what it decides is what is stored in insight_refreshes.
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

const MINUTE = 60_000;
const { deps, queued } = recordingInsightsDeps(accounts);

async function refreshesOf(customerId: string) {
  const result = await accounts.database.db.execute(sql`
    select id::text as id, trigger, status, error from insight_refreshes where customer_id = ${customerId}::uuid order by requested_at`);
  return rowsOf<{ id: string; trigger: string; status: string; error: string | null }>(result);
}

async function placeOrder(key: string, orderId: string) {
  const response = await callWithKey(accounts, key, 'POST', 'events', {
    events: [{ name: 'order_placed', email: 'ann@shop.example', id: orderId, occurred_at: accounts.now().toISOString(), value: 20, currency: 'EUR', properties: { order_id: orderId } }],
  });
  expect(response.json().payload).toMatchObject({ accepted: 1, rejected: [] });
  // A refresh counts the orders strictly before its time.
  accounts.advance(MINUTE);
}

describe('the insights schedule', () => {
  it('refreshes an account first and nightly, after new orders at most hourly, and frees one whose refresh was abandoned', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const { customerId } = customer;
    const idle = (await customerWithKey(accounts)).customer;
    await placeOrder(key, 'o1');

    // An account with orders and no refresh yet is due at once; one without orders never.
    await queueDueRefreshes(deps);
    const [first] = await refreshesOf(customerId);
    expect(first).toMatchObject({ trigger: 'nightly', status: 'queued' });
    expect(queued).toEqual([first!.id]);
    expect(await refreshesOf(idle.customerId)).toEqual([]);
    // Pending already: nothing more.
    await queueDueRefreshes(deps);
    expect(await refreshesOf(customerId)).toHaveLength(1);

    await runRefresh(deps, first!.id);
    const ann = rowsOf<{ id: string }>(await accounts.database.db.execute(sql`select id::text as id from subscribers where email = 'ann@shop.example'`))[0]!;
    const detail = await callWithKey(accounts, key, 'GET', `subscribers/${ann.id}`);
    expect((detail.json().payload.insights.purchases as PurchaseInsights).orders).toBe(1);

    // A new order ten minutes later: not before an hour has passed since the last refresh.
    accounts.advance(10 * MINUTE);
    await placeOrder(key, 'o2');
    accounts.advance(39 * MINUTE);
    await queueDueRefreshes(deps);
    expect(await refreshesOf(customerId)).toHaveLength(1);
    accounts.advance(11 * MINUTE);
    await queueDueRefreshes(deps);
    const afterOrders = await refreshesOf(customerId);
    expect(afterOrders.map((row) => [row.trigger, row.status])).toEqual([
      ['nightly', 'done'],
      ['orders', 'queued'],
    ]);
    await runRefresh(deps, afterOrders[1]!.id);
    expect(((await callWithKey(accounts, key, 'GET', `subscribers/${ann.id}`)).json().payload.insights.purchases as PurchaseInsights).orders).toBe(2);

    // No new orders: nothing until the night (02:00 UTC) has passed.
    accounts.advance(12 * 60 * MINUTE); // 2026-11-24T23:02Z
    await queueDueRefreshes(deps);
    expect(await refreshesOf(customerId)).toHaveLength(2);
    accounts.advance(3 * 60 * MINUTE); // 2026-11-25T02:02Z
    await queueDueRefreshes(deps);
    const nightly = (await refreshesOf(customerId))[2]!;
    expect(nightly).toMatchObject({ trigger: 'nightly', status: 'queued' });

    // Its job never ran (say, every attempt died): six hours on it is failed and the account free.
    accounts.advance(6 * 60 * MINUTE + MINUTE);
    await queueDueRefreshes(deps);
    expect((await refreshesOf(customerId))[2]).toMatchObject({ id: nightly.id, status: 'failed', error: INSIGHT_MESSAGES.refreshFailed });
    const again = await callWithKey(accounts, key, 'POST', 'insights/refresh', {});
    expect(again.statusCode).toBe(202);
  });

  it('runs one refresh at a time per account: the same as_of answers with the pending one, another waits', async () => {
    const { customer } = await customerWithKey(accounts);
    const first = await requestRefresh(deps, customer.customerId, { as_of: '2026-10-01' });
    expect(first.status).toBe('queued');
    expect((await requestRefresh(deps, customer.customerId, { as_of: '2026-10-01T00:00:00Z' })).id).toBe(first.id);
    const refused = await requestRefresh(deps, customer.customerId, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, message: INSIGHT_MESSAGES.refreshPending(first.id) });

    await runRefresh(deps, first.id);
    const next = await requestRefresh(deps, customer.customerId, {});
    expect(next.id).not.toBe(first.id);
    expect((await refreshesOf(customer.customerId)).map((row) => [row.trigger, row.status])).toEqual([
      ['api', 'done'],
      ['api', 'queued'],
    ]);
  });
});
