import { describe, expect, it } from 'vitest';
import { purchaseHistories } from './purchase-history';

const order = (subscriberId: string, at: string, value: number | null) => ({ subscriberId, occurredAt: new Date(at), value });

describe('purchaseHistories', () => {
  it('counts one transaction per day, in weeks from the first order to the last day before as-of', () => {
    const [history] = purchaseHistories(
      [
        order('ann', '2026-01-15T18:00:00Z', 30),
        order('ann', '2026-01-01T09:00:00Z', 10),
        order('ann', '2026-01-01T21:00:00Z', 5), // same day: summed with the 10
        order('ann', '2026-01-29T08:00:00Z', 50),
        order('ann', '2026-03-01T00:00:00Z', 999), // at as-of: not seen
      ],
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(history).toMatchObject({
      subscriberId: 'ann',
      orders: 4,
      revenue: 95,
      averageOrderValue: 95 / 4,
      x: 2,
      tx: 4, // 28 days
      T: 58 / 7, // 2026-01-01 to 2026-02-28
      daysSinceLastOrder: 30,
      averageDaysBetweenOrders: 14,
      repeatMeanValue: 40, // (30 + 50) / 2: the first day's 15 is not a repeat
    });
    expect(history!.firstOrderAt.toISOString()).toBe('2026-01-01T09:00:00.000Z');
    expect(history!.lastOrderAt.toISOString()).toBe('2026-01-29T08:00:00.000Z');
  });

  it('leaves out people whose first order is after as-of, and copes with orders without value', () => {
    const histories = purchaseHistories(
      [order('bob', '2026-02-01T10:00:00Z', null), order('bob', '2026-02-03T10:00:00Z', null), order('cy', '2026-03-02T10:00:00Z', 20)],
      new Date('2026-03-01T12:00:00Z'),
    );
    expect(histories).toHaveLength(1);
    expect(histories[0]).toMatchObject({ subscriberId: 'bob', orders: 2, revenue: 0, averageOrderValue: null, repeatMeanValue: null, x: 1, T: 28 / 7 });
  });
});
