import type { RemoteCampaignReport, RemotePerson, RemoteStatus, WebhookNotice } from '../platform-client';

// beehiiv's shapes in our words (API v2, as its typescript-sdk types and developers.beehiiv.com describe them).

/** beehiiv keeps a person's name in two custom fields of these names (the ones its import and forms create). */
export const FIRST_NAME_FIELD = 'First Name';
export const LAST_NAME_FIELD = 'Last Name';

/** The webhook events we register: the subscription ones (beehiiv has no unsubscribe event: inactive is polled). */
export const SUBSCRIPTION_EVENT_TYPES = [
  'subscription.created',
  'subscription.confirmed',
  'subscription.deleted',
  'subscription.upgraded',
  'subscription.downgraded',
  'subscription.paused',
  'subscription.resumed',
] as const;

export interface BeehiivSubscription {
  id: string;
  email: string;
  status: string;
  created?: number;
  tags?: unknown;
  custom_fields?: Array<{ name?: unknown; value?: unknown }>;
}

/**
 * beehiiv's subscription statuses: active is mailed; inactive is unsubscribed (by the person, a spam report or
 * an API unsubscribe); validating and pending wait on the address check or the double opt-in; invalid failed
 * beehiiv's address validation (a dead address: an opt-out here, as a hard bounce); needs_attention is held for
 * beehiiv's review, which only beehiiv or the person resolves (not mailed, but not an opt-out).
 */
export function statusOf(status: string): RemoteStatus {
  switch (status) {
    case 'active':
      return 'subscribed';
    case 'inactive':
      return 'unsubscribed';
    case 'invalid':
      return 'bounced';
    default:
      return 'pending';
  }
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));

export function personOf(sub: BeehiivSubscription): RemotePerson {
  const fields: Record<string, string> = {};
  let firstName = '';
  let lastName = '';
  for (const field of sub.custom_fields ?? []) {
    if (typeof field.name !== 'string') continue;
    const value = text(field.value).trim();
    if (field.name === FIRST_NAME_FIELD) firstName = value;
    else if (field.name === LAST_NAME_FIELD) lastName = value;
    else if (value !== '') fields[field.name] = value;
  }
  return {
    remoteId: sub.id,
    email: sub.email.trim().toLowerCase(),
    firstName,
    lastName,
    fields,
    tags: Array.isArray(sub.tags) ? sub.tags.map((tag) => text(typeof tag === 'object' && tag !== null && 'name' in tag ? tag.name : tag)).filter(Boolean) : [],
    status: statusOf(sub.status),
    subscribedAt: typeof sub.created === 'number' ? new Date(sub.created * 1000) : null,
    // beehiiv keeps no "updated" time on a subscription, and cannot tell a person's own confirmation from an API write.
    changedAt: null,
    confirmedAt: null,
  };
}

/** One beehiiv event delivery ({uid, event_timestamp, event_type, data}) into notices; [] when it is not one. */
export function noticesOf(body: unknown): WebhookNotice[] {
  if (typeof body !== 'object' || body === null) return [];
  const event = body as { event_type?: unknown; event_timestamp?: unknown; data?: unknown };
  if (typeof event.event_type !== 'string' || !event.event_type.startsWith('subscription.')) return [];
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as { email?: unknown; status?: unknown };
  const email = typeof data.email === 'string' && data.email.includes('@') ? data.email.trim().toLowerCase() : null;
  const at = typeof event.event_timestamp === 'number' ? new Date(event.event_timestamp * 1000) : new Date();
  // The status the event carries decides: an inactive one is an opt-out at once; anything else (a tier change, a
  // deletion, which archives here and is never propagated) only makes the next poll due.
  const status = typeof data.status === 'string' ? statusOf(data.status) : null;
  const kind: WebhookNotice['kind'] =
    status === 'unsubscribed' || status === 'bounced'
      ? status
      : status === 'subscribed' && (event.event_type === 'subscription.created' || event.event_type === 'subscription.confirmed')
        ? 'subscribed'
        : 'changed';
  return [{ email, kind, at }];
}

interface PostStatsEmail {
  recipients?: number;
  delivered?: number;
  unique_opens?: number;
  unique_clicks?: number;
  unsubscribes?: number;
  spam_reports?: number;
}

export interface BeehiivPost {
  id: string;
  status?: string;
  publish_date?: number | null;
  stats?: { email?: PostStatsEmail };
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A post's aggregate email stats (beehiiv offers no per-recipient activity). */
export function reportOf(post: BeehiivPost, now: number): RemoteCampaignReport {
  const email = post.stats?.email ?? {};
  const sent = count(email.recipients);
  const publishAt = typeof post.publish_date === 'number' ? post.publish_date * 1000 : null;
  let status: RemoteCampaignReport['status'];
  if (post.status === 'draft') status = 'draft';
  else if (publishAt !== null && publishAt > now) status = 'scheduled';
  else status = sent > 0 || post.status === 'archived' ? 'sent' : 'sending';
  const delivered = typeof email.delivered === 'number' ? email.delivered : null;
  return {
    status,
    sent,
    delivered,
    uniqueOpens: count(email.unique_opens),
    uniqueClicks: count(email.unique_clicks),
    // beehiiv reports recipients and delivered, not bounces: the difference is what bounced.
    bounces: delivered === null ? 0 : Math.max(0, sent - delivered),
    unsubscribes: count(email.unsubscribes),
    complaints: typeof email.spam_reports === 'number' ? email.spam_reports : null,
    sentAt: status === 'sent' && publishAt !== null ? new Date(publishAt) : null,
  };
}
