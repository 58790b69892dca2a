import { AUDIENCE_LIMITS } from '@postlark/shared/audience';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();
const call = accounts.call;
const KEYS = 'audience/v1/subscribers/attribute-keys';

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

async function add(customer: Customer, email: string, attributes: object) {
  const response = await call('POST', 'audience/v1/subscribers', customer.cookie, { email, attributes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload.subscriber.id as string;
}

async function keysOf(customer: Customer) {
  const response = await call('GET', KEYS, customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload.keys as { key: string; subscribers: number }[];
}

describe('subscriber attribute keys', () => {
  it("counts each key over the customer's own subscribers, the most common first, ties by key", async () => {
    const mine = await accounts.signedInCustomer();
    const theirs = await accounts.signedInCustomer();
    expect(await keysOf(mine)).toEqual([]);

    await add(mine, 'ada@example.com', { plan: 'pro', seats: 3 });
    await add(mine, 'alan@example.com', { plan: 'free' });
    // A key set to null is still a key the person has (a segment's "is set" matches it).
    const grace = await add(mine, 'grace@example.com', { plan: 'pro', seats: null, company: 'Navy', beta: true });
    await add(mine, 'edsger@example.com', {});
    await add(theirs, 'barbara@example.com', { region: 'eu', plan: 'team' });

    expect(await keysOf(mine)).toEqual([
      { key: 'plan', subscribers: 3 },
      { key: 'seats', subscribers: 2 },
      { key: 'beta', subscribers: 1 },
      { key: 'company', subscribers: 1 },
    ]);
    // The other customer sees only their own keys and counts, never the first one's.
    expect(await keysOf(theirs)).toEqual([
      { key: 'plan', subscribers: 1 },
      { key: 'region', subscribers: 1 },
    ]);

    // Keys are what subscribers have now: erasing the only one with a key takes it off the list.
    expect((await call('DELETE', `audience/v1/subscribers/${grace}`, mine.cookie)).statusCode).toBe(200);
    expect(await keysOf(mine)).toEqual([
      { key: 'plan', subscribers: 2 },
      { key: 'seats', subscribers: 1 },
    ]);
  });

  it(`lists at most ${AUDIENCE_LIMITS.attributeKeysListed} keys, the most common`, async () => {
    const customer = await accounts.signedInCustomer();
    const { db } = accounts.database;
    const { subscribers } = await import('../src/db/schema/audience');
    // Six people of 50 keys each (the most one may have), inserted directly: the first two share
    // key_00..key_49, the other four have 50 of their own, so 250 keys in all.
    const now = accounts.now();
    const keysFor = (person: number) => Array.from({ length: 50 }, (_unused, index) => `${person < 2 ? 'key' : `own${person}`}_${String(index).padStart(2, '0')}`);
    const values = Array.from({ length: 6 }, (_unused, person) => ({
      customerId: customer.customerId,
      email: `many${person}@example.com`,
      attributes: Object.fromEntries(keysFor(person).map((key) => [key, true])),
      createdAt: now,
      updatedAt: now,
      consentSource: 'import',
    }));
    await db.insert(subscribers).values(values);

    const keys = await keysOf(customer);
    expect(keys).toHaveLength(AUDIENCE_LIMITS.attributeKeysListed);
    // The shared keys first, then those of one person each, by key, until the limit.
    expect(keys.slice(0, 50)).toEqual(keysFor(0).map((key) => ({ key, subscribers: 2 })));
    expect(keys.slice(50)).toEqual([2, 3, 4].flatMap((person) => keysFor(person).map((key) => ({ key, subscribers: 1 }))));
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', KEYS)).statusCode).toBe(401);
  });
});
