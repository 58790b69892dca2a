import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/audience';
import { STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor, callWithKey } from './support/api-keys';

// Issue 31, point 14: the public API's budget is the account's, shared by all its keys, and an
// account keeps a bounded number of keys. (Two API processes on one PostgreSQL sharing it:
// api-account-limits.postgres.test.ts.)

const PER_MINUTE = 6;
const KEYS = 3;
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: String(PER_MINUTE), API_KEYS_PER_ACCOUNT: String(KEYS) });

describe('the public API’s limit', () => {
  it('is shared by every key of an account: a second key adds no calls', async () => {
    const customer = await accounts.signedInCustomer();
    const keys = [await apiKeyFor(accounts, customer.cookie), await apiKeyFor(accounts, customer.cookie)];
    const other = await apiKeyFor(accounts, (await accounts.signedInCustomer()).cookie);

    const answers: number[] = [];
    for (let index = 0; index < PER_MINUTE; index += 1) answers.push((await callWithKey(accounts, keys[index % 2], 'GET', 'lists')).statusCode);
    expect(answers).toEqual(Array.from({ length: PER_MINUTE }, () => 200));
    for (const key of keys) {
      const refused = await callWithKey(accounts, key, 'GET', 'lists');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().payload.message).toBe(API_KEY_MESSAGES.tooMany);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another account has its own budget.
    expect((await callWithKey(accounts, other, 'GET', 'lists')).statusCode).toBe(200);

    accounts.advance(60_000);
    expect((await callWithKey(accounts, keys[1], 'GET', 'lists')).statusCode).toBe(200);
  });
});

describe('API keys per account', () => {
  it('are at most API_KEYS_PER_ACCOUNT live ones: one more is refused with a 409 saying so, until one is revoked', async () => {
    const customer = await accounts.signedInCustomer();
    for (let index = 0; index < KEYS; index += 1) await apiKeyFor(accounts, customer.cookie);
    const refused = await accounts.call('POST', 'home/v1/api-keys', customer.cookie, { name: 'One too many', current_password: STRONG_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe(API_KEY_MESSAGES.tooManyKeys(KEYS));
    const stored = await accounts.database.db.select().from(apiKeys).where(eq(apiKeys.customerId, customer.customerId));
    expect(stored.map((row) => row.name)).not.toContain('One too many');

    const listed = (await accounts.call('GET', 'home/v1/api-keys', customer.cookie)).json().payload.api_keys as { id: string }[];
    expect(listed).toHaveLength(KEYS);
    expect((await accounts.call('DELETE', `home/v1/api-keys/${listed[0]!.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await accounts.call('POST', 'home/v1/api-keys', customer.cookie, { name: 'In its place', current_password: STRONG_PASSWORD })).statusCode).toBe(201);
  });
});
