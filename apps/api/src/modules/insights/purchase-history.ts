// Each person's purchase history, as the buy-till-you-die models read it (Fader, Hardie and Lee
// 2005): one transaction per person per UTC calendar day (same-day orders summed), time in weeks.

export interface Order {
  subscriberId: string;
  occurredAt: Date;
  /** The order's value, or null when the event carried none. */
  value: number | null;
}

export interface PurchaseHistory {
  subscriberId: string;
  /** Orders (events), not days. */
  orders: number;
  /** Sum of the orders' values (0 when none carried a value). */
  revenue: number;
  firstOrderAt: Date;
  lastOrderAt: Date;
  /** Revenue over the orders that carried a value; null when none did. */
  averageOrderValue: number | null;
  /** Days from the first to the last order day over the repeat days; null with a single order day. */
  averageDaysBetweenOrders: number | null;
  /** Whole days from the last order's day to the last day observed. */
  daysSinceLastOrder: number;
  /** BG/NBD frequency x: order days after the first. */
  x: number;
  /** BG/NBD recency t_x: weeks from the first order day to the last. */
  tx: number;
  /** BG/NBD age T: weeks from the first order day to the last day observed. */
  T: number;
  /** Gamma-Gamma's m: mean value of the repeat order days (the first day excluded); null when x = 0 or no value. */
  repeatMeanValue: number | null;
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/**
 * The last day observed before `asOf`: the day of the instant just before it. An as-of of
 * 1997-10-01T00:00Z observes up to 1997-09-30, which is how the published CDNOW analysis measures
 * T (to the end of the calibration period's last day, counted in days from the first order's day).
 */
export const lastObservedDay = (asOf: Date) => dayOf(new Date(asOf.getTime() - 1));

/**
 * One person's orders before as-of as the database sums them (purchase-summaries.repository.ts):
 * exactly what historyOf derives its figures from, without the orders themselves. Sums run in
 * order of time, as historyOf adds, so the figures are the same to the last bit.
 */
export interface PurchaseSummary {
  subscriberId: string;
  orders: number;
  /** Orders that carried a value. */
  valued: number;
  /** Their values summed in order of time (0 when none had one). */
  revenue: number;
  firstOrderAt: Date;
  lastOrderAt: Date;
  /** UTC days (days since the epoch) of the first and last order, and how many distinct days had one. */
  firstDay: number;
  lastDay: number;
  days: number;
  /** The valued order days after the first: their day totals summed in day order, and their number. */
  repeatTotal: number;
  repeatDays: number;
}

/** A person's history from their summary, as historyOf would make it from their orders. */
export function historyFromSummary(summary: PurchaseSummary, endDay: number): PurchaseHistory {
  const { firstDay, lastDay } = summary;
  const x = summary.days - 1;
  return {
    subscriberId: summary.subscriberId,
    orders: summary.orders,
    revenue: summary.revenue,
    firstOrderAt: summary.firstOrderAt,
    lastOrderAt: summary.lastOrderAt,
    averageOrderValue: summary.valued > 0 ? summary.revenue / summary.valued : null,
    averageDaysBetweenOrders: x > 0 ? (lastDay - firstDay) / x : null,
    daysSinceLastOrder: endDay - lastDay,
    x,
    tx: (lastDay - firstDay) / 7,
    T: (endDay - firstDay) / 7,
    repeatMeanValue: summary.repeatDays > 0 ? summary.repeatTotal / summary.repeatDays : null,
  };
}

/** Histories of the people with at least one order before `asOf`; later orders are ignored. */
export function purchaseHistories(orders: Iterable<Order>, asOf: Date): PurchaseHistory[] {
  const endDay = lastObservedDay(asOf);
  const byPerson = new Map<string, Order[]>();
  for (const order of orders) {
    if (order.occurredAt.getTime() >= asOf.getTime()) continue;
    let list = byPerson.get(order.subscriberId);
    if (!list) byPerson.set(order.subscriberId, (list = []));
    list.push(order);
  }
  return [...byPerson].map(([subscriberId, list]) => historyOf(subscriberId, list, endDay));
}

function historyOf(subscriberId: string, orders: Order[], endDay: number): PurchaseHistory {
  orders.sort((one, two) => one.occurredAt.getTime() - two.occurredAt.getTime());
  // Day -> [sum of values, whether any order that day had one].
  const days = new Map<number, { total: number; valued: boolean }>();
  let revenue = 0;
  let valued = 0;
  for (const order of orders) {
    const day = dayOf(order.occurredAt);
    const entry = days.get(day) ?? { total: 0, valued: false };
    if (order.value !== null) {
      entry.total += order.value;
      entry.valued = true;
      revenue += order.value;
      valued++;
    }
    days.set(day, entry);
  }
  const dayList = [...days.keys()].sort((one, two) => one - two);
  const firstDay = dayList[0]!;
  const lastDay = dayList[dayList.length - 1]!;
  const repeatDays = dayList.slice(1).map((day) => days.get(day)!).filter((entry) => entry.valued);
  const x = dayList.length - 1;
  return {
    subscriberId,
    orders: orders.length,
    revenue,
    firstOrderAt: orders[0]!.occurredAt,
    lastOrderAt: orders[orders.length - 1]!.occurredAt,
    averageOrderValue: valued > 0 ? revenue / valued : null,
    averageDaysBetweenOrders: x > 0 ? (lastDay - firstDay) / x : null,
    daysSinceLastOrder: endDay - lastDay,
    x,
    tx: (lastDay - firstDay) / 7,
    T: (endDay - firstDay) / 7,
    repeatMeanValue: repeatDays.length > 0 ? repeatDays.reduce((sum, entry) => sum + entry.total, 0) / repeatDays.length : null,
  };
}
