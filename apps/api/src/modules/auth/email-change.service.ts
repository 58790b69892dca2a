import { normalizeEmail } from '@postlark/shared/email';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { type EmailChange, PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { MailService } from '../../mail/mail-service';
import { notify } from '../notifications/notify';
import { issueToken, spendToken, supersedeCustomerTokens } from './auth-tokens.repository';
import { checkCurrentPassword } from './current-password';
import { findCustomerByEmail, findCustomerById, updateEmail } from './customers.repository';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import { deleteCustomerSessions, deleteOtherSessions } from './sessions.repository';

const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface EmailChangeDeps {
  db: Db;
  mail: MailService;
  appUrl: string;
  now: () => Date;
}

/** A fresh token of the purpose for the address, acting on the customer, and the page link that carries it. */
async function tokenLink(deps: EmailChangeDeps, purpose: 'email-change' | 'email-change-cancel', page: string, email: string, customerId: string) {
  const now = deps.now();
  const { token, hash } = newSecretToken();
  await issueToken(deps.db, { email: email.toLowerCase(), purpose, tokenHash: hash, customerId, now, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS) });
  return `${deps.appUrl}${page}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/**
 * Asks for a new address, after the current password (checked like a sign-in, with its waits):
 * nothing changes until the link mailed to that address is opened, and the current address is
 * told, with a link that cancels the change, so a stolen session cannot quietly take the account.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  customerId: string,
  request: EmailChange,
  client: { ipHash: string },
): Promise<void> {
  const customer = await findCustomerById(deps.db, customerId);
  if (!customer) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  await checkCurrentPassword(deps, customer, request.current_password, client);
  const newEmail = normalizeEmail(request.new_email);
  if (newEmail.toLowerCase() === customer.email.toLowerCase()) {
    throw new HttpError(400, PROFILE_MESSAGES.sameEmail, { new_email: PROFILE_MESSAGES.sameEmail });
  }
  if (await findCustomerByEmail(deps.db, newEmail)) {
    throw new HttpError(409, PROFILE_MESSAGES.emailTaken, { new_email: PROFILE_MESSAGES.emailTaken });
  }
  const link = await tokenLink(deps, 'email-change', ROUTES.confirmEmail, newEmail, customer.id);
  const cancelLink = await tokenLink(deps, 'email-change-cancel', ROUTES.cancelEmailChange, customer.email, customer.id);
  await deps.mail.enqueue({ template: 'email-change-confirm', to: newEmail, link });
  await deps.mail.enqueue({ template: 'email-change-notice', to: customer.email, firstName: customer.firstName, newEmail, cancelLink });
}

/**
 * Applies a new address from its confirmation link. Every bad link gets the same answer. Every
 * session but the confirming browser's own (when it is signed in to this account) ends: whoever
 * else was signed in must sign in again with the new address.
 */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  request: { email: string; token: string },
  session: { tokenHash?: string },
): Promise<void> {
  const newEmail = normalizeEmail(request.email);
  const now = deps.now();
  const spent = await spendToken(deps.db, { email: newEmail.toLowerCase(), purpose: 'email-change', tokenHash: hashSecretToken(request.token), now });
  if (!spent?.customerId) throw new HttpError(400, AUTH_API_MESSAGES.badToken);
  // The unique index decides if another account took the address since the link was sent.
  if (!(await updateEmail(deps.db, spent.customerId, newEmail))) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
  if (session.tokenHash) await deleteOtherSessions(deps.db, spent.customerId, session.tokenHash);
  else await deleteCustomerSessions(deps.db, spent.customerId);
  await notify(deps.db, spent.customerId, 'email-changed', now);
}

/**
 * "This wasn't me", from the notice to the old address: voids every pending change of the
 * account's address and ends every session, since whoever asked was signed in and knew the
 * password. The page then tells the owner to reset it. Every bad link gets the same answer.
 */
export async function cancelEmailChange(deps: EmailChangeDeps, request: { email: string; token: string }): Promise<void> {
  const now = deps.now();
  const email = normalizeEmail(request.email).toLowerCase();
  const spent = await spendToken(deps.db, { email, purpose: 'email-change-cancel', tokenHash: hashSecretToken(request.token), now });
  if (!spent?.customerId) throw new HttpError(400, AUTH_API_MESSAGES.badToken);
  await voidPendingEmailChanges(deps.db, spent.customerId, now);
  await deleteCustomerSessions(deps.db, spent.customerId);
}

/** A password change or reset voids any pending email change: a link asked for before it must not outlive it. */
export async function voidPendingEmailChanges(db: Db, customerId: string, now: Date): Promise<void> {
  await supersedeCustomerTokens(db, customerId, 'email-change', now);
}
