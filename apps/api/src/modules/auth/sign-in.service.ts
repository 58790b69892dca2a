import { normalizeEmail } from '@postlark/shared/email';
import type { LoginRequest } from '@postlark/shared/account';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { findCustomerByEmail } from './customers.repository';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { newSecretToken } from './secret-tokens';
import { insertSession } from './sessions.repository';
import { accountThrottleKey, clientThrottleKey, passwordAccepted, startPasswordCheck } from './sign-in-throttle';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface SignedIn {
  customerId: string;
  token: string;
  expiresAt: Date;
}

/**
 * Checks the password and opens a session. An unknown address and a wrong password get the same
 * answer after the same work; repeated failures make the account, and the client, wait.
 */
export async function signIn(
  deps: { db: Db; now: () => Date; sessionIdleMs: number },
  request: LoginRequest['customer_details'],
  client: { ipHash: string },
): Promise<SignedIn> {
  const email = normalizeEmail(request.email);
  const keys = { account: accountThrottleKey(email), client: clientThrottleKey(client.ipHash) };
  await startPasswordCheck(deps.db, keys, deps.now());

  const customer = await findCustomerByEmail(deps.db, email);
  const valid = customer ? await verifyPassword(customer.passwordHash, request.password) : await verifyAgainstDummy(request.password);
  // A failure was counted before the check; only a success needs recording.
  if (!customer || !valid) throw new HttpError(401, AUTH_API_MESSAGES.badCredentials);
  await passwordAccepted(deps.db, keys);

  const now = deps.now();
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await insertSession(deps.db, { customerId: customer.id, tokenHash: hash, now, expiresAt, idleSeconds: Math.round(deps.sessionIdleMs / 1000) });
  return { customerId: customer.id, token, expiresAt };
}
