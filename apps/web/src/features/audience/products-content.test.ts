import { describe, expect, it } from 'vitest';
import { productPrice } from './products-content';

describe('a product price', () => {
  it('reads in its currency', () => {
    expect(productPrice({ price: 49.5, currency: 'EUR' })).toBe('€49.50');
    expect(productPrice({ price: 1234, currency: 'USD' })).toBe('US$1,234.00');
    expect(productPrice({ price: 500, currency: 'JPY' })).toBe('JP¥500');
  });

  it('is none without a price or its currency', () => {
    expect(productPrice({ price: null, currency: null })).toBeNull();
    expect(productPrice({ price: 5, currency: null })).toBeNull();
  });
});
