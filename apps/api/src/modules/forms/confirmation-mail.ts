import { ROUTES } from '@postlark/shared/routes';
import { QUOTA_MESSAGES } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { MailService } from '../../mail/mail-service';
import { listSender } from '../audience/lists.repository';
import { suppressionHash } from '../audience/subscribers.service';
import type { LinkTokens } from '../preferences/link-tokens';
import { type Quotas, reserveQuotaUpTo } from '../senders/quotas';
import { confirmationSentSince, dropConfirmationsBefore, markConfirmationSent, unmarkConfirmationSent } from './confirmations.repository';

/**
 * One double opt-in confirmation per list and address a day, whoever asks for it (a form, the API,
 * the customer's resend): anyone may type an address into a form or an app, and the person at it
 * must not get a stream of emails they never asked for.
 */
export const CONFIRMATION_SPACING_MS = 24 * 3_600_000;

export interface ConfirmationDeps {
  db: Db;
  now: () => Date;
  mail: MailService;
  appUrl: string;
  tokens: LinkTokens;
  /** A confirmation is a message the account sends: it counts against its campaign messages a day, as flow emails do. */
  quotas: Quotas;
}

export interface ConfirmationTo {
  customerId: string;
  email: string;
  subscriberId: string;
  listId: string;
  listName: string;
  sender: string;
}

/** sent; recent: one went to this address for this list within the day; quota: the account has no messages left today. */
export type ConfirmationOutcome = 'sent' | 'recent' | 'quota';

/**
 * Mails a list's confirmation unless one went to the address within the day or the account's
 * messages of the day are spent. The check, the mark and the quota are one transaction under the
 * account's quota lock, so two requests at once cannot both send.
 */
export async function mailConfirmation(deps: ConfirmationDeps, to: ConfirmationTo): Promise<ConfirmationOutcome> {
  const now = deps.now();
  const emailHash = suppressionHash(to.email);
  const since = new Date(now.getTime() - CONFIRMATION_SPACING_MS);
  const outcome = await reserveQuotaUpTo<ConfirmationOutcome>(deps, to.customerId, 'campaign-messages', async (tx, free) => {
    if (await confirmationSentSince(tx, to.listId, emailHash, since)) return { taken: 0, value: 'recent' };
    if (free < 1) return { taken: 0, value: 'quota' };
    await markConfirmationSent(tx, to.listId, emailHash, now);
    return { taken: 1, value: 'sent' };
  });
  if (outcome !== 'sent') return outcome;
  const token = deps.tokens.tokenFor('confirm', [to.subscriberId, to.listId]);
  const link = `${deps.appUrl}${ROUTES.confirmSubscription}?token=${encodeURIComponent(token)}`;
  // The reader asked the customer's list, not us: the mail is From the list's sender, in the customer's name.
  const chosen = await listSender(deps.db, to.customerId, to.listId);
  const from = { name: chosen?.fromName || to.sender, address: chosen?.fromEmail ?? '' };
  try {
    await deps.mail.enqueue({ template: 'subscription-confirm', to: to.email, link, listName: to.listName, sender: to.sender, customerId: to.customerId, from });
  } catch (error) {
    // Not queued: a retry (the form's job runs again) may send it. The unit of quota stays spent.
    await unmarkConfirmationSent(deps.db, to.listId, emailHash, now);
    throw error;
  }
  return 'sent';
}

/** The 429 for an account whose messages of the day are spent, with when one is free again. */
function quotaSpent(deps: ConfirmationDeps, retryAfterSeconds: number): HttpError {
  return new HttpError(429, QUOTA_MESSAGES.subscriptionConfirmations(deps.quotas.campaignMessagesPerDay), undefined, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Refuses (429) when the account has no message left today. The API asks this before it reads
 * anything about the address, so its answer is the same for every address: it cannot tell one
 * that is suppressed (and gets no email) from one that is mailed.
 */
export async function requireMessageLeft(deps: ConfirmationDeps, customerId: string): Promise<void> {
  const { free, retryAfter } = await reserveQuotaUpTo(deps, customerId, 'campaign-messages', async (_tx, free, retryAfterSeconds) => ({
    taken: 0,
    value: { free, retryAfter: retryAfterSeconds(0) },
  }));
  if (free < 1) throw quotaSpent(deps, retryAfter);
}

/** The hourly clean-up's part: marks past their day hold nobody back. */
export function purgeSpentConfirmations(deps: { db: Db; now: () => Date }): Promise<number> {
  return dropConfirmationsBefore(deps.db, new Date(deps.now().getTime() - CONFIRMATION_SPACING_MS));
}
