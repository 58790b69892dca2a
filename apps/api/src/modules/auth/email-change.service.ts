import { normalizeEmail } from '@postlark/shared/email';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { type EmailChange, PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { MailService } from '../../mail/mail-service';
import { notify } from '../notifications/notify';
import { issueToken, spendToken } from './auth-tokens.repository';
import { findCustomerByEmail, findCustomerById, updateEmail } from './customers.repository';
import { hashSecretToken, newSecretToken } from './secret-tokens';

const CONFIRM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface EmailChangeDeps {
  db: Db;
  mail: MailService;
  appUrl: string;
  now: () => Date;
}

/**
 * Asks for a new address: nothing changes until the link mailed to that address is opened, and
 * the current address is told, so a stolen session cannot quietly take the account.
 */
export async function requestEmailChange(deps: EmailChangeDeps, customerId: string, request: EmailChange): Promise<void> {
  const customer = await findCustomerById(deps.db, customerId);
  if (!customer) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  const newEmail = normalizeEmail(request.new_email);
  if (newEmail.toLowerCase() === customer.email.toLowerCase()) {
    throw new HttpError(400, PROFILE_MESSAGES.sameEmail, { new_email: PROFILE_MESSAGES.sameEmail });
  }
  if (await findCustomerByEmail(deps.db, newEmail)) {
    throw new HttpError(409, PROFILE_MESSAGES.emailTaken, { new_email: PROFILE_MESSAGES.emailTaken });
  }
  const now = deps.now();
  const { token, hash } = newSecretToken();
  await issueToken(deps.db, {
    email: newEmail.toLowerCase(),
    purpose: 'email-change',
    tokenHash: hash,
    customerId: customer.id,
    now,
    expiresAt: new Date(now.getTime() + CONFIRM_LINK_LIFETIME_MS),
  });
  const link = `${deps.appUrl}${ROUTES.confirmEmail}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(newEmail)}`;
  await deps.mail.enqueue({ template: 'email-change-confirm', to: newEmail, link });
  await deps.mail.enqueue({ template: 'email-change-notice', to: customer.email, firstName: customer.firstName, newEmail });
}

/** Applies a new address from its confirmation link. Every bad link gets the same answer. */
export async function confirmEmailChange(deps: EmailChangeDeps, request: { email: string; token: string }): Promise<void> {
  const newEmail = normalizeEmail(request.email);
  const now = deps.now();
  const spent = await spendToken(deps.db, { email: newEmail.toLowerCase(), purpose: 'email-change', tokenHash: hashSecretToken(request.token), now });
  if (!spent?.customerId) throw new HttpError(400, AUTH_API_MESSAGES.badToken);
  // The unique index decides if another account took the address since the link was sent.
  if (!(await updateEmail(deps.db, spent.customerId, newEmail))) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
  await notify(deps.db, spent.customerId, 'email-changed', now);
}
