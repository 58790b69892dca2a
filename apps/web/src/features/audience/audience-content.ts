import type { MembershipStatus, SubscriberActivity, SubscriberFilterStatus, SubscriberStatus } from '@postlark/shared/audience';

// The audience pages' own texts, where the shared AUDIENCE_MESSAGES (the server's) have none.
// Those are never repeated here.

export const AUDIENCE_TEXTS = {
  saveFailed: 'Could not save your changes. Please try again.',
  subscribersFailed: 'Could not load your subscribers.',
  subscriberFailed: 'Could not load this subscriber.',
  listsFailed: 'Could not load your lists.',
  segmentsFailed: 'Could not load your segments.',
  loadingSubscribers: 'Loading subscribers...',
  loadingSubscriber: 'Loading subscriber...',
  loadingLists: 'Loading lists...',
  eventsFailed: 'Could not load what this person did.',
} as const;

/** The list form's two descriptions: the customer's private note, and what readers see. */
export const LIST_FORM_TEXTS = {
  description: 'Description',
  descriptionHint: 'Only you see it: a reminder of who the list is for.',
  publicDescription: 'Description for subscribers',
  publicDescriptionHint: 'Readers see it under the list’s name in their preference centre, where they choose which lists to get.',
} as const;

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
  not_subscribed: 'Not subscribed',
};

/** An active subscriber whose every list waits for their double opt-in confirmation. */
export const AWAITING_CONFIRMATION_LABEL = 'Awaiting confirmation';

/** The subscribers table's Status filter: the statuses, then those awaiting confirmation. */
export const SUBSCRIBER_FILTER_LABELS: Record<SubscriberFilterStatus, string> = { ...SUBSCRIBER_STATUS_LABELS, awaiting_confirmation: AWAITING_CONFIRMATION_LABEL };

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  unsubscribed: 'Unsubscribed',
};

const CONSENT_SOURCE_LABELS: Record<string, string> = {
  manual: 'Added by hand',
  form: 'Signed up through a form',
  import: 'Imported from a CSV file',
  api: 'Added through the API',
  event: 'Known from events: no consent to mail',
};

/** How each subscriber came to be in the audience (the consent's source). */
export function consentSourceLabel(source: string): string {
  // A source added to the server before this page learns it shows as the server names it.
  return CONSENT_SOURCE_LABELS[source] ?? source;
}

/** One line of a subscriber's timeline. */
export function activityLabel(event: SubscriberActivity): string {
  const list = event.list_name ?? 'a deleted list';
  switch (event.kind) {
    case 'subscribed':
      return consentSourceLabel(event.source ?? 'manual');
    case 'confirmed':
      return 'Confirmed their address';
    case 'joined_list':
      return `Joined ${list}`;
    case 'confirmed_list':
      return `Confirmed ${list}`;
    case 'left_list':
      return `Left ${list}`;
    case 'rejoined_list':
      return `Rejoined ${list}`;
    case 'unsubscribed':
      return 'Unsubscribed from everything';
    case 'resubscribed':
      return 'Subscribed again';
    case 'bounced':
      return 'Mail to them bounced: no more campaigns';
    case 'complained':
      return 'Marked a campaign as spam: no more campaigns';
  }
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const momentFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A date as the table shows it (12 Mar 2026), in the viewer's time zone. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** A moment with its time (12 Mar 2026, 14:05), in the viewer's time zone. */
export function formatMoment(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : momentFormat.format(date);
}

/** "Ada Lovelace", or '' when neither name is known. */
export function fullName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name].filter((part) => part.trim() !== '').join(' ');
}

/** The list form's group for who its double opt-in confirmations come from. */
export const LIST_SENDER_TEXTS = {
  legend: 'Confirmation email',
  hint: 'People who sign up get their confirmation email from this sender. Without one, it comes from our address under your name.',
  nameLabel: 'From name',
  namePlaceholder: 'Your company or your name',
} as const;
