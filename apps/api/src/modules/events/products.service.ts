import {
  checkProduct,
  type Product,
  type ProductBulkResult,
  type ProductInput,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  productBulkSchema,
  productIdSchema,
  productPutSchema,
  type ProductQuery,
  productSchema,
  type ProductsPage,
} from '@postlark/shared/products';
import type { Db } from '../../db/client';
import { HttpError, parseWith } from '../../http/errors';
import { deleteProduct, findProduct, productInputOf, productPage, type ProductRow, upsertProducts } from './products.repository';

export interface ProductDeps {
  db: Db;
  now: () => Date;
}

export function productOf(row: ProductRow): Product {
  return { ...productInputOf(row), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

/** The product id an address names, or a 400 (an id the catalogue could not hold is no product's). */
function idFrom(raw: string): string {
  const checked = productIdSchema.safeParse(raw);
  if (!checked.success) throw new HttpError(400, PRODUCT_MESSAGES.idInvalid, { id: PRODUCT_MESSAGES.idInvalid });
  return checked.data;
}

/** PUT: the product as the body gives it, all of it (a field left out is cleared); created says whether it is new. */
export async function putProduct(deps: ProductDeps, customerId: string, rawId: string, body: unknown): Promise<{ created: boolean; product: Product }> {
  const id = idFrom(rawId);
  const checked = checkProduct(productPutSchema, body);
  if (!checked.ok) throw new HttpError(400, checked.message, checked.errors);
  const { id: given, ...fields } = checked.product;
  if (given !== undefined && given !== id) throw new HttpError(400, PRODUCT_MESSAGES.idMismatch, { id: PRODUCT_MESSAGES.idMismatch });
  const created = await upsertProducts(deps.db, customerId, [{ id, ...fields }], deps.now());
  return { created: created.has(id), product: productOf((await findProduct(deps.db, customerId, id))!) };
}

/**
 * Bulk POST: each product checked on its own, so one bad product sinks nothing else; an id given
 * twice keeps the later product and names the earlier as rejected (nothing is stored twice).
 */
export async function putProducts(deps: ProductDeps, customerId: string, body: unknown): Promise<ProductBulkResult> {
  const { products } = parseWith(productBulkSchema, body);
  const rejected: ProductBulkResult['rejected'] = [];
  const byId = new Map<string, { index: number; product: ProductInput }>();
  products.forEach((input, index) => {
    const checked = checkProduct(productSchema, input);
    if (!checked.ok) return rejected.push({ index, message: checked.message });
    const earlier = byId.get(checked.product.id);
    if (earlier) rejected.push({ index: earlier.index, message: PRODUCT_MESSAGES.repeatedInCall });
    byId.set(checked.product.id, { index, product: checked.product });
  });
  const kept = [...byId.values()].map((entry) => entry.product);
  const created = await upsertProducts(deps.db, customerId, kept, deps.now());
  rejected.sort((a, b) => a.index - b.index);
  return { created: created.size, updated: kept.length - created.size, rejected };
}

export async function getProduct(deps: ProductDeps, customerId: string, rawId: string): Promise<Product> {
  const row = await findProduct(deps.db, customerId, idFrom(rawId));
  if (!row) throw new HttpError(404, PRODUCT_MESSAGES.notFound);
  return productOf(row);
}

export async function removeProduct(deps: ProductDeps, customerId: string, rawId: string): Promise<void> {
  if (!(await deleteProduct(deps.db, customerId, idFrom(rawId)))) throw new HttpError(404, PRODUCT_MESSAGES.notFound);
}

// The next page starts after the last id shown; the cursor carries it, opaque to the caller.
const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const id = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!productIdSchema.safeParse(id).success || encodeCursor(id) !== cursor) throw new HttpError(400, PRODUCT_MESSAGES.cursorInvalid, { after: PRODUCT_MESSAGES.cursorInvalid });
  return id;
}

/** A page of the customer's catalogue in id order, searched in ids and titles. */
export async function listProducts(deps: ProductDeps, customerId: string, query: ProductQuery): Promise<ProductsPage> {
  const afterId = query.after ? decodeCursor(query.after) : undefined;
  const search = query.q?.trim() || undefined;
  const limit = Math.min(query.limit, PRODUCT_LIMITS.maxPageSize);
  const { rows, total } = await productPage(deps.db, customerId, { search, afterId, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { products: shown.map(productOf), next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null, total };
}
