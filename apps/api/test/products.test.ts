import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@postlark/shared/products';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey as customerWithKeyOf } from './support/api-keys';

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const call = accounts.call;

const customerWithKey = () => customerWithKeyOf(accounts);
const withKey = (key: string | undefined, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => callWithKey(accounts, key, method, url, payload);

const SHIRT = { title: 'Linen shirt', url: 'https://shop.example/p/shirt', image_url: 'https://cdn.shop.example/shirt.jpg', price: 49.5, currency: 'EUR', categories: ['Shirts', 'Linen'], in_stock: false };

describe('products through the public API', () => {
  it('are created then replaced whole by PUT, read back, and deleted', async () => {
    const { key } = await customerWithKey();
    const created = await withKey(key, 'PUT', 'products/SKU-1', SHIRT);
    expect(created.statusCode).toBe(201);
    expect(created.json().payload).toMatchObject({ message: PRODUCT_MESSAGES.created, product: { id: 'SKU-1', ...SHIRT } });
    const firstMade = created.json().payload.product.created_at;

    accounts.advance(60_000);
    // A replace: what the body leaves out is cleared to its default, not kept.
    const replaced = await withKey(key, 'PUT', 'products/SKU-1', { title: 'Linen shirt, blue' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().payload.message).toBe(PRODUCT_MESSAGES.saved);
    const read = (await withKey(key, 'GET', 'products/SKU-1')).json().payload;
    expect(read).toEqual({
      id: 'SKU-1',
      title: 'Linen shirt, blue',
      url: null,
      image_url: null,
      price: null,
      currency: null,
      categories: [],
      in_stock: true,
      created_at: firstMade,
      updated_at: accounts.now().toISOString(),
    });

    // Ids are the customer's own: any characters, up to 200, an encoded "/" included.
    const longId = `${'é'.repeat(150)}/${'x'.repeat(49)}`;
    expect(longId).toHaveLength(PRODUCT_LIMITS.id);
    const long = await withKey(key, 'PUT', `products/${encodeURIComponent(longId)}`, { id: longId, title: 'Long id' });
    expect(long.statusCode, long.body).toBe(201);
    expect((await withKey(key, 'GET', `products/${encodeURIComponent(longId)}`)).json().payload.title).toBe('Long id');

    const deleted = await withKey(key, 'DELETE', 'products/SKU-1');
    expect(deleted.json().payload.message).toBe(PRODUCT_MESSAGES.deleted);
    const gone = await withKey(key, 'GET', 'products/SKU-1');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().payload.message).toBe(PRODUCT_MESSAGES.notFound);
    expect((await withKey(key, 'DELETE', 'products/SKU-1')).statusCode).toBe(404);
  });

  it('take many at once: one bad product never sinks the others, an id given twice keeps the later', async () => {
    const { key } = await customerWithKey();
    await withKey(key, 'PUT', 'products/old', { title: 'Old title', price: 5, currency: 'GBP' });
    const answer = await withKey(key, 'POST', 'products', {
      products: [
        { id: 'a', title: 'Mug', price: 12, currency: 'usd', categories: ['Kitchen'] },
        { id: 'b', title: 'Plate', price: -3, currency: 'USD' },
        { id: 'old', title: 'New title' },
        'not a product',
        { id: 'c', title: 'Bowl', colour: 'red' },
        { id: 'a', title: 'Mug, large', price: 14, currency: 'USD' },
        { id: 'd', title: 'Spoon', price: 2 },
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payload).toEqual({
      created: 1,
      updated: 1,
      rejected: [
        { index: 0, message: PRODUCT_MESSAGES.repeatedInCall },
        { index: 1, message: PRODUCT_MESSAGES.priceInvalid },
        { index: 3, message: PRODUCT_MESSAGES.notAnObject },
        { index: 4, message: PRODUCT_MESSAGES.unknownField('colour') },
        { index: 6, message: PRODUCT_MESSAGES.priceWithoutCurrency },
      ],
    });
    const page = (await withKey(key, 'GET', 'products')).json().payload;
    expect(page.products.map((product: { id: string; title: string; price: number | null; currency: string | null }) => [product.id, product.title, product.price, product.currency])).toEqual([
      ['a', 'Mug, large', 14, 'USD'],
      ['old', 'New title', null, null],
    ]);
    expect(page).toMatchObject({ total: 2, next_cursor: null });

    for (const body of [{}, { products: [] }, { products: {} }, { products: [{ id: 'x', title: 'x' }], extra: 1 }, []]) {
      const refused = await withKey(key, 'POST', 'products', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooMany = await withKey(key, 'POST', 'products', { products: Array.from({ length: PRODUCT_LIMITS.perCall + 1 }, (_, index) => ({ id: `p${index}`, title: 'x' })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().payload.message).toBe(PRODUCT_MESSAGES.tooMany);
    expect((await withKey(key, 'GET', 'products')).json().payload.total).toBe(2);
  });

  it('pages the catalogue in id order and searches ids and titles', async () => {
    const { key } = await customerWithKey();
    const products = Array.from({ length: 7 }, (_, index) => ({ id: `sku-${index}`, title: index % 2 === 0 ? `Blue 100%_cotton tee ${index}` : `Red cap ${index}` }));
    expect((await withKey(key, 'POST', 'products', { products })).json().payload).toEqual({ created: 7, updated: 0, rejected: [] });
    const seen: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const page: { products: { id: string }[]; next_cursor: string | null; total: number } = (await withKey(key, 'GET', `products?limit=3${after ? `&after=${after}` : ''}`)).json().payload;
      expect(page.total).toBe(7);
      seen.push(...page.products.map((product) => product.id));
      after = page.next_cursor;
    }
    expect(seen).toEqual(products.map((product) => product.id));
    const found = (await withKey(key, 'GET', `products?q=${encodeURIComponent('100%_c')}`)).json().payload;
    expect(found.products.map((product: { id: string }) => product.id)).toEqual(['sku-0', 'sku-2', 'sku-4', 'sku-6']);
    expect(found.total).toBe(4);
    expect((await withKey(key, 'GET', 'products?q=SKU-5')).json().payload.products).toHaveLength(1);
    const badCursor = await withKey(key, 'GET', 'products?after=not*a*cursor');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().payload.errors.after).toBe(PRODUCT_MESSAGES.cursorInvalid);
  });

  it("need a key, and another customer's key never sees or changes your products", async () => {
    const mine = await customerWithKey();
    const theirs = await customerWithKey();
    await withKey(mine.key, 'PUT', 'products/shared-id', SHIRT);

    const noKey = await withKey(undefined, 'GET', 'products');
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().payload.message).toBe(API_KEY_MESSAGES.missing);
    expect((await withKey('pl_live_' + 'x'.repeat(43), 'PUT', 'products/shared-id', SHIRT)).statusCode).toBe(401);
    // A session is not a key.
    expect((await call('GET', 'v1/products', mine.customer.cookie)).statusCode).toBe(401);

    expect((await withKey(theirs.key, 'GET', 'products/shared-id')).statusCode).toBe(404);
    expect((await withKey(theirs.key, 'GET', 'products')).json().payload).toEqual({ products: [], next_cursor: null, total: 0 });
    expect((await withKey(theirs.key, 'DELETE', 'products/shared-id')).statusCode).toBe(404);
    // The same id in their catalogue is their own product, made beside mine.
    expect((await withKey(theirs.key, 'PUT', 'products/shared-id', { title: 'Theirs' })).statusCode).toBe(201);
    expect((await withKey(theirs.key, 'POST', 'products', { products: [{ id: 'shared-id', title: 'Theirs again' }] })).json().payload).toMatchObject({ created: 0, updated: 1 });
    expect((await withKey(mine.key, 'GET', 'products/shared-id')).json().payload).toMatchObject({ id: 'shared-id', ...SHIRT });
    // The dashboard shows the signed-in customer's own only.
    const dashboard = (await call('GET', 'audience/v1/products', mine.customer.cookie)).json().payload;
    expect(dashboard.products.map((product: { title: string }) => product.title)).toEqual([SHIRT.title]);
    expect((await call('GET', 'audience/v1/products')).statusCode).toBe(401);
  });

  it('refuse bad input with a 400 naming the field', async () => {
    const { key } = await customerWithKey();
    const cases: [string, object, string, string][] = [
      ['products/p1', { title: 'x', price: 'ten', currency: 'EUR' }, 'price', PRODUCT_MESSAGES.priceInvalid],
      ['products/p1', { title: 'x', price: 10, currency: 'EURO' }, 'currency', PRODUCT_MESSAGES.currencyInvalid],
      ['products/p1', { title: 'x', url: 'ftp://shop.example/x' }, 'url', PRODUCT_MESSAGES.urlInvalid],
      ['products/p1', { price: 1, currency: 'EUR' }, 'title', PRODUCT_MESSAGES.titleRequired],
      ['products/p1', { title: 'x', in_stock: 'yes' }, 'in_stock', PRODUCT_MESSAGES.inStockInvalid],
      ['products/p1', { title: 'x', categories: ['a', ''] }, 'categories.1', PRODUCT_MESSAGES.categoryInvalid],
      ['products/p1', { id: 'p2', title: 'x' }, 'id', PRODUCT_MESSAGES.idMismatch],
      ['products/p1', ['x'], '', PRODUCT_MESSAGES.notAnObject],
      [`products/${'x'.repeat(201)}`, { title: 'x' }, 'id', PRODUCT_MESSAGES.idInvalid],
      ['products/a%00b', { title: 'x' }, 'id', PRODUCT_MESSAGES.idInvalid],
    ];
    for (const [url, body, field, message] of cases) {
      const answer = await withKey(key, 'PUT', url, body);
      expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json().payload.errors[field]).toBe(message);
      expect(answer.json().payload.message).toBe(message);
    }
    const unknown = (await withKey(key, 'PUT', 'products/p1', { title: 'x', sku: 'p1' })).json().payload;
    expect(unknown).toEqual({ message: PRODUCT_MESSAGES.unknownField('sku'), errors: { sku: GENERIC_MESSAGES.unknownField('sku') } });
    expect((await withKey(key, 'GET', 'products')).json().payload.total).toBe(0);
    expect((await withKey(key, 'GET', `products?q=${'q'.repeat(201)}`)).statusCode).toBe(400);
    for (const limit of ['0', 'abc', '2.5', '201']) {
      const refused = await withKey(key, 'GET', `products?limit=${limit}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().payload.errors.limit).toBe(PRODUCT_MESSAGES.limitInvalid);
    }
  });

  it('answer a thousand products of the longest fields, and a megabyte where a short field goes, without a slow path', async () => {
    const { key } = await customerWithKey();
    const longest = (index: number) => ({
      id: `${index}`.padStart(PRODUCT_LIMITS.id, '0'),
      title: 't'.repeat(PRODUCT_LIMITS.title),
      url: `https://shop.example/${'u'.repeat(PRODUCT_LIMITS.url - 21)}`,
      image_url: `https://shop.example/${'i'.repeat(PRODUCT_LIMITS.url - 21)}`,
      price: PRODUCT_LIMITS.maxPrice,
      currency: 'JPY',
      categories: Array.from({ length: PRODUCT_LIMITS.categories }, (_, category) => `${category}`.padEnd(PRODUCT_LIMITS.category, 'c')),
      in_stock: true,
    });
    const bulk = await withKey(key, 'POST', 'products', { products: Array.from({ length: PRODUCT_LIMITS.perCall }, (_, index) => longest(index)) });
    expect(bulk.statusCode, bulk.body.slice(0, 200)).toBe(200);
    expect(bulk.json().payload).toEqual({ created: PRODUCT_LIMITS.perCall, updated: 0, rejected: [] });
    const stored = (await withKey(key, 'GET', `products/${longest(7).id}`)).json().payload;
    expect(stored).toMatchObject({ ...longest(7), price: PRODUCT_LIMITS.maxPrice });

    const megabyte = 'a@'.repeat(500_000);
    const attacks = await withKey(key, 'POST', 'products', {
      products: [
        { id: megabyte, title: 'x' },
        { id: 'x', title: megabyte },
        { id: 'x', title: 'x', url: `https://${megabyte}` },
        { id: 'x', title: 'x', categories: [megabyte] },
        { id: 'x', title: 'x', price: 1, currency: megabyte },
      ],
    });
    expect(attacks.json().payload.rejected.map((rejection: { message: string }) => rejection.message)).toEqual([
      PRODUCT_MESSAGES.idInvalid,
      PRODUCT_MESSAGES.titleInvalid,
      PRODUCT_MESSAGES.urlInvalid,
      PRODUCT_MESSAGES.categoryInvalid,
      PRODUCT_MESSAGES.currencyInvalid,
    ]);
    // Past the body limit: a 413 with the usual message, nothing stored.
    const huge = await withKey(key, 'POST', 'products', { products: [{ id: 'x', title: 'x', url: `https://${'a'.repeat(9 * 1024 * 1024)}` }] });
    expect(huge.statusCode).toBe(413);
  });

  it('are described in the OpenAPI document', async () => {
    const document = (await accounts.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(document.paths['/v1/products'])).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/v1/products/{id}'])).toEqual(['parameters', 'put', 'get', 'delete']);
    expect(document.components.schemas.ProductFields.properties.categories.maxItems).toBe(PRODUCT_LIMITS.categories);
  });
});
