import { normalizeEmail } from '@postlark/shared/email';
import type { SignupRequest } from '@postlark/shared/account';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { wasSpentSince } from './auth-tokens.repository';
import { findCustomerByEmail, insertCustomer } from './customers.repository';
import { hashPassword, isCommonPassword } from './passwords';

// A verified address may finish signing up within the hour after its link was opened.
const VERIFIED_FOR_MS = 60 * 60 * 1000;

/** SPEC section 7's signup: only for an address verified in the last hour that has no account. */
export async function signUp(
  deps: { db: Db; now: () => Date; countryNames: ReadonlySet<string> },
  details: SignupRequest['customer_details'],
): Promise<void> {
  if (!deps.countryNames.has(details.country)) {
    throw new HttpError(400, AUTH_API_MESSAGES.unknownCountry, { country: AUTH_API_MESSAGES.unknownCountry });
  }
  if (isCommonPassword(details.password)) {
    throw new HttpError(400, AUTH_API_MESSAGES.commonPassword, { password: AUTH_API_MESSAGES.commonPassword });
  }
  const email = normalizeEmail(details.email);
  if (await findCustomerByEmail(deps.db, email)) throw new HttpError(409, AUTH_API_MESSAGES.accountExists);
  const since = new Date(deps.now().getTime() - VERIFIED_FOR_MS);
  if (!(await wasSpentSince(deps.db, email.toLowerCase(), 'sign-up', since))) {
    throw new HttpError(403, AUTH_API_MESSAGES.notVerified);
  }
  const created = await insertCustomer(deps.db, {
    email,
    passwordHash: await hashPassword(details.password),
    firstName: details.first_name,
    lastName: details.last_name,
    gender: details.gender,
    dob: details.dob,
    country: details.country,
    reachedByOption: details.reached_by_option,
    createdAt: deps.now(),
    passwordChangedAt: deps.now(),
  });
  // Lost a race with another sign-up of the same address.
  if (!created) throw new HttpError(409, AUTH_API_MESSAGES.accountExists);
}
