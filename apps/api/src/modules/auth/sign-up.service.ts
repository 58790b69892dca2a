import { normalizeEmail } from '@postlark/shared/email';
import type { SignupRequest } from '@postlark/shared/account';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isLiveToken, issueToken, liveTokenByHash, spendToken } from './auth-tokens.repository';
import { findCustomerByEmail, insertCustomer } from './customers.repository';
import { hashPassword, isCommonPassword } from './passwords';
import { hashSecretToken, newSecretToken } from './secret-tokens';

// The browser that opened a sign-up link may finish signing up within the hour.
export const SIGNUP_TICKET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Called when a sign-up link is opened: a single-use ticket for the browser that opened it (the
 * route sets it as a cookie), stored as its hash and bound to the address. Only that browser can
 * then sign the address up, so someone polling signup with their own password cannot take the
 * address when the owner, or a mail scanner, opens the link.
 */
export async function issueSignupTicket(deps: { db: Db; now: () => Date }, email: string): Promise<string> {
  const now = deps.now();
  const { token, hash } = newSecretToken();
  await issueToken(deps.db, {
    email: normalizeEmail(email).toLowerCase(),
    purpose: 'sign-up-ticket',
    tokenHash: hash,
    now,
    expiresAt: new Date(now.getTime() + SIGNUP_TICKET_LIFETIME_MS),
  });
  return token;
}

/**
 * A sign-up under way in this browser (issue 38): the address its ticket was issued for and until
 * when, so a reload of /signup or /basic resumes the step instead of asking for a new email. The
 * ticket stays in its HttpOnly cookie; only its address and expiry are answered.
 */
export async function resumeSignup(deps: { db: Db; now: () => Date }, ticket: string | undefined): Promise<{ email: string; expires_at: string }> {
  const held = ticket ? await liveTokenByHash(deps.db, { purpose: 'sign-up-ticket', tokenHash: hashSecretToken(ticket), now: deps.now() }) : undefined;
  if (!held) throw new HttpError(404, AUTH_API_MESSAGES.noSignupTicket);
  return { email: held.email, expires_at: held.expiresAt.toISOString() };
}

/**
 * SPEC section 7's signup: only with the ticket of the browser that verified the address, checked
 * before anything else (so without it nobody learns whether the address has an account), and
 * spent atomically before the account is made, so one ticket makes at most one account.
 */
export async function signUp(
  deps: { db: Db; now: () => Date; countryNames: ReadonlySet<string> },
  details: SignupRequest['customer_details'],
  ticket: string | undefined,
): Promise<void> {
  const email = normalizeEmail(details.email);
  const held = ticket ? { email: email.toLowerCase(), purpose: 'sign-up-ticket' as const, tokenHash: hashSecretToken(ticket) } : undefined;
  if (!held || !(await isLiveToken(deps.db, { ...held, now: deps.now() }))) throw new HttpError(403, AUTH_API_MESSAGES.notVerified);
  // Refused details leave the ticket usable, so the person can correct them.
  if (!deps.countryNames.has(details.country)) {
    throw new HttpError(400, AUTH_API_MESSAGES.unknownCountry, { country: AUTH_API_MESSAGES.unknownCountry });
  }
  if (isCommonPassword(details.password)) {
    throw new HttpError(400, AUTH_API_MESSAGES.commonPassword, { password: AUTH_API_MESSAGES.commonPassword });
  }
  if (!(await spendToken(deps.db, { ...held, now: deps.now() }))) throw new HttpError(403, AUTH_API_MESSAGES.notVerified);
  if (await findCustomerByEmail(deps.db, email)) throw new HttpError(409, AUTH_API_MESSAGES.accountExists);
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
