import type { Product } from '@postlark/shared/products';

// The Products page's own texts.

export const PRODUCTS_TEXTS = {
  title: 'Products',
  lead: 'Your catalogue, as your shop sends it through the API or a CSV file.',
  importAction: 'Import products',
  tableLabel: 'Products',
  searchLabel: 'Search products',
  searchPlaceholder: 'Search by title or id',
  loading: 'Loading products...',
  loadFailed: 'Could not load your products.',
  emptyTitle: 'No products yet',
  emptyText: 'Send your catalogue through the API (PUT /api/v1/products/{id}, or many at once with POST /api/v1/products), or import a CSV file of it.',
  noMatchTitle: 'No products match',
  noMatchText: 'No product’s title or id contains this search.',
  clearSearch: 'Clear search',
} as const;

const formats = new Map<string, Intl.NumberFormat>();

/** The product's price in its currency, as people read it (€49.50, US$12.00), or null without one. */
export function productPrice(product: Pick<Product, 'price' | 'currency'>): string | null {
  if (product.price === null || product.currency === null) return null;
  let format = formats.get(product.currency);
  if (!format) formats.set(product.currency, (format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: product.currency })));
  return format.format(product.price);
}
