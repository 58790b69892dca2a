import { KEEP_SUBSCRIPTION_EVENT, PREFERENCE_CENTRE_MESSAGES, type PreferenceCentre, type PreferenceChoices } from '@postlark/shared/preferences';
import type { Db } from '../../db/client';
import { type BrandDeps, pageLookFor } from '../brand/brand.service';
import { HttpError } from '../../http/errors';
import { senderName } from '../audience/sender';
import { flowEventHook } from '../automations/flow-event-hook';
import { recordOwnEvent } from '../events/own-events';
import { liftSuppression } from '../audience/subscribers.repository';
import { suppressionHash } from '../audience/subscribers.service';
import { chooseLists, listsOf, setSubscriberStatus, subscriberWithSender } from './preferences.repository';
import { type LinkTokens, subscriberOfPreferenceToken } from './link-tokens';

export interface PreferenceDeps extends BrandDeps {
  tokens: LinkTokens;
}

// Every kind of bad link (tampered, made for a subscriber since erased) gets the same answer.
const badLink = () => new HttpError(404, PREFERENCE_CENTRE_MESSAGES.badLink);

async function subscriberOf(deps: PreferenceDeps, token: string) {
  const id = subscriberOfPreferenceToken(deps.tokens, token);
  const subscriber = id ? await subscriberWithSender(deps.db, id) : undefined;
  // A profile known only from events was never mailed, so no link of ours can name it.
  if (!subscriber || subscriber.status === 'not_subscribed') throw badLink();
  return { ...subscriber, status: subscriber.status };
}

export async function readPreferences(deps: PreferenceDeps, token: string): Promise<PreferenceCentre> {
  const subscriber = await subscriberOf(deps, token);
  const lists = await listsOf(deps.db, subscriber.id);
  return {
    email: subscriber.email,
    sender: senderName({ firstName: subscriber.senderFirstName, lastName: subscriber.senderLastName, additionalInfo: subscriber.senderInfo }),
    status: subscriber.status,
    lists: lists.map((list) => ({ id: list.id, name: list.name, description: list.description, subscribed: list.status !== 'unsubscribed' })),
    look: await pageLookFor(deps, subscriber.customerId),
  };
}

/**
 * Saves the subscriber's choice of lists. Choosing any list after unsubscribing from everything is
 * their own new consent and makes them active again, and lifts the suppression their unsubscribe
 * wrote (the link came to their inbox); bounced and complained addresses stay as they are.
 */
export async function savePreferences(deps: PreferenceDeps, token: string, choices: PreferenceChoices): Promise<PreferenceCentre> {
  const subscriber = await subscriberOf(deps, token);
  const theirs = new Set((await listsOf(deps.db, subscriber.id)).map((list) => list.id));
  const chosen = [...new Set(choices.list_ids)];
  if (!chosen.every((id) => theirs.has(id))) throw new HttpError(400, PREFERENCE_CENTRE_MESSAGES.listsInvalid, { list_ids: PREFERENCE_CENTRE_MESSAGES.listsInvalid });
  if (chosen.length > 0 && (subscriber.status === 'bounced' || subscriber.status === 'complained')) {
    throw new HttpError(409, PREFERENCE_CENTRE_MESSAGES.undeliverable);
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await chooseLists(tx, subscriber.id, chosen, now);
    if (chosen.length > 0 && subscriber.status === 'unsubscribed') {
      await setSubscriberStatus(tx, subscriber.id, 'active', now);
      await liftSuppression(tx, subscriber.customerId, suppressionHash(subscriber.email), ['unsubscribed']);
    }
  });
  return readPreferences(deps, token);
}

/** Unsubscribes from everything this sender sends: every list, and the subscriber as a whole. Repeats are harmless. */
export async function unsubscribeEverywhere(deps: PreferenceDeps, token: string): Promise<void> {
  const subscriber = await subscriberOf(deps, token);
  await unsubscribeSubscriber(deps.db, subscriber, deps.now());
}

/** The same for a subscriber known by other means (a mailto: unsubscribe names their delivery). */
export async function unsubscribeSubscriber(db: Db, subscriber: { id: string; status: string }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await chooseLists(tx, subscriber.id, [], now);
    if (subscriber.status === 'active') await setSubscriberStatus(tx, subscriber.id, 'unsubscribed', now);
  });
}

/**
 * "Yes, keep me subscribed" (the sunset flow's question, issue 21): records a subscription_kept
 * event, which a flow waiting for it takes as the answer. A POST from the page's button, never the
 * link itself, so a mail scanner that opens links answers nothing. Once a day counts once.
 */
export async function keepSubscription(deps: PreferenceDeps, token: string): Promise<void> {
  const subscriber = await subscriberOf(deps, token);
  if (subscriber.status !== 'active') throw new HttpError(409, PREFERENCE_CENTRE_MESSAGES.notSubscribed);
  const now = deps.now();
  const occurrence = `${subscriber.id}:${now.toISOString().slice(0, 10)}`;
  await deps.db.transaction((tx) =>
    recordOwnEvent(tx, subscriber.customerId, { subscriberId: subscriber.id, name: KEEP_SUBSCRIPTION_EVENT, properties: { source: 'preference_centre' }, occurrence }, 'preference_centre', now, flowEventHook),
  );
}
