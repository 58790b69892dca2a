import * as z from 'zod/mini';
import { isCurrencyCode } from './events';
import { withoutNul } from './storable-text';
import { type FieldErrors, fieldErrors } from './validation';

// A customer's catalogue: what recommendations, carts and order emails show. One definition of a
// valid product for the public API (PUT, bulk POST), the CSV import and the dashboard.

export const PRODUCT_LIMITS = {
  /** The customer's own product id. */
  id: 200,
  title: 300,
  url: 2_000,
  categories: 20,
  category: 100,
  /** Well inside the column's numeric(18,4). */
  maxPrice: 1_000_000_000_000,
  /** Products in one bulk POST /api/v1/products. */
  perCall: 1_000,
  pageSize: 50,
  maxPageSize: 200,
  search: 200,
} as const;

/** The fields a product may carry: anything else is refused by name, so a typo is not lost silently. */
export const PRODUCT_FIELDS = ['id', 'title', 'url', 'image_url', 'price', 'currency', 'categories', 'in_stock'] as const;

export const PRODUCT_MESSAGES = {
  idInvalid: 'id must be 1 to 200 characters, without control characters.',
  idMismatch: 'The id in the body is not the one in the address.',
  titleRequired: 'title is required.',
  titleInvalid: 'title must be 1 to 300 characters, without control characters.',
  urlInvalid: 'url must be an http:// or https:// address of at most 2,000 characters.',
  imageUrlInvalid: 'image_url must be an http:// or https:// address of at most 2,000 characters.',
  priceInvalid: 'price must be a number from 0 to 1,000,000,000,000.',
  currencyInvalid: 'currency must be an ISO 4217 code, such as USD or EUR.',
  priceWithoutCurrency: 'price needs its currency.',
  currencyWithoutPrice: 'currency goes with a price.',
  categoriesInvalid: 'categories must be a list of at most 20 names.',
  categoryInvalid: 'Each category is 1 to 100 characters, without control characters.',
  inStockInvalid: 'in_stock must be true or false.',
  notAnObject: 'A product is a JSON object.',
  unknownField: (field: string) => `Unknown field "${field}". A product has id, title, url, image_url, price, currency, categories and in_stock.`,
  bulkInvalid: 'Send {"products": [...]} with between 1 and 1,000 products.',
  tooMany: 'Too many products in one call: send at most 1,000.',
  repeatedInCall: 'The same id comes again later in this call: the later one was kept.',
  notFound: 'This product does not exist.',
  created: 'Product added.',
  saved: 'Product saved.',
  deleted: 'Product deleted.',
  cursorInvalid: 'This page link is not valid any more. Start from the first page.',
  searchInvalid: 'Search for at most 200 characters.',
  limitInvalid: 'limit must be a whole number from 1 to 200.',
  // The CSV import's own (a cell is text: these say what text it takes).
  idColumn: 'Choose exactly one column for the product id.',
  fieldColumnTwice: 'Choose at most one column for each product field.',
  priceCell: 'price must be a number of 0 or more, such as 19.99.',
  inStockCell: 'in_stock must be yes, no, true, false, 1 or 0.',
  repeatedInFile: 'The same product id appears earlier in the file.',
  titleRequiredNew: 'title is required for a new product.',
} as const;

// Control characters (C0 and DEL): a NUL cannot be stored in text, the others are never meant.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\u0000-\u001f\u007f]/;
// The scheme, a host (never empty), then any path, query or fragment; no space or control
// character anywhere. The classes do not overlap, so a long address is read in one pass.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const HTTP_URL = /^https?:\/\/[^\s/?#\u0000-\u001f\u007f]+(?:[/?#][^\s\u0000-\u001f\u007f]*)?$/i;

const text = (max: number, message: string) =>
  z.string({ error: message }).check(
    z.maxLength(max, { error: message, abort: true }),
    z.refine((value: string) => !CONTROL.test(value), { error: message, abort: true }),
  );

/** The customer's product id: any text of 1 to 200 characters without control characters, kept exactly. */
export const productIdSchema = text(PRODUCT_LIMITS.id, PRODUCT_MESSAGES.idInvalid).check(z.minLength(1, PRODUCT_MESSAGES.idInvalid));

const httpUrl = (message: string) =>
  z.nullable(
    z.string({ error: message }).check(
      z.maxLength(PRODUCT_LIMITS.url, { error: message, abort: true }),
      z.regex(HTTP_URL, message),
    ),
  );

const currency = z.string({ error: PRODUCT_MESSAGES.currencyInvalid }).check(
  z.maxLength(3, { error: PRODUCT_MESSAGES.currencyInvalid, abort: true }),
  z.toUpperCase(),
  z.refine(isCurrencyCode, PRODUCT_MESSAGES.currencyInvalid),
);

const category = z
  .string({ error: PRODUCT_MESSAGES.categoryInvalid })
  .check(
    z.maxLength(PRODUCT_LIMITS.category, { error: PRODUCT_MESSAGES.categoryInvalid, abort: true }),
    z.refine((value: string) => !CONTROL.test(value), { error: PRODUCT_MESSAGES.categoryInvalid, abort: true }),
    z.trim(),
    z.minLength(1, PRODUCT_MESSAGES.categoryInvalid),
  );

/** A product's fields; a PUT replaces them all (a field left out is cleared to its default). */
const productShape = {
  title: z
    .string({ error: (issue) => (issue.input === undefined ? PRODUCT_MESSAGES.titleRequired : PRODUCT_MESSAGES.titleInvalid) })
    .check(
      z.maxLength(PRODUCT_LIMITS.title, { error: PRODUCT_MESSAGES.titleInvalid, abort: true }),
      z.refine((value: string) => !CONTROL.test(value), { error: PRODUCT_MESSAGES.titleInvalid, abort: true }),
      z.trim(),
      z.minLength(1, PRODUCT_MESSAGES.titleRequired),
    ),
  url: z._default(httpUrl(PRODUCT_MESSAGES.urlInvalid), null),
  image_url: z._default(httpUrl(PRODUCT_MESSAGES.imageUrlInvalid), null),
  price: z._default(
    z.nullable(z.number({ error: PRODUCT_MESSAGES.priceInvalid }).check(z.minimum(0, PRODUCT_MESSAGES.priceInvalid), z.maximum(PRODUCT_LIMITS.maxPrice, PRODUCT_MESSAGES.priceInvalid))),
    null,
  ),
  currency: z._default(z.nullable(currency), null),
  categories: z._default(
    z
      .array(category, { error: PRODUCT_MESSAGES.categoriesInvalid })
      .check(
        z.maxLength(PRODUCT_LIMITS.categories, { error: PRODUCT_MESSAGES.categoriesInvalid, abort: true }),
        // A category named twice is one category.
        z.overwrite((names: string[]) => [...new Set(names)]),
      ),
    [],
  ),
  in_stock: z._default(z.boolean({ error: PRODUCT_MESSAGES.inStockInvalid }), true),
};

type Money = { price: number | null; currency: string | null };

// A price and its currency come together: a price alone cannot be shown, a currency alone means nothing.
const moneyTogether = [
  z.refine<Money>((value) => value.price === null || value.currency !== null, {
    error: PRODUCT_MESSAGES.priceWithoutCurrency,
    path: ['currency'],
    when: (payload) => payload.issues.length === 0,
  }),
  z.refine<Money>((value) => value.currency === null || value.price !== null, {
    error: PRODUCT_MESSAGES.currencyWithoutPrice,
    path: ['price'],
    when: (payload) => payload.issues.length === 0,
  }),
] as const;

/** The body of PUT /api/v1/products/{id}: the id is the address's (given here too, it must be the same). */
export const productPutSchema = z.strictObject({ id: z.optional(productIdSchema), ...productShape }).check(...moneyTogether);

/** One product of a bulk POST /api/v1/products, or one row of a CSV import. */
export const productSchema = z.strictObject({ id: productIdSchema, ...productShape }).check(...moneyTogether);
export type ProductInput = z.output<typeof productSchema>;

/** The body of a bulk POST: each product is checked on its own (productSchema), so one bad product sinks nothing else. */
export const productBulkSchema = z.strictObject(
  { products: z.array(z.unknown(), { error: PRODUCT_MESSAGES.bulkInvalid }).check(z.minLength(1, PRODUCT_MESSAGES.bulkInvalid), z.maxLength(PRODUCT_LIMITS.perCall, PRODUCT_MESSAGES.tooMany)) },
  { error: PRODUCT_MESSAGES.bulkInvalid },
);

/** The query of a page of products: a search in ids and titles, and where the last page ended. */
export const productQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(PRODUCT_LIMITS.search, PRODUCT_MESSAGES.searchInvalid), withoutNul())),
  after: z.optional(z.string().check(z.maxLength(1_000, PRODUCT_MESSAGES.cursorInvalid))),
  limit: z._default(
    z.coerce
      .number({ error: PRODUCT_MESSAGES.limitInvalid })
      .check(
        z.int({ error: PRODUCT_MESSAGES.limitInvalid }),
        z.minimum(1, PRODUCT_MESSAGES.limitInvalid),
        z.maximum(PRODUCT_LIMITS.maxPageSize, PRODUCT_MESSAGES.limitInvalid),
      ),
    PRODUCT_LIMITS.pageSize,
  ),
});
export type ProductQuery = z.output<typeof productQuerySchema>;

export type ProductCheck<T> = { ok: true; product: T } | { ok: false; message: string; errors: FieldErrors };

/**
 * Checks one product with `schema`. The message is the first field's; for an unknown field it
 * names the fields a product has, so a typo says what was meant (the field's own entry in
 * `errors` is the API's usual "Unknown field: …").
 */
export function checkProduct<S extends typeof productSchema | typeof productPutSchema>(schema: S, input: unknown): ProductCheck<z.output<S>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: PRODUCT_MESSAGES.notAnObject, errors: { '': PRODUCT_MESSAGES.notAnObject } };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, product: result.data as z.output<S> };
  const errors = fieldErrors(result.error);
  const [first] = result.error.issues;
  const message = first?.code === 'unrecognized_keys' && first.path.length === 0 ? PRODUCT_MESSAGES.unknownField(first.keys[0]!) : Object.values(errors)[0];
  return { ok: false, message: message ?? PRODUCT_MESSAGES.notAnObject, errors };
}

/** A product as the API answers it. */
export interface Product {
  id: string;
  title: string;
  url: string | null;
  image_url: string | null;
  price: number | null;
  currency: string | null;
  categories: string[];
  in_stock: boolean;
  created_at: string;
  updated_at: string;
}

export interface ProductsPage {
  products: Product[];
  /** Pass as `after` for the next page; null on the last. */
  next_cursor: string | null;
  total: number;
}

export interface ProductBulkResult {
  created: number;
  updated: number;
  rejected: { index: number; message: string }[];
}
