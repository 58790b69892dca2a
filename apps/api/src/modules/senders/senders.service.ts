import { ROUTES } from '@postlark/shared/routes';
import { domainOf, SENDER_MESSAGES, SENDER_RULES, type SenderCreate, type SenderIdentity, type SenderOverview } from '@postlark/shared/senders';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import type { MailService } from '../../mail/mail-service';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import type { SendingPolicy } from '../../mail/sending-policy';
import { fromTreatment, viaAddress } from './from-treatment';
import { type QuotaDeps, withinQuota } from './quotas';
import { allDomains, type DomainDeps } from './sender-domains.service';
import {
  confirmByToken,
  deleteSender,
  findSender,
  findSenderByEmail,
  insertSender,
  listSenders,
  ownedAddresses,
  replaceSenderToken,
  type SenderRow,
  usableAddresses,
} from './senders.repository';

export interface SenderDeps extends QuotaDeps, DomainDeps {
  /** Confirmation links go through the mail queue like every other account email. */
  mail: MailService;
  appUrl: string;
  sending: SendingPolicy;
}

/** Who is asking: the signed-in customer and the address of their account. */
export interface SenderOwner {
  customerId: string;
  email: string;
}

const notFound = () => new HttpError(404, SENDER_MESSAGES.notFound);

export function senderJson(row: SenderRow, now: Date): SenderIdentity {
  return {
    id: row.id,
    email: row.email,
    status: row.confirmedAt ? 'confirmed' : 'pending',
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    confirmation_sent_at: row.confirmationSentAt.toISOString(),
    link_expired: !row.confirmedAt && (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= now.getTime()),
  };
}

export async function senderOverview(deps: SenderDeps, owner: SenderOwner): Promise<SenderOverview> {
  const [senders, domains] = await Promise.all([listSenders(deps.db, owner.customerId), allDomains(deps, owner.customerId)]);
  const now = deps.now();
  const accountEmail = owner.email.toLowerCase();
  const candidates = [...new Set([accountEmail, ...senders.filter((row) => row.confirmedAt).map((row) => row.email)])];
  const owned = await ownedAddresses(deps.db, owner.customerId, candidates);
  const fromAddresses = candidates.flatMap((email) => {
    const treatment = fromTreatment(email, owned, deps.sending);
    if (treatment === 'refused') return [];
    return [{ email, treatment, sent_as: treatment === 'via-platform' ? viaAddress(email, deps.sending.viaDomain) : email }];
  });
  // The editor's default From is the first: an address at an authenticated domain before any other.
  fromAddresses.sort((a, b) => Number(b.treatment === 'authenticated') - Number(a.treatment === 'authenticated'));
  return { account_email: accountEmail, senders: senders.map((row) => senderJson(row, now)), domains, from_addresses: fromAddresses };
}

/** A fresh link for the identity: its token's hash and expiry to store, and the URL to mail. */
function confirmationLink(deps: SenderDeps) {
  const { token, hash } = newSecretToken();
  const now = deps.now();
  return {
    hash,
    now,
    expiresAt: new Date(now.getTime() + SENDER_RULES.confirmationHours * 3_600_000),
    url: `${deps.appUrl}${ROUTES.confirmSender}?token=${encodeURIComponent(token)}`,
  };
}

async function mailConfirmation(deps: SenderDeps, owner: SenderOwner, to: string, url: string): Promise<void> {
  // The account's address (confirmed when the account was) tells the mailbox's owner who asked.
  await deps.mail.enqueue({ template: 'sender-confirm', to, link: url, account: owner.email });
}

/**
 * Adds a From address and mails it a confirmation link; it can send once the link is opened.
 * Each mail counts against the account's hourly confirmation quota.
 */
export async function addSender(deps: SenderDeps, owner: SenderOwner, body: SenderCreate): Promise<SenderIdentity> {
  const { email } = body;
  if (email === owner.email.toLowerCase()) throw new HttpError(409, SENDER_MESSAGES.accountAddress, { email: SENDER_MESSAGES.accountAddress });
  if (await findSenderByEmail(deps.db, owner.customerId, email)) throw new HttpError(409, SENDER_MESSAGES.alreadyAdded, { email: SENDER_MESSAGES.alreadyAdded });
  if ((await usableAddresses(deps.db, owner.customerId, [email])).has(email)) {
    const message = SENDER_MESSAGES.coveredByDomain(domainOf(email));
    throw new HttpError(409, message, { email: message });
  }
  const link = confirmationLink(deps);
  const row = await withinQuota(deps, owner.customerId, 'sender-confirmations', 1, async (tx) => {
    const inserted = await insertSender(tx, {
      customerId: owner.customerId,
      email,
      tokenHash: link.hash,
      tokenExpiresAt: link.expiresAt,
      confirmationSentAt: link.now,
      createdAt: link.now,
    });
    // Added by a request racing with this one: nothing is counted, nothing is sent.
    if (!inserted) throw new HttpError(409, SENDER_MESSAGES.alreadyAdded, { email: SENDER_MESSAGES.alreadyAdded });
    return inserted;
  });
  await mailConfirmation(deps, owner, email, link.url);
  return senderJson(row, link.now);
}

/** A new link for a pending identity (the previous one stops working), within the same quota. */
export async function resendConfirmation(deps: SenderDeps, owner: SenderOwner, id: string): Promise<SenderIdentity> {
  const current = isUuid(id) ? await findSender(deps.db, owner.customerId, id) : undefined;
  if (!current) throw notFound();
  if (current.confirmedAt) throw new HttpError(409, SENDER_MESSAGES.alreadyConfirmed);
  const link = confirmationLink(deps);
  const row = await withinQuota(deps, owner.customerId, 'sender-confirmations', 1, async (tx) => {
    const updated = await replaceSenderToken(tx, owner.customerId, id, link);
    if (!updated) throw new HttpError(409, SENDER_MESSAGES.alreadyConfirmed);
    return updated;
  });
  await mailConfirmation(deps, owner, row.email, link.url);
  return senderJson(row, link.now);
}

/** Removes an identity; campaigns that use it can no longer be sent or start at their time. */
export async function removeSender(deps: Pick<SenderDeps, 'db'>, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteSender(deps.db, customerId, id))) throw notFound();
}

/**
 * The link's click (a button on the page the link opens, never the page's load, so a mail
 * scanner following links confirms nothing). Needs no session: whoever reads the mailbox may not
 * be the customer. One generic answer for any bad, used or expired link.
 */
export async function confirmSender(deps: Pick<SenderDeps, 'db' | 'now'>, token: string): Promise<string> {
  const row = await confirmByToken(deps.db, hashSecretToken(token), deps.now());
  if (!row) throw new HttpError(400, SENDER_MESSAGES.linkInvalid);
  return row.email;
}
