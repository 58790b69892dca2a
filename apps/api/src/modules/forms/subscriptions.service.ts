import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { FORM_MESSAGES, type FormSignup } from '@postlark/shared/forms';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { senderName } from '../audience/sender';
import { findSubscriber, insertSubscriber, isSuppressed, type SubscriberRow, subscriberByEmail } from '../audience/subscribers.repository';
import type { AudienceDeps } from '../audience/audience-deps';
import { suppressionHash } from '../audience/subscribers.service';
import { type ConfirmationDeps, type ConfirmationOutcome, mailConfirmation, requireMessageLeft } from './confirmation-mail';
import { publicForm } from './forms.repository';
import { confirmationTarget, markConfirmed, membershipStatus, putMembership, recordFirstConsent, unconfirmedLists } from './subscriptions.repository';
import { queueSubscriberEvents } from '../outgoing-webhooks/outbox';

export interface SubscriptionDeps extends AudienceDeps, ConfirmationDeps {}

const formNotFound = () => new HttpError(404, FORM_MESSAGES.notFound);

/**
 * Whether an app may not ask this address to join: it unsubscribed, bounced, complained or was
 * erased (the suppression list keeps erased addresses as a hash only). Only the person's own
 * sign-up (a form) or consent brings such an address back.
 */
async function suppressedForApps(db: Db, customerId: string, email: string, existing: SubscriberRow | undefined): Promise<boolean> {
  if (existing && (existing.status === 'unsubscribed' || existing.status === 'bounced' || existing.status === 'complained')) return true;
  return isSuppressed(db, customerId, suppressionHash(email));
}

/** Where a sign-up goes, and how it was given: the consent we record. */
export interface SignupTarget {
  customerId: string;
  listId: string;
  listName: string;
  doubleOptIn: boolean;
  sender: string;
}
export interface SignupConsent {
  source: 'form' | 'api';
  formId?: string;
  ipHash?: string;
}

/**
 * Someone asks to join a list (a form, or another app through the API). Double opt-in lists, and
 * anyone who unsubscribed or was erased before, must confirm by email first; bounced and
 * complained addresses are left alone, and an app (the API) gets no email at all to a suppressed
 * address. A confirmation goes at most once a day per list and address (mailConfirmation).
 *
 * Answers whether the person is asked to confirm (an email went, now or earlier in the day). For
 * a suppressed address from the API that is the answer a new address would get, so an app that
 * shows it to whoever typed the address tells them nothing about the person's choices.
 */
export async function subscribeToList(deps: SubscriptionDeps, target: SignupTarget, person: Pick<FormSignup, 'email' | 'first_name' | 'last_name'>, consent: SignupConsent): Promise<boolean> {
  const { customerId, listId } = target;
  const fromApp = consent.source === 'api';
  // Before anything about the address is read: a spent quota is refused alike for every address.
  if (fromApp && target.doubleOptIn) await requireMessageLeft(deps, customerId);
  const now = deps.now();
  let confirmFor: string | null = null;
  let askedAnyway = false;
  try {
    await deps.db.transaction(async (tx) => {
      const existing = await subscriberByEmail(tx, customerId, person.email);
      if (fromApp && (await suppressedForApps(tx, customerId, person.email, existing))) {
        askedAnyway = target.doubleOptIn;
        return;
      }
      if (existing && (existing.status === 'bounced' || existing.status === 'complained')) return;
      let mustConfirm = target.doubleOptIn;
      let subscriberId: string;
      if (existing) {
        if (existing.status === 'unsubscribed') mustConfirm = true;
        if (existing.status === 'active' && (await membershipStatus(tx, listId, existing.id)) === 'confirmed') return;
        // A profile known only from events: this is their first consent (active now on a
        // single opt-in list; on a double opt-in one, once they confirm).
        if (existing.status === 'not_subscribed') await recordFirstConsent(tx, existing.id, { ...consent, firstName: person.first_name, lastName: person.last_name, activate: !mustConfirm }, now);
        subscriberId = existing.id;
      } else {
        if (await isSuppressed(tx, customerId, suppressionHash(person.email))) mustConfirm = true;
        const inserted = await insertSubscriber(tx, {
          customerId,
          email: person.email,
          firstName: person.first_name,
          lastName: person.last_name,
          createdAt: now,
          updatedAt: now,
          consentSource: consent.source,
          consentFormId: consent.formId,
          consentAt: now,
          consentIpHash: consent.ipHash,
        });
        subscriberId = inserted.id;
      }
      await putMembership(tx, listId, subscriberId, mustConfirm ? 'unconfirmed' : 'confirmed', now);
      if (mustConfirm) confirmFor = subscriberId;
      // Subscribed now (a profile made from events records it through its status change, a trigger).
      else if (existing?.status !== 'not_subscribed') await queueSubscriberEvents(tx, 'subscriber.subscribed', [subscriberId], listId, now);
    });
  } catch (error) {
    // The same address sent twice at once: the other request is handling it.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  if (!confirmFor) return askedAnyway;
  const outcome = await mailConfirmation(deps, { customerId, email: person.email, subscriberId: confirmFor, listId, listName: target.listName, sender: target.sender });
  return outcome !== 'quota';
}

/** A form sign-up as it is queued: the form, the person, and the consent we record. */
export interface FormSignupJob {
  formId: string;
  email: string;
  first_name: string;
  last_name: string;
  ipHash: string;
}

/**
 * A person signs up through a form. The answer is the same whoever they are (new, already on the
 * list, unsubscribed before, undeliverable), and so is the work: one queued job, which decides
 * (runFormSignup). Writing and mailing here only for new people would tell, by the time the answer
 * takes, who is in an audience.
 */
export async function subscribeThroughForm(
  deps: { db: Db; queueFormSignup(signup: FormSignupJob): Promise<void> },
  formId: string,
  input: FormSignup,
  ipHash: string,
): Promise<string> {
  const found = isUuid(formId) ? await publicForm(deps.db, formId) : undefined;
  if (!found) throw formNotFound();
  const thanks = found.doubleOptIn ? FORM_MESSAGES.thanksConfirm : FORM_MESSAGES.thanksSubscribed;
  // A bot filled the field people never see: thank it, keep nothing.
  if (input.website.trim() !== '') return thanks;
  await deps.queueFormSignup({ formId, email: input.email, first_name: input.first_name, last_name: input.last_name, ipHash });
  return thanks;
}

/** The queued form sign-up, run by the worker. A form deleted since is a sign-up to nothing. */
export async function runFormSignup(deps: SubscriptionDeps, signup: FormSignupJob): Promise<void> {
  const found = await publicForm(deps.db, signup.formId);
  if (!found) return;
  const target = { customerId: found.form.customerId, listId: found.form.listId, listName: found.listName, doubleOptIn: found.doubleOptIn, sender: senderName(found) };
  await subscribeToList(deps, target, signup, { source: 'form', formId: signup.formId, ipHash: signup.ipHash });
}

/** The double opt-in link: confirms the membership it was made for. Opening it again is harmless. */
async function confirmationOf(deps: SubscriptionDeps, token: string) {
  const ids = deps.tokens.idsOf('confirm', token, 2);
  const target = ids ? await confirmationTarget(deps.db, ids[0]!, ids[1]!) : undefined;
  if (!ids || !target) throw new HttpError(400, FORM_MESSAGES.confirmInvalid, { token: FORM_MESSAGES.confirmInvalid });
  return { ids, target };
}

/**
 * Whose list a double opt-in link confirms, without confirming it: the page shows the sender's
 * look and words before the person presses the button (a link scanner's GET confirms nothing).
 */
export async function pendingConfirmation(deps: SubscriptionDeps, token: string): Promise<{ listName: string; sender: string; customerId: string }> {
  const { target } = await confirmationOf(deps, token);
  return { listName: target.listName, sender: senderName(target), customerId: target.subscriber.customerId };
}

export async function confirmSubscription(deps: SubscriptionDeps, token: string): Promise<{ listName: string; sender: string; customerId: string }> {
  const { ids, target } = await confirmationOf(deps, token);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await putMembership(tx, ids[1]!, target.subscriber.id, 'confirmed', now);
    await markConfirmed(tx, target.subscriber, suppressionHash(target.subscriber.email), now);
    // Someone coming back (unsubscribed, or a profile made from events) is recorded by their status
    // change; an active subscriber confirming a list is recorded here.
    if (target.subscriber.status === 'active' && target.status === 'unconfirmed') await queueSubscriberEvents(tx, 'subscriber.subscribed', [target.subscriber.id], ids[1]!, now);
  });
  return { listName: target.listName, sender: senderName(target), customerId: target.subscriber.customerId };
}

/**
 * The customer asks for the confirmation emails of a subscriber's unconfirmed lists to go again:
 * by the same rule as every confirmation, once a day per list, counted in the day's messages.
 * Answers how many went; none at all is a 429 saying why.
 */
export async function resendConfirmations(deps: SubscriptionDeps, customerId: string, subscriberId: string): Promise<number> {
  const subscriber = isUuid(subscriberId) ? await findSubscriber(deps.db, customerId, subscriberId) : undefined;
  if (!subscriber) throw new HttpError(404, AUDIENCE_MESSAGES.subscriberNotFound);
  const pending = await unconfirmedLists(deps.db, subscriber.id);
  if (pending.length === 0 || subscriber.status === 'bounced' || subscriber.status === 'complained') throw new HttpError(409, FORM_MESSAGES.nothingToConfirm);
  await requireMessageLeft(deps, customerId);
  const outcomes: ConfirmationOutcome[] = [];
  for (const list of pending) {
    const target = await confirmationTarget(deps.db, subscriber.id, list.listId);
    if (!target) continue;
    outcomes.push(await mailConfirmation(deps, { customerId, email: subscriber.email, subscriberId: subscriber.id, listId: list.listId, listName: list.listName, sender: senderName(target) }));
  }
  const sent = outcomes.filter((outcome) => outcome === 'sent').length;
  if (sent > 0) return sent;
  // The day's messages ran out between the check and the sends: the quota's own 429.
  if (outcomes.includes('quota')) await requireMessageLeft(deps, customerId);
  throw new HttpError(429, FORM_MESSAGES.confirmationRecent);
}
