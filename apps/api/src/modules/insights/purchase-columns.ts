// A page of buyers' purchase histories held as columns on their way to the refresh's worker thread
// (insights-worker.ts): two typed arrays move between threads without a copy, where a page of
// objects would be cloned field by field, and they stay outside the worker's capped heap.
import type { PurchaseHistory } from './purchase-history';

export interface PurchaseColumns {
  /** The buyers' ids joined with commas (one string, not one per buyer). */
  ids: string;
  count: number;
  /** Per buyer INTS values: orders, x, days since the last order. */
  ints: Int32Array;
  /** Per buyer FLOATS values: revenue, first and last order (ms), t_x, T, and the three means (NaN: none). */
  floats: Float64Array;
}

const INTS = 3;
const FLOATS = 8;

const orNaN = (value: number | null) => (value === null ? Number.NaN : value);
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

export function packHistories(histories: readonly PurchaseHistory[]): PurchaseColumns {
  const count = histories.length;
  const ints = new Int32Array(count * INTS);
  const floats = new Float64Array(count * FLOATS);
  histories.forEach((history, i) => {
    ints.set([history.orders, history.x, history.daysSinceLastOrder], i * INTS);
    floats.set(
      [
        history.revenue,
        history.firstOrderAt.getTime(),
        history.lastOrderAt.getTime(),
        history.tx,
        history.T,
        orNaN(history.averageOrderValue),
        orNaN(history.averageDaysBetweenOrders),
        orNaN(history.repeatMeanValue),
      ],
      i * FLOATS,
    );
  });
  return { ids: histories.map((history) => history.subscriberId).join(','), count, ints, floats };
}

/** What postMessage moves rather than copies. */
export const transferablesOf = (columns: PurchaseColumns): ArrayBuffer[] => [columns.ints.buffer as ArrayBuffer, columns.floats.buffer as ArrayBuffer];

/** The ids of a page, in order. */
export const idsOf = (columns: PurchaseColumns): string[] => (columns.count === 0 ? [] : columns.ids.split(','));

/** Buyer i of a page, as packed. */
export function historyAt(columns: PurchaseColumns, ids: readonly string[], i: number): PurchaseHistory {
  const n = i * INTS;
  const f = i * FLOATS;
  const { ints, floats } = columns;
  return {
    subscriberId: ids[i]!,
    orders: ints[n]!,
    x: ints[n + 1]!,
    daysSinceLastOrder: ints[n + 2]!,
    revenue: floats[f]!,
    firstOrderAt: new Date(floats[f + 1]!),
    lastOrderAt: new Date(floats[f + 2]!),
    tx: floats[f + 3]!,
    T: floats[f + 4]!,
    averageOrderValue: orNull(floats[f + 5]!),
    averageDaysBetweenOrders: orNull(floats[f + 6]!),
    repeatMeanValue: orNull(floats[f + 7]!),
  };
}
