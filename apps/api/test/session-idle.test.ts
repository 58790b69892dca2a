import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';

// Issue 18, finding 16 (a): a session left unused for SESSION_IDLE_DAYS (7 by default) ends, within
// its 30-day life; using it keeps it alive, with a write at most every few minutes.

const accounts = useAccountsApp();
const DAY = 86_400_000;

const session = (cookie: string) => accounts.call('GET', 'authentication/v1/session', cookie);

async function lastSeen(customerId: string): Promise<string[]> {
  const rows = await rawQuery<{ last_seen_at: Date }>(accounts.database.db, 'select last_seen_at from sessions where customer_id = $1::uuid', [customerId]);
  return rows.map((row) => new Date(row.last_seen_at).toISOString());
}

describe('session idle timeout', () => {
  it('ends a session left unused for 7 days, while one used every few days lives on', async () => {
    const used = await accounts.signedInCustomer();
    const idle = await accounts.signedInCustomer();
    for (let day = 0; day < 3; day += 1) {
      accounts.advance(6 * DAY);
      expect((await session(used.cookie)).statusCode, `after ${(day + 1) * 6} days`).toBe(200);
    }
    // 18 days since either signed in: the idle one was last used then.
    expect((await session(idle.cookie)).statusCode).toBe(401);
    expect((await session(used.cookie)).statusCode).toBe(200);
  });

  it('records use at most once every few minutes, not on every request', async () => {
    const customer = await accounts.signedInCustomer();
    const signedInAt = await lastSeen(customer.customerId);
    accounts.advance(60_000);
    expect((await session(customer.cookie)).statusCode).toBe(200);
    expect(await lastSeen(customer.customerId)).toEqual(signedInAt);
    accounts.advance(10 * 60_000);
    expect((await session(customer.cookie)).statusCode).toBe(200);
    expect(await lastSeen(customer.customerId)).toEqual([accounts.now().toISOString()]);
  });

  it('still ends every session 30 days after sign-in, however much it is used', async () => {
    const customer = await accounts.signedInCustomer();
    for (let day = 0; day < 4; day += 1) {
      accounts.advance(6 * DAY);
      expect((await session(customer.cookie)).statusCode).toBe(200);
    }
    accounts.advance(6 * DAY);
    expect((await session(customer.cookie)).statusCode).toBe(401);
  });
});
