import * as z from 'zod/mini';
import { UUID_PATTERN } from './ids';
import type { PageLook } from './brand-kit';

// The preference centre a subscriber reaches from any campaign email (/u/{token}): the lists they
// are on, their choices, and unsubscribing from everything. Defined once for the page and the API.

export const PREFERENCE_CENTRE_MESSAGES = {
  badLink: 'This link is not valid. Use the link in the newest email you received.',
  saved: 'Your choices were saved.',
  unsubscribedAll: 'You are unsubscribed from everything. You will receive no more email from this sender.',
  oneClickDone: 'You have been unsubscribed.',
  listsInvalid: 'Choose among the lists shown.',
  undeliverable: 'Mail to this address could not be delivered or was reported, so nothing more will be sent to it.',
  kept: 'Thank you: you stay subscribed, and we will keep writing.',
  keepQuestion: 'Do you still want to receive our emails?',
  keepButton: 'Yes, keep me subscribed',
  notSubscribed: 'This address is not subscribed, so there is nothing to keep.',
} as const;

/**
 * The event "keep me subscribed" records (the sunset flow waits for it, issue 21), and the query
 * parameter that makes the preference centre ask the question first.
 */
export const KEEP_SUBSCRIPTION_EVENT = 'subscription_kept';
export const KEEP_SUBSCRIPTION_PARAM = 'keep';

const uuid = z.string().check(z.regex(UUID_PATTERN, PREFERENCE_CENTRE_MESSAGES.listsInvalid));

/** The lists the subscriber wants to stay on; every other list of theirs is left. */
export const preferenceChoicesSchema = z.strictObject({
  list_ids: z.array(uuid, { error: PREFERENCE_CENTRE_MESSAGES.listsInvalid }).check(z.maxLength(100, PREFERENCE_CENTRE_MESSAGES.listsInvalid)),
});
export type PreferenceChoices = z.output<typeof preferenceChoicesSchema>;

export interface PreferenceCentre {
  email: string;
  /** Who sends the mail: the customer's company, else their name. */
  sender: string;
  status: 'active' | 'unsubscribed' | 'bounced' | 'complained';
  /** Each list's description for subscribers (public_description), never the customer's private note. */
  lists: { id: string; name: string; description: string; subscribed: boolean }[];
  /** The sender's brand kit, as the page draws it; null for the product's own look. */
  look: PageLook | null;
}
