import { sql } from 'drizzle-orm';
import type { ProductInput } from '@postlark/shared/products';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { textArray } from '../../db/array-param';

// A customer's catalogue (the products table, keyed by customer and their own product id). Many
// products travel as one array parameter per column (unnest), as the import's batches do: a
// thousand products are one short statement, not ten thousand placeholders.

export interface ProductRow {
  id: string;
  title: string;
  url: string | null;
  imageUrl: string | null;
  price: number | null;
  currency: string | null;
  categories: string[];
  inStock: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored product as the schema's input: what a replace would write to leave it as it is. */
export function productInputOf(row: ProductRow): ProductInput {
  return { id: row.id, title: row.title, url: row.url, image_url: row.imageUrl, price: row.price, currency: row.currency, categories: row.categories, in_stock: row.inStock };
}

const COLUMNS = sql`id, title, url, image_url as "imageUrl", price::float8 as price, currency, categories, in_stock as "inStock", created_at as "createdAt", updated_at as "updatedAt"`;

// Drivers answer timestamps as Date or as text depending on the path (execute vs. query builder).
function rowOf(row: ProductRow): ProductRow {
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

/**
 * Creates or replaces each product (every field: one left out is cleared), keeping when it was
 * first made. Answers which ids were new. The ids must be distinct (one statement cannot change a
 * row twice).
 */
export async function upsertProducts(db: Db, customerId: string, products: readonly ProductInput[], now: Date): Promise<Set<string>> {
  if (products.length === 0) return new Set();
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    insert into products as p (customer_id, id, title, url, image_url, price, currency, categories, in_stock, created_at, updated_at)
    select ${customerId}::uuid, input.id, input.title, input.url, input.image_url, input.price::numeric, input.currency,
      array(select jsonb_array_elements_text(input.categories::jsonb)), input.in_stock::boolean, ${at}, ${at}
    from unnest(${textArray(products.map((product) => product.id))}, ${textArray(products.map((product) => product.title))},
      ${textArray(products.map((product) => product.url))}, ${textArray(products.map((product) => product.image_url))},
      ${textArray(products.map((product) => (product.price === null ? null : String(product.price))))}, ${textArray(products.map((product) => product.currency))},
      ${textArray(products.map((product) => JSON.stringify(product.categories)))}, ${textArray(products.map((product) => String(product.in_stock)))})
      as input(id, title, url, image_url, price, currency, categories, in_stock)
    on conflict (customer_id, id) do update set
      title = excluded.title, url = excluded.url, image_url = excluded.image_url, price = excluded.price, currency = excluded.currency,
      categories = excluded.categories, in_stock = excluded.in_stock, updated_at = excluded.updated_at
    -- xmax is 0 on a row this statement inserted, and set on one it updated.
    returning p.id, (p.xmax = 0) as inserted`);
  return new Set(
    rowsOf<{ id: string; inserted: boolean }>(result)
      .filter((row) => row.inserted)
      .map((row) => row.id),
  );
}

export async function findProduct(db: Db, customerId: string, id: string): Promise<ProductRow | undefined> {
  const result = await db.execute(sql`select ${COLUMNS} from products where customer_id = ${customerId}::uuid and id = ${id}`);
  const [row] = rowsOf<ProductRow>(result);
  return row && rowOf(row);
}

/** Of these ids, the customer's products as they are now. */
export async function productsAmong(db: Db, customerId: string, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`select ${COLUMNS} from products where customer_id = ${customerId}::uuid and id = any(${textArray(ids)})`);
  return rowsOf<ProductRow>(result).map(rowOf);
}

export async function deleteProduct(db: Db, customerId: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`delete from products where customer_id = ${customerId}::uuid and id = ${id} returning id`);
  return rowsOf(result).length > 0;
}

// A search term as a LIKE pattern that matches it literally.
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A page of the customer's products in id order, after `afterId`, optionally only those whose id or title contains `search`. */
export async function productPage(db: Db, customerId: string, options: { search?: string; afterId?: string; limit: number }): Promise<{ rows: ProductRow[]; total: number }> {
  const matches = options.search ? sql`and (title ilike ${likePattern(options.search)} or id ilike ${likePattern(options.search)})` : sql``;
  const after = options.afterId === undefined ? sql`` : sql`and id > ${options.afterId}`;
  const result = await db.execute(sql`
    select ${COLUMNS} from products where customer_id = ${customerId}::uuid ${matches} ${after}
    order by id limit ${options.limit}`);
  const counted = await db.execute(sql`select count(*)::int as total from products where customer_id = ${customerId}::uuid ${matches}`);
  return { rows: rowsOf<ProductRow>(result).map(rowOf), total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0 };
}
