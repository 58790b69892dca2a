import { INSIGHT_MESSAGES, PURCHASES_NONE, PURCHASES_NOT_COMPUTED, type PurchaseInsights } from '@postlark/shared/insights';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { refreshedInsights } from './support/insights';
import { seededRandom } from '@postlark/shared/testing/seeded-random';

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

const DAY_MS = 86_400_000;

function order(email: string, orderId: string, at: Date, value: number) {
  return { name: 'order_placed', email, id: `order-${orderId}`, occurred_at: at.toISOString(), value, currency: 'EUR', properties: { order_id: orderId, items: [] } };
}

async function sendEvents(key: string, events: object[]) {
  const response = await callWithKey(accounts, key, 'POST', 'events', { events });
  expect(response.statusCode).toBe(202);
  expect(response.json().payload.rejected).toEqual([]);
}

const refreshed = (key: string, body: object = {}) => refreshedInsights(accounts, key, body);

async function subscriberId(email: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(await accounts.database.db.execute(sql`select id::text as id from subscribers where email = ${email}`));
  return row!.id;
}

async function purchasesOf(key: string, email: string): Promise<PurchaseInsights> {
  const response = await callWithKey(accounts, key, 'GET', `subscribers/${await subscriberId(email)}`);
  expect(response.statusCode).toBe(200);
  return response.json().payload.insights.purchases as PurchaseInsights;
}


/**
 * 160 customers who first bought between January and April 2026 and then, at their own rate,
 * bought again until they lapsed (buy-till-you-die as the models assume), up to `until`.
 */
function simulatedShop(domain: string, until: Date): object[] {
  const next = seededRandom(19);
  const events: object[] = [];
  for (let person = 0; person < 160; person++) {
    const email = `buyer${person}@${domain}`;
    const weeklyRate = 0.02 + next() * 0.4;
    const dropout = 0.1 + next() * 0.5;
    let at = Date.UTC(2026, 0, 1) + Math.floor(next() * 120) * DAY_MS;
    let number = 0;
    while (at < until.getTime()) {
      events.push(order(email, `${domain}-${person}-${number++}`, new Date(at), Math.round(15 + next() * 60)));
      if (next() < dropout) break;
      at += Math.ceil((-Math.log(1 - next()) / weeklyRate) * 7) * DAY_MS;
    }
  }
  return events;
}

describe('purchase insights', () => {
  it('says what is missing before a refresh, with thin data, and for people who never ordered', async () => {
    const { key } = await customerWithKey(accounts);
    await sendEvents(key, [
      order('ada@thin.example', 't1', new Date('2026-10-01T09:00:00Z'), 30),
      order('ada@thin.example', 't2', new Date('2026-10-01T18:00:00Z'), 12.5),
      order('ada@thin.example', 't3', new Date('2026-11-02T09:00:00Z'), 20),
      order('bob@thin.example', 't4', new Date('2026-11-10T09:00:00Z'), 55),
    ]);
    const added = await callWithKey(accounts, key, 'POST', 'subscribers', { email: 'cy@thin.example' });
    expect(added.statusCode).toBe(201);
    // Nothing computed yet: the answer says so rather than showing zeros.
    expect(added.json().payload.subscriber.insights.purchases).toEqual(PURCHASES_NOT_COMPUTED);
    expect(await purchasesOf(key, 'ada@thin.example')).toEqual(PURCHASES_NOT_COMPUTED);

    const done = await refreshed(key);
    // Progress counts the account's people (each gets a send time and an engagement score).
    expect(done.people_total).toBe(3);
    expect(done.people_done).toBe(3);
    expect(done.model).toMatchObject({ customers: 2, repeat_customers: 1, bg_nbd: null, gamma_gamma: null });
    expect(done.model!.notes).toEqual([INSIGHT_MESSAGES.needCustomers(2), INSIGHT_MESSAGES.needRfmCustomers(2)]);

    // Exactly the descriptive figures; every prediction null (PURCHASES_NONE's nulls), and why.
    expect(await purchasesOf(key, 'ada@thin.example')).toEqual({
      ...PURCHASES_NONE,
      orders: 3,
      revenue: 62.5,
      first_order_at: '2026-10-01T09:00:00.000Z',
      last_order_at: '2026-11-02T09:00:00.000Z',
      average_order_value: 20.8333,
      note: 'Predictions need at least 100 customers with an order; you have 2. RFM scores need at least 5 customers with an order; you have 2.',
    });
    expect(await purchasesOf(key, 'cy@thin.example')).toEqual(PURCHASES_NONE);
  });

  it('fits the account’s models, gives each buyer predictions, and honours as_of', async () => {
    const { key } = await customerWithKey(accounts);
    await sendEvents(key, simulatedShop('fit.example', new Date('2026-11-20T00:00:00Z')));
    // One late first-time buyer, after the backtest's as-of time.
    await sendEvents(key, [order('late@fit.example', 'late-1', new Date('2026-11-15T12:00:00Z'), 80)]);

    const now = await refreshed(key);
    expect(now.as_of).toBe(accounts.now().toISOString());
    expect(now.model!.notes).toEqual([]);
    const bgNbd = now.model!.bg_nbd!;
    for (const estimate of [bgNbd.r, bgNbd.alpha, bgNbd.a, bgNbd.b]) {
      expect(estimate.value).toBeGreaterThan(0);
      expect(estimate.standard_error).toBeGreaterThan(0);
    }
    expect(now.model!.gamma_gamma!.p.value).toBeGreaterThan(0);

    const late = await purchasesOf(key, 'late@fit.example');
    expect(late).toMatchObject({ orders: 1, revenue: 80, p_alive: 1, churn_risk: 0, note: null });
    expect(late.rfm).toMatchObject({ frequency: 1 });
    expect(late.expected_orders_365d).toBeGreaterThan(late.expected_orders_90d!);
    expect(late.predicted_value_365d).toBeGreaterThan(0);
    const buyer = await purchasesOf(key, 'buyer0@fit.example');
    expect(buyer.p_alive! + buyer.churn_risk!).toBeCloseTo(1, 6);
    expect(buyer.note).toBeNull();

    // As of 2026-07-01: only the orders before then count, for the fit and for each person.
    const backtest = await refreshed(key, { as_of: '2026-07-01' });
    expect(backtest.as_of).toBe('2026-07-01T00:00:00.000Z');
    expect(backtest.model!.as_of).toBe('2026-07-01T00:00:00.000Z');
    expect(backtest.model!.customers).toBeLessThan(now.model!.customers);
    expect(await purchasesOf(key, 'late@fit.example')).toEqual(PURCHASES_NONE);
    const [counted] = rowsOf<{ orders: number }>(
      await accounts.database.db.execute(sql`
        select count(*)::int as orders from events e join subscribers s on s.id = e.subscriber_id
        where s.email = 'buyer0@fit.example' and e.occurred_at < '2026-07-01T00:00:00Z'`),
    );
    const before = await purchasesOf(key, 'buyer0@fit.example');
    expect(before.orders).toBe(counted!.orders);
    expect(new Date(before.last_order_at!).getTime()).toBeLessThan(Date.parse('2026-07-01T00:00:00Z'));
  });

  it('refuses a bad as_of with the field’s message, and another account’s refresh like an unknown one', async () => {
    const { key } = await customerWithKey(accounts);
    for (const as_of of ['yesterday', '2026-13-01', '2099-01-01', '2026-11-24T25:00:00Z']) {
      const response = await callWithKey(accounts, key, 'POST', 'insights/refresh', { as_of });
      expect(response.statusCode).toBe(400);
      expect(response.json().payload).toEqual({ message: INSIGHT_MESSAGES.asOfInvalid, errors: { as_of: INSIGHT_MESSAGES.asOfInvalid } });
    }
    const unknownField = await callWithKey(accounts, key, 'POST', 'insights/refresh', { when: 'now' });
    expect(unknownField.statusCode).toBe(400);

    const mine = await refreshed(key);
    const other = await customerWithKey(accounts);
    for (const id of [mine.id, 'not-an-id']) {
      const response = await callWithKey(accounts, other.key, 'GET', `insights/refresh/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().payload.message).toBe(INSIGHT_MESSAGES.refreshNotFound);
    }
    expect((await callWithKey(accounts, undefined, 'POST', 'insights/refresh', {})).statusCode).toBe(401);
  });
});
