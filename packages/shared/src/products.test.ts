import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from './messages';
import { checkProduct, PRODUCT_MESSAGES, productPutSchema, productSchema } from './products';

const good = { id: 'SKU-1', title: '  Linen shirt ', url: 'https://shop.example/p/1', price: 49.5, currency: 'eur', categories: ['Shirts', ' Linen', 'Shirts'] };

describe('a product', () => {
  it('takes its fields, trims texts, upper-cases the currency, and defaults what is left out', () => {
    expect(checkProduct(productSchema, good)).toEqual({
      ok: true,
      product: { id: 'SKU-1', title: 'Linen shirt', url: 'https://shop.example/p/1', image_url: null, price: 49.5, currency: 'EUR', categories: ['Shirts', 'Linen'], in_stock: true },
    });
  });

  it.each([
    [{ ...good, id: '' }, 'id', PRODUCT_MESSAGES.idInvalid],
    [{ ...good, id: 'x'.repeat(201) }, 'id', PRODUCT_MESSAGES.idInvalid],
    [{ ...good, id: 'a\u0000b' }, 'id', PRODUCT_MESSAGES.idInvalid],
    [{ ...good, title: undefined }, 'title', PRODUCT_MESSAGES.titleRequired],
    [{ ...good, title: '   ' }, 'title', PRODUCT_MESSAGES.titleRequired],
    [{ ...good, title: 't'.repeat(301) }, 'title', PRODUCT_MESSAGES.titleInvalid],
    [{ ...good, url: 'javascript:alert(1)' }, 'url', PRODUCT_MESSAGES.urlInvalid],
    [{ ...good, url: `https://x.example/${'a'.repeat(2_000)}` }, 'url', PRODUCT_MESSAGES.urlInvalid],
    [{ ...good, image_url: 'https://exa mple.com/x.png' }, 'image_url', PRODUCT_MESSAGES.imageUrlInvalid],
    [{ ...good, price: -1 }, 'price', PRODUCT_MESSAGES.priceInvalid],
    [{ ...good, price: '12' }, 'price', PRODUCT_MESSAGES.priceInvalid],
    [{ ...good, price: 1e13 }, 'price', PRODUCT_MESSAGES.priceInvalid],
    [{ ...good, currency: 'EURO' }, 'currency', PRODUCT_MESSAGES.currencyInvalid],
    [{ ...good, currency: 'XYZ' }, 'currency', PRODUCT_MESSAGES.currencyInvalid],
    [{ ...good, currency: null }, 'currency', PRODUCT_MESSAGES.priceWithoutCurrency],
    [{ ...good, price: null }, 'price', PRODUCT_MESSAGES.currencyWithoutPrice],
    [{ ...good, categories: Array.from({ length: 21 }, (_, index) => `c${index}`) }, 'categories', PRODUCT_MESSAGES.categoriesInvalid],
    [{ ...good, categories: ['c'.repeat(101)] }, 'categories.0', PRODUCT_MESSAGES.categoryInvalid],
    [{ ...good, categories: 'Shirts' }, 'categories', PRODUCT_MESSAGES.categoriesInvalid],
    [{ ...good, in_stock: 'yes' }, 'in_stock', PRODUCT_MESSAGES.inStockInvalid],
  ])('refuses %j naming %s', (input, field, message) => {
    const checked = checkProduct(productSchema, input);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors[field]).toBe(message);
    expect(checked.message).toBe(message);
  });

  it('names an unknown field with the fields a product has, and as the API always does', () => {
    expect(checkProduct(productSchema, { ...good, colour: 'blue' })).toEqual({ ok: false, message: PRODUCT_MESSAGES.unknownField('colour'), errors: { colour: GENERIC_MESSAGES.unknownField('colour') } });
  });

  it('is a JSON object', () => {
    for (const input of [null, 'SKU-1', [good], 3]) expect(checkProduct(productSchema, input)).toMatchObject({ ok: false, message: PRODUCT_MESSAGES.notAnObject });
  });

  it('in a PUT takes its id from the address, so the body may leave it out', () => {
    expect(checkProduct(productPutSchema, { title: 'Mug' })).toMatchObject({ ok: true, product: { title: 'Mug', price: null, in_stock: true } });
  });
});
