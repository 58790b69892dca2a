import { RECOMMENDATION_MESSAGES, RECOMMENDATION_REASONS } from '@postlark/shared/recommendations';
import { describe, expect, it } from 'vitest';
import { recommendationFitsSettled, recommendationsForMany } from '../src/modules/insights/recommendations.service';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey as customerWithKeyOf } from './support/api-keys';

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const customerWithKey = () => customerWithKeyOf(accounts);
const withKey = (key: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) => callWithKey(accounts, key, method, url, payload);

const CATALOGUE = [
  { id: 'milk', title: 'Whole milk', price: 1.2, currency: 'EUR' },
  { id: 'bread', title: 'Rye bread', url: 'https://shop.example/p/bread', image_url: 'https://cdn.shop.example/bread.jpg', price: 2.5, currency: 'EUR' },
  { id: 'jam', title: 'Plum jam', in_stock: false },
  { id: 'cheese', title: 'Gouda' },
  { id: 'butter', title: 'Butter' },
];

/** A shop where milk goes with bread (twice) and jam (once, now out of stock), and cheese sells alone. */
async function groceryShop(key: string) {
  expect((await withKey(key, 'POST', 'products', { products: CATALOGUE })).json().payload.created).toBe(CATALOGUE.length);
  const shopper = (await withKey(key, 'POST', 'subscribers', { email: 'tess@example.com' })).json().payload.subscriber.id as string;
  const at = accounts.now().toISOString();
  const baskets: [string, string[]][] = [
    ['ann@example.com', ['milk', 'bread']],
    ['bob@example.com', ['milk', 'bread']],
    ['cat@example.com', ['milk', 'jam']],
    ['dan@example.com', ['cheese']],
    ['eve@example.com', ['cheese']],
    ['tess@example.com', ['milk']],
  ];
  const events = baskets.map(([email, items], index) => ({
    name: 'order_placed',
    email,
    occurred_at: at,
    value: 10,
    currency: 'EUR',
    properties: { order_id: `o-${index}`, items: items.map((product_id) => ({ product_id, quantity: 1 })) },
  }));
  expect((await withKey(key, 'POST', 'events', { events })).json().payload.accepted).toBe(baskets.length);
  return shopper;
}

describe('GET /api/v1/subscribers/{id}/recommendations', () => {
  it('answers what was bought with the person\'s items, then the popular, never what they bought or what is out of stock', async () => {
    const { key } = await customerWithKey();
    const shopper = await groceryShop(key);
    const answer = await withKey(key, 'GET', `subscribers/${shopper}/recommendations`);
    expect(answer.statusCode, answer.body).toBe(200);
    // Bread: P(bread | milk) = 2/4 with two buyers; jam is out of stock, milk bought, butter never sold.
    expect(answer.json().payload).toEqual({
      products: [
        { id: 'bread', title: 'Rye bread', url: 'https://shop.example/p/bread', image_url: 'https://cdn.shop.example/bread.jpg', price: 2.5, currency: 'EUR', score: Number((0.5 * 2 ** 0.3).toFixed(6)), reason: RECOMMENDATION_REASONS.boughtWith('Whole milk') },
        // Cheese: 2 of the 9 purchases this month.
        { id: 'cheese', title: 'Gouda', url: null, image_url: null, price: null, currency: null, score: Number((2 / 9).toFixed(6)), reason: RECOMMENDATION_REASONS.popular },
      ],
    });
    expect(RECOMMENDATION_REASONS.popular).toBe('popular this month');

    const one = await withKey(key, 'GET', `subscribers/${shopper}/recommendations?limit=1`);
    expect(one.json().payload.products.map((product: { id: string }) => product.id)).toEqual(['bread']);
  });

  it('learn from new orders after 15 minutes without a request waiting for the fit, and never offer what the person just bought', async () => {
    const { key } = await customerWithKey();
    const shopper = await groceryShop(key);
    const shown = async () =>
      ((await withKey(key, 'GET', `subscribers/${shopper}/recommendations`)).json().payload.products as { id: string; reason: string }[]).map((product) => [product.id, product.reason]);
    expect(await shown()).toEqual([['bread', RECOMMENDATION_REASONS.boughtWith('Whole milk')], ['cheese', RECOMMENDATION_REASONS.popular]]);

    // Three more people buy milk with butter; the shopper buys bread.
    const at = accounts.now().toISOString();
    const order = (email: string, items: string[], id: string) => ({ name: 'order_placed', email, occurred_at: at, value: 5, currency: 'EUR', properties: { order_id: id, items: items.map((product_id) => ({ product_id })) } });
    const events = [order('fay@example.com', ['milk', 'butter'], 'n-1'), order('gus@example.com', ['milk', 'butter'], 'n-2'), order('hal@example.com', ['milk', 'butter'], 'n-3'), order('tess@example.com', ['bread'], 'n-4')];
    expect((await withKey(key, 'POST', 'events', { events })).json().payload.accepted).toBe(4);
    // At once: the bread they bought is gone; the shop's model is the one fitted a moment ago.
    expect(await shown()).toEqual([['cheese', RECOMMENDATION_REASONS.popular]]);
    // A quarter of an hour later the next call is still answered from the kept model, without
    // waiting, and starts a new fit beside it; once that is done, butter goes with milk.
    accounts.advance(15 * 60_000);
    expect(await shown()).toEqual([['cheese', RECOMMENDATION_REASONS.popular]]);
    await recommendationFitsSettled();
    expect(await shown()).toEqual([['butter', RECOMMENDATION_REASONS.boughtWith('Whole milk')], ['cheese', RECOMMENDATION_REASONS.popular]]);
  });

  it('refuses a limit outside 1 to 20 with the field\'s message', async () => {
    const { key } = await customerWithKey();
    const shopper = (await withKey(key, 'POST', 'subscribers', { email: 'tess@example.com' })).json().payload.subscriber.id as string;
    for (const limit of ['0', '21', 'five', '2.5', '-1']) {
      const answer = await withKey(key, 'GET', `subscribers/${shopper}/recommendations?limit=${limit}`);
      expect(answer.statusCode, limit).toBe(400);
      expect(answer.json().payload.message).toBe(RECOMMENDATION_MESSAGES.limitInvalid);
      expect(answer.json().payload.errors).toEqual({ limit: RECOMMENDATION_MESSAGES.limitInvalid });
    }
    const twenty = await withKey(key, 'GET', `subscribers/${shopper}/recommendations?limit=20`);
    expect(twenty.statusCode).toBe(200);
    // Nothing sold yet: nothing to recommend.
    expect(twenty.json().payload).toEqual({ products: [] });
  });

  it('answers 404 for another customer\'s subscriber or an id that is none, and 401 without a key', async () => {
    const { key } = await customerWithKey();
    const shopper = await groceryShop(key);
    const other = await customerWithKey();
    for (const id of [shopper, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await withKey(other.key, 'GET', `subscribers/${id}/recommendations`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().payload.message).toBe(RECOMMENDATION_MESSAGES.subscriberNotFound);
    }
    expect((await withKey(undefined, 'GET', `subscribers/${shopper}/recommendations`)).statusCode).toBe(401);
  });

  it('is in the API\'s documentation with its limits', async () => {
    const document = (await accounts.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const call = document.paths['/v1/subscribers/{id}/recommendations'].get;
    expect(call.parameters).toEqual([{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 20, default: 5 } }]);
    expect(Object.keys(call.responses).sort()).toEqual(['200', '400', '401', '404', '429']);
    expect(document.components.schemas.RecommendedProduct.properties.reason.description).toBe('"bought with <title>" or "popular this month"');
    const page = await accounts.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.body).toContain('<code>GET</code></td><td><code>/v1/subscribers/{id}/recommendations</code>');
  });

  it('come for a whole sending batch in one call, each person their own, nobody else\'s', async () => {
    const { key, customer } = await customerWithKey();
    const shopper = await groceryShop(key);
    const people = (await withKey(key, 'GET', 'subscribers?limit=10')).json().payload.subscribers as { id: string; email: string }[];
    const idOf = (email: string) => people.find((person) => person.email === email)!.id;
    const other = await customerWithKey();
    const stranger = (await withKey(other.key, 'POST', 'subscribers', { email: 'zed@example.com' })).json().payload.subscriber.id as string;
    const batch = await recommendationsForMany(accounts.database.db, customer.customerId, [shopper, idOf('cat@example.com'), idOf('dan@example.com'), stranger], 2, accounts.now());
    const ids = (id: string) => batch.get(id)!.map((product) => [product.id, product.reason]);
    expect(ids(shopper)).toEqual([['bread', RECOMMENDATION_REASONS.boughtWith('Whole milk')], ['cheese', RECOMMENDATION_REASONS.popular]]);
    // Cat bought milk and jam: bread goes with milk; Dan bought cheese, which goes with nothing.
    expect(ids(idOf('cat@example.com'))).toEqual([['bread', RECOMMENDATION_REASONS.boughtWith('Whole milk')], ['cheese', RECOMMENDATION_REASONS.popular]]);
    expect(ids(idOf('dan@example.com'))).toEqual([['milk', RECOMMENDATION_REASONS.popular], ['bread', RECOMMENDATION_REASONS.popular]]);
    expect(batch.get(stranger)).toEqual([]);
  });
});
