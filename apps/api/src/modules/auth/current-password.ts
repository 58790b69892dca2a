import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { verifyPassword } from './passwords';
import { accountThrottleKey, clientThrottleKey, passwordAccepted, startPasswordCheck } from './sign-in-throttle';

/**
 * Re-authenticates a signed-in customer before a sensitive change (password, email address, API
 * key): the current password is checked like a sign-in, with the same waits after repeated
 * failures, counted before the check so parallel guesses cannot slip past them. A wrong one is a
 * 400 on the `current_password` field.
 */
export async function checkCurrentPassword(
  deps: { db: Db; now: () => Date },
  customer: { email: string; passwordHash: string },
  password: string,
  client: { ipHash: string },
): Promise<void> {
  const keys = { account: accountThrottleKey(customer.email), client: clientThrottleKey(client.ipHash) };
  await startPasswordCheck(deps.db, keys, deps.now());
  if (!(await verifyPassword(customer.passwordHash, password))) {
    throw new HttpError(400, PROFILE_MESSAGES.currentPasswordWrong, { current_password: PROFILE_MESSAGES.currentPasswordWrong });
  }
  await passwordAccepted(deps.db, keys);
}
