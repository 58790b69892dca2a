import type { MembershipStatus, SubscriberStatus } from '@postlark/shared/audience';

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
} as const;

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
};

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  unsubscribed: 'Unsubscribed',
};

/** How each subscriber came to be in the audience (the consent's source). */
export function consentSourceLabel(source: string): string {
  // Only the dashboard adds subscribers today; other sources show as the server names them.
  return source === 'manual' ? 'Added by hand' : source;
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
