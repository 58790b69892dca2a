import { INSIGHT_MESSAGES } from '@postlark/shared/insights';
import { describe, expect, it } from 'vitest';
import { computePurchaseInsights } from './purchase-insights';
import type { Order } from './purchase-history';

const AS_OF = new Date('2026-06-01T00:00:00Z');
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

/** People who ordered once each, plus `repeaters` who ordered every 20 days. */
function shop(buyers: number, repeaters: number): Order[] {
  const orders: Order[] = [];
  for (let i = 0; i < buyers; i++) {
    orders.push({ subscriberId: `p${i}`, occurredAt: day(i % 120), value: 20 + (i % 7) });
    if (i < repeaters) for (let k = 1; k <= 1 + (i % 4); k++) orders.push({ subscriberId: `p${i}`, occurredAt: day((i % 120) + 20 * k), value: 25 + (i % 5) * k });
  }
  return orders;
}

describe('computePurchaseInsights', () => {
  it('says exactly what is missing below the minimum data, and still gives the descriptive figures', () => {
    const { model, people } = computePurchaseInsights(shop(3, 1), AS_OF, AS_OF);
    expect(model.bg_nbd).toBeNull();
    expect(model.gamma_gamma).toBeNull();
    expect(model.notes).toEqual([INSIGHT_MESSAGES.needCustomers(3), INSIGHT_MESSAGES.needRfmCustomers(3)]);
    expect(model.notes[0]).toBe('Predictions need at least 100 customers with an order; you have 3.');
    const repeater = people.find((person) => person.subscriberId === 'p0')!.purchases;
    expect(repeater).toMatchObject({ orders: 2, revenue: 45, average_order_value: 22.5, rfm: null, p_alive: null, expected_orders_90d: null, predicted_value_365d: null, churn_risk: null, next_order_expected_at: null });
    expect(repeater.first_order_at).toBe('2026-01-01T12:00:00.000Z');
    expect(repeater.note).toBe(`${INSIGHT_MESSAGES.needCustomers(3)} ${INSIGHT_MESSAGES.needRfmCustomers(3)}`);
  });

  it('needs repeat buyers as well as buyers', () => {
    const { model, people } = computePurchaseInsights(shop(150, 7), AS_OF, AS_OF);
    expect(model.notes).toEqual(['Predictions need at least 20 customers with a repeat order; you have 7.']);
    expect(people[0]!.purchases.rfm).not.toBeNull();
    expect(people[0]!.purchases.p_alive).toBeNull();
  });

  it('predicts for everyone once there is enough, and withholds value where orders had none', () => {
    const orders = shop(300, 120);
    // Values absent on every order: expected orders but no value.
    const noValues = computePurchaseInsights(
      orders.map((order) => ({ ...order, value: null })),
      AS_OF,
      AS_OF,
    );
    expect(noValues.model.bg_nbd).not.toBeNull();
    expect(noValues.model.notes).toEqual([INSIGHT_MESSAGES.needValuedRepeatCustomers(0)]);
    expect(noValues.people[0]!.purchases.expected_orders_365d).toBeGreaterThan(0);
    expect(noValues.people[0]!.purchases.predicted_value_365d).toBeNull();

    const { model, people } = computePurchaseInsights(orders, AS_OF, AS_OF);
    expect(model.notes).toEqual([]);
    expect(model.customers).toBe(300);
    expect(model.repeat_customers).toBe(120);
    for (const { purchases } of people) {
      expect(purchases.note).toBeNull();
      expect(purchases.p_alive).toBeGreaterThan(0);
      expect(purchases.p_alive).toBeLessThanOrEqual(1);
      expect(purchases.churn_risk).toBeCloseTo(1 - purchases.p_alive!, 6);
      expect(purchases.expected_orders_365d).toBeGreaterThanOrEqual(purchases.expected_orders_90d!);
      expect(purchases.predicted_value_365d).toBeGreaterThan(0);
      if (purchases.next_order_expected_at) expect(new Date(purchases.next_order_expected_at).getTime()).toBeGreaterThan(AS_OF.getTime());
    }
    // The most frequent recent buyer is a Champion and more valuable than a one-time buyer.
    const frequent = people.find((person) => person.subscriberId === 'p3')!.purchases;
    const once = people.find((person) => person.subscriberId === 'p250')!.purchases;
    expect(frequent.orders).toBe(5);
    expect(frequent.predicted_value_365d).toBeGreaterThan(once.predicted_value_365d!);
  });
});
