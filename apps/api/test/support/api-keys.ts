import { expect } from 'vitest';
import { STRONG_PASSWORD } from './accounts';
import type { useAccountsApp } from './accounts-app';

type AccountsApp = ReturnType<typeof useAccountsApp>;

/** A new public API key of the signed-in customer whose session cookie this is. */
export async function apiKeyFor(accounts: AccountsApp, cookie: string): Promise<string> {
  const created = await accounts.call('POST', 'home/v1/api-keys', cookie, { name: 'Shop', current_password: STRONG_PASSWORD });
  expect(created.statusCode).toBe(201);
  return created.json().payload.key as string;
}

/** A signed-in customer and a fresh public API key of theirs. */
export async function customerWithKey(accounts: AccountsApp) {
  const customer = await accounts.signedInCustomer();
  return { customer, key: await apiKeyFor(accounts, customer.cookie) };
}

/** A call to the public API (/api/v1/...) with a key as its Bearer token. */
export function callWithKey(accounts: AccountsApp, key: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return accounts.app.inject({ method, url: `/api/v1/${url}`, headers: key ? { authorization: `Bearer ${key}` } : {}, ...(payload ? { payload } : {}) });
}
