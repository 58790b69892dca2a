import type { ProductsPage } from '@postlark/shared/products';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// The catalogue for the Products page: the signed-in customer's own, a page at a time.

/** One page of products in id order, searched in ids and titles; `after` is the previous page's next_cursor. */
export function getProducts(q: string, after: string | null) {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (after) query.set('after', after);
  const search = query.toString();
  return requestJson<{ payload: ProductsPage }>('GET', `${webEnv.apiBase}audience/v1/products${search ? `?${search}` : ''}`);
}
