// A page of people's product signals held as columns on their way to the fit's worker thread
// (insights-worker.ts): each product id once per page, the rest typed arrays that move between
// threads without a copy. The fit reads them back a person at a time.
import type { ProductSignal, SignalKind } from './recommendations';
import type { SignalRow } from './recommendations.repository';

export interface SignalPage {
  /** The page's product ids, each once. */
  products: string[];
  /** Person k's signals are [starts[k], starts[k + 1]). */
  starts: Int32Array;
  product: Int32Array;
  /** 0: an order's item, 1: a view. */
  kind: Uint8Array;
  /** Epoch milliseconds. */
  at: Float64Array;
}

const KINDS: readonly SignalKind[] = ['order', 'view'];

/** Packs rows that come person by person (each person's rows together, as the query orders them). */
export function packSignals(rows: readonly SignalRow[]): SignalPage {
  const products: string[] = [];
  const indexOf = new Map<string, number>();
  const starts: number[] = [];
  const product = new Int32Array(rows.length);
  const kind = new Uint8Array(rows.length);
  const at = new Float64Array(rows.length);
  let current: string | null = null;
  rows.forEach((row, i) => {
    if (row.subscriberId !== current) {
      starts.push(i);
      current = row.subscriberId;
    }
    let index = indexOf.get(row.productId);
    if (index === undefined) {
      index = products.push(row.productId) - 1;
      indexOf.set(row.productId, index);
    }
    product[i] = index;
    kind[i] = KINDS.indexOf(row.kind);
    at[i] = new Date(row.at).getTime();
  });
  starts.push(rows.length);
  return { products, starts: Int32Array.from(starts), product, kind, at };
}

export const signalTransferables = (page: SignalPage): ArrayBuffer[] => [page.starts, page.product, page.kind, page.at].map((array) => array.buffer as ArrayBuffer);

/** The page's people's signals, one list per person in the page's order. */
export function* peopleOfPage(page: SignalPage): Generator<ProductSignal[]> {
  for (let k = 0; k + 1 < page.starts.length; k++) {
    const signals: ProductSignal[] = [];
    for (let i = page.starts[k]!; i < page.starts[k + 1]!; i++) signals.push({ productId: page.products[page.product[i]!]!, kind: KINDS[page.kind[i]!]!, at: new Date(page.at[i]!) });
    yield signals;
  }
}
