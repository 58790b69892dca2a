import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { findCustomerById } from '../auth/customers.repository';
import type { SenderOwner } from '../senders/senders.service';

/**
 * The key's customer as the senders' rules know a signed-in one: their id and their account's
 * address (always confirmed, and named in the confirmation emails as who asked). A key outlives no
 * account (keys go with it), so a missing customer is a key that no longer works.
 */
export async function senderOwnerOf(deps: { db: Db }, customerId: string): Promise<SenderOwner> {
  const customer = await findCustomerById(deps.db, customerId);
  if (!customer) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  return { customerId, email: customer.email };
}
