import type { PurchaseInsights } from '@postlark/shared/insights';
import { seededRandom } from '@postlark/shared/testing/seeded-random';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { computePurchaseInsights } from '../src/modules/insights/purchase-insights';
import type { Order } from '../src/modules/insights/purchase-history';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { refreshedInsights } from './support/insights';

// Issue 31: a refresh reads each buyer's orders summed by the database, not the orders. Its
// figures must be those the orders themselves gave (computePurchaseInsights, the in-memory path
// every refresh took before), to the last bit.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

const DAY_MS = 86_400_000;
const AS_OF = '2026-10-01T00:00:00.000Z';

/**
 * 150 buyers from early 2026, each at their own pace until they lapse: prices in cents (sums of
 * such values depend on the order they are added in), some days with two orders, and orders on
 * both sides of the as-of time.
 */
function seededHistory(domain: string): object[] {
  const next = seededRandom(31);
  const events: object[] = [];
  for (let person = 0; person < 150; person++) {
    const weeklyRate = 0.05 + next() * 0.5;
    let at = Date.UTC(2026, 0, 2) + Math.floor(next() * 150) * DAY_MS + Math.floor(next() * 20) * 3_600_000;
    for (let number = 0; at < Date.UTC(2026, 10, 20); number++) {
      const sameDay = next() < 0.2 ? 2 : 1;
      for (let k = 0; k < sameDay; k++) {
        events.push({
          name: 'order_placed',
          email: `buyer${person}@${domain}`,
          id: `order-${person}-${number}-${k}`,
          occurred_at: new Date(at + k * 1_800_000).toISOString(),
          value: Math.round((3 + next() * 90) * 100) / 100,
          currency: 'EUR',
          properties: { order_id: `${person}-${number}-${k}`, items: [] },
        });
      }
      if (next() < 0.15) break;
      at += Math.ceil((-Math.log(1 - next()) / weeklyRate) * 7) * DAY_MS;
    }
  }
  return events;
}

/**
 * Orders without a value come from imported history (the API refuses them): one for every
 * seventh order, an hour after it, stored as an import stores it.
 */
async function addUnvaluedOrders(customerId: string): Promise<void> {
  await accounts.database.db.execute(sql`
    insert into events (customer_id, subscriber_id, name, occurred_at, received_at, source, properties)
    select customer_id, subscriber_id, name, occurred_at + interval '1 hour', received_at, 'import', properties
    from (select *, row_number() over (order by id) as n from events where customer_id = ${customerId}::uuid and name = 'order_placed') numbered
    where n % 7 = 0`);
}

/** The account's orders before as-of, one row each, as the refresh read them before (per buyer, in time order). */
async function ordersOf(customerId: string): Promise<Order[]> {
  const result = await accounts.database.db.execute(sql`
    select subscriber_id::text as subscriber_id, occurred_at, value::float8 as value from person_events
    where customer_id = ${customerId}::uuid and name = 'order_placed' and occurred_at < ${AS_OF}
    order by subscriber_id, occurred_at`);
  return rowsOf<{ subscriber_id: string; occurred_at: Date | string; value: number | null }>(result).map((row) => ({
    subscriberId: row.subscriber_id,
    occurredAt: new Date(row.occurred_at),
    value: row.value === null ? null : Number(row.value),
  }));
}

describe('the purchase figures of a refresh', () => {
  it('are exactly those the orders themselves give, from the sums the database makes per buyer', async () => {
    const { key, customer } = await customerWithKey(accounts);
    const events = seededHistory('sums.example');
    for (let start = 0; start < events.length; start += 1_000) {
      const sent = await callWithKey(accounts, key, 'POST', 'events', { events: events.slice(start, start + 1_000) });
      expect(sent.statusCode).toBe(202);
      expect(sent.json().payload.rejected).toEqual([]);
    }

    await addUnvaluedOrders(customer.customerId);

    const done = await refreshedInsights(accounts, key, { as_of: AS_OF });
    const orders = await ordersOf(customer.customerId);
    // The seeded history has what the figures need: both models fitted, same-day orders, orders without a value.
    expect(new Set(orders.map((order) => order.subscriberId)).size).toBe(150);
    expect(orders.some((order) => order.value === null)).toBe(true);
    const expected = computePurchaseInsights(orders, new Date(AS_OF), new Date(done.model!.fitted_at));
    expect(expected.model.bg_nbd).not.toBeNull();
    expect(expected.model.gamma_gamma).not.toBeNull();

    expect(done.model).toEqual(expected.model);
    const stored = rowsOf<{ subscriber_id: string; purchases: PurchaseInsights }>(
      await accounts.database.db.execute(sql`
        select subscriber_id::text as subscriber_id, purchases from subscriber_insights
        where customer_id = ${customer.customerId}::uuid and purchases is not null order by subscriber_id`),
    );
    expect(stored.map((row) => ({ subscriberId: row.subscriber_id, purchases: row.purchases }))).toEqual(expected.people);
  });
});
