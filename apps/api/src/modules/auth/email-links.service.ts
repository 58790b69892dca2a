import { normalizeEmail } from '@postlark/shared/email';
import type { EmailSendRequest, EmailVerificationRequest } from '@postlark/shared/account';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES, withoutTrailingSlash } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { MailService } from '../../mail/mail-service';
import { issueToken, spendToken, type TokenPurpose } from './auth-tokens.repository';
import { notify } from '../notifications/notify';
import { findCustomerByEmail, updatePassword } from './customers.repository';
import { voidPendingEmailChanges } from './email-change.service';
import { hashPassword, isCommonPassword } from './passwords';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import { deleteCustomerSessions } from './sessions.repository';
import { clearFailures } from './sign-in-failures.repository';
import { issueSignupTicket } from './sign-up.service';
import { accountThrottleKey } from './sign-in-throttle';

const HOUR_MS = 60 * 60 * 1000;

// SPEC's email-send pages, the page each link opens, its token's purpose and lifetime.
const PAGES = {
  'sign-up': { path: ROUTES.signup, purpose: 'sign-up', lifetimeMs: 24 * HOUR_MS },
  'forget-password': { path: ROUTES.forgetPassword, purpose: 'password-reset', lifetimeMs: HOUR_MS },
} as const satisfies Record<EmailSendRequest['page'], { path: string; purpose: TokenPurpose; lifetimeMs: number }>;

export interface EmailLinkDeps {
  db: Db;
  mail: MailService;
  appUrl: string;
  now: () => Date;
}

/** Addresses are matched without regard to case; tokens are bound to that form. */
const tokenEmail = (email: string) => normalizeEmail(email).toLowerCase();

/**
 * The link must open our own sign-up or reset page: we never email a link to another site, and the
 * page must match the purpose so a reset token cannot be sent through the sign-up page.
 */
function checkLinkPage(directUrl: string, page: EmailSendRequest['page'], appUrl: string): void {
  let url: URL;
  try {
    url = new URL(directUrl);
  } catch {
    throw new HttpError(400, AUTH_API_MESSAGES.directUrlRejected, { direct_url: AUTH_API_MESSAGES.directUrlRejected });
  }
  const samePage = url.origin === appUrl && withoutTrailingSlash(url.pathname) === PAGES[page].path;
  if (!samePage || url.search || url.hash || url.username || url.password) {
    throw new HttpError(400, AUTH_API_MESSAGES.directUrlRejected, { direct_url: AUTH_API_MESSAGES.directUrlRejected });
  }
}

/** What an email-send request queues: the page and the address, nothing about who has an account. */
export interface EmailLinkRequest {
  page: EmailSendRequest['page'];
  email: string;
}

/**
 * SPEC section 7's email-send: checks the request and queues one job with the page and address,
 * the same single write whoever the address belongs to. Looking the address up (and issuing a
 * token, or not) happens in the job (sendEmailLink), so neither the answer nor its timing tells
 * anyone who is a customer.
 */
export async function requestEmailLink(
  deps: { appUrl: string; queueEmailLink(request: EmailLinkRequest): Promise<void> },
  request: EmailSendRequest,
): Promise<void> {
  checkLinkPage(request.direct_url, request.page, deps.appUrl);
  await deps.queueEmailLink({ page: request.page, email: normalizeEmail(request.email_receiver) });
}

/**
 * The queued email-send, run by the worker. Sign-up to an existing account gets a "you already
 * have an account" mail; a reset for an unknown address sends nothing: mailing strangers on
 * anyone's request would make the form a way to send them mail they never asked for.
 */
export async function sendEmailLink(deps: EmailLinkDeps, request: EmailLinkRequest): Promise<void> {
  const { email } = request;
  const customer = await findCustomerByEmail(deps.db, email);
  if (request.page === 'sign-up' && customer) {
    await deps.mail.enqueue({ template: 'signup-account-exists', to: customer.email, signInUrl: `${deps.appUrl}${ROUTES.login}` });
    return;
  }
  if (request.page === 'forget-password' && !customer) return;

  const page = PAGES[request.page];
  const now = deps.now();
  const { token, hash } = newSecretToken();
  await issueToken(deps.db, {
    email: tokenEmail(email),
    purpose: page.purpose,
    tokenHash: hash,
    now,
    expiresAt: new Date(now.getTime() + page.lifetimeMs),
  });
  const link = `${deps.appUrl}${page.path}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  await deps.mail.enqueue(
    request.page === 'sign-up'
      ? { template: 'signup-verification', to: email, link }
      : { template: 'password-reset', to: customer?.email ?? email, link },
  );
}

export type VerifiedLink = { outcome: 'signup-verified'; signupTicket: string } | { outcome: 'password-reset' };

/**
 * SPEC section 7's email-verification. Without a password it spends a sign-up token and answers
 * the sign-up ticket for the browser that opened the link: with it, and only with it, the address
 * may sign up for 60 minutes. With a password it spends a reset token and sets the password, ends
 * every session of the customer and sends a notice. Every bad token gets the same answer.
 */
export async function verifyEmailLink(deps: EmailLinkDeps, request: EmailVerificationRequest): Promise<VerifiedLink> {
  const email = tokenEmail(request.email_receiver);
  const tokenHash = hashSecretToken(request.token);
  const now = deps.now();
  const badToken = () => new HttpError(400, AUTH_API_MESSAGES.badToken);

  if (request.password === null) {
    if (!(await spendToken(deps.db, { email, purpose: 'sign-up', tokenHash, now }))) throw badToken();
    return { outcome: 'signup-verified', signupTicket: await issueSignupTicket(deps, email) };
  }

  // Checked before the token is spent, so a refused password leaves the link usable.
  if (isCommonPassword(request.password)) {
    throw new HttpError(400, AUTH_API_MESSAGES.commonPassword, { password: AUTH_API_MESSAGES.commonPassword });
  }
  const customer = await findCustomerByEmail(deps.db, email);
  if (!customer || !(await spendToken(deps.db, { email, purpose: 'password-reset', tokenHash, now }))) throw badToken();
  await updatePassword(deps.db, customer.id, await hashPassword(request.password), now);
  await deleteCustomerSessions(deps.db, customer.id);
  await voidPendingEmailChanges(deps.db, customer.id, now);
  // The owner proved control of the mailbox: sign-in delays on the account end here.
  await clearFailures(deps.db, accountThrottleKey(customer.email));
  await notify(deps.db, customer.id, 'password-changed', now);
  await deps.mail.enqueue({ template: 'password-changed', to: customer.email, firstName: customer.firstName });
  return { outcome: 'password-reset' };
}
