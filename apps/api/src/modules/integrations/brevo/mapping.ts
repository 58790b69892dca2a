import type { HistoryActivity, RemoteCampaignReport, RemotePerson, RemoteStatus, WebhookNotice } from '../platform-client';

// Brevo's answers (API v3) in the interface's words: contacts to people, a contact's campaignStats to
// history activities, a marketing webhook's payload to notices, a campaign's globalStats to a report.
// Shapes from developers.brevo.com (get-contacts-from-list, get-contact-stats, get-email-campaign,
// docs/marketing-webhooks) and the getbrevo/brevo-node models, as the local fake follows them.

export interface BrevoContactJson {
  id: number;
  email: string;
  emailBlacklisted?: boolean;
  createdAt?: string;
  modifiedAt?: string;
  listIds?: number[];
  listUnsubscribed?: number[];
  attributes?: Record<string, unknown>;
}

const dateOrNull = (value: unknown): Date | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '');

/**
 * A list member as a person: blocklisted (all marketing email) or unsubscribed from this very list is an
 * opt-out; Brevo keeps no double opt-in time apart from API writes, so confirmedAt is null.
 */
export function personOf(contact: BrevoContactJson, listId: number): RemotePerson {
  const attributes = contact.attributes ?? {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'FIRSTNAME' || name === 'LASTNAME' || name === 'EMAIL') continue;
    const value_ = text(value);
    if (value_) fields[name] = value_;
  }
  const status: RemoteStatus = contact.emailBlacklisted || (contact.listUnsubscribed ?? []).includes(listId) ? 'unsubscribed' : 'subscribed';
  return {
    remoteId: String(contact.id),
    email: contact.email.trim().toLowerCase(),
    firstName: text(attributes.FIRSTNAME),
    lastName: text(attributes.LASTNAME),
    fields,
    // Brevo contacts carry no tags: segments are lists (see campaigns.tag).
    tags: [],
    status,
    // The contact's creation: Brevo does not say when it joined one list.
    subscribedAt: dateOrNull(contact.createdAt),
    changedAt: dateOrNull(contact.modifiedAt),
    confirmedAt: null,
  };
}

interface CampaignEvent {
  campaignId?: number;
  eventTime?: string;
}

/** GetContactCampaignStats (every field optional) as activities; campaign names come from `nameOf`. */
export function activitiesOf(email: string, stats: Record<string, unknown>, since: Date, nameOf: (campaignId: number) => string): HistoryActivity[] {
  const out: HistoryActivity[] = [];
  const push = (kind: HistoryActivity['kind'], row: CampaignEvent, url?: string) => {
    const at = dateOrNull(row.eventTime);
    if (typeof row.campaignId !== 'number' || !at || at < since) return;
    out.push({ email, kind, at, campaignRef: `brevo:${row.campaignId}`, campaignName: nameOf(row.campaignId), ...(url ? { url } : {}) });
  };
  const rows = (name: string) => (Array.isArray(stats[name]) ? (stats[name] as CampaignEvent[]) : []);
  const bounced = new Set(rows('hardBounces').map((row) => row.campaignId));
  // A hard-bounced send was not delivered.
  for (const row of rows('messagesSent')) if (!bounced.has(row.campaignId)) push('delivered', row);
  // One row per campaign: the first open's time (the count of later ones is not an event of its own).
  for (const row of rows('opened')) push('opened', row);
  for (const row of rows('clicked') as Array<{ campaignId?: number; links?: Array<{ eventTime?: string; url?: string }> }>) {
    for (const link of row.links ?? []) push('clicked', { campaignId: row.campaignId, eventTime: link.eventTime }, link.url);
  }
  for (const row of rows('hardBounces')) push('bounced', row);
  for (const row of rows('complaints')) push('complained', row);
  // Admin unsubscriptions name no campaign: only the person's own count as a campaign's activity.
  const unsubscriptions = stats.unsubscriptions as { userUnsubscription?: CampaignEvent[] } | undefined;
  for (const row of unsubscriptions?.userUnsubscription ?? []) push('unsubscribed', row);
  return out;
}

// Payload `event` values of marketing webhooks (not the registration names: hardBounce arrives as hard_bounced).
const NOTICE_OF_EVENT: Record<string, WebhookNotice['kind']> = {
  unsubscribed: 'unsubscribed',
  hard_bounced: 'bounced',
  hard_bounce: 'bounced',
  spam: 'complained',
  list_addition: 'subscribed',
  contact_updated: 'changed',
  contact_deleted: 'changed',
};

/** One marketing webhook delivery (a JSON object, or an array of them) as notices; opens, clicks and soft bounces are not sync changes. */
export function noticesOf(body: unknown, now: Date): WebhookNotice[] {
  const items = Array.isArray(body) ? body : [body];
  const out: WebhookNotice[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const payload = item as Record<string, unknown>;
    const kind = NOTICE_OF_EVENT[text(payload.event)];
    if (!kind) continue;
    const seconds = [payload.ts_event, payload.ts].find((value) => typeof value === 'number');
    const at = typeof seconds === 'number' ? new Date(seconds * 1000) : now;
    const email = text(payload.email).toLowerCase();
    out.push({ email: email || null, kind, at });
  }
  return out;
}

const CAMPAIGN_STATUS: Record<string, RemoteCampaignReport['status']> = { draft: 'draft', suspended: 'draft', queued: 'scheduled', in_process: 'sending', sent: 'sent', archive: 'sent' };

/** GET /emailCampaigns/{id}?statistics=globalStats (without the parameter Brevo answers zeros). */
export function reportOf(campaign: Record<string, unknown>): RemoteCampaignReport {
  const statistics = (campaign.statistics ?? {}) as { globalStats?: Record<string, unknown> };
  const stats = statistics.globalStats ?? {};
  const count = (name: string) => (typeof stats[name] === 'number' ? (stats[name] as number) : 0);
  return {
    status: CAMPAIGN_STATUS[text(campaign.status)] ?? 'draft',
    sent: count('sent'),
    delivered: typeof stats.delivered === 'number' ? stats.delivered : null,
    uniqueOpens: count('uniqueViews'),
    uniqueClicks: count('uniqueClicks'),
    bounces: count('hardBounces') + count('softBounces'),
    unsubscribes: count('unsubscriptions'),
    complaints: typeof stats.complaints === 'number' ? stats.complaints : null,
    sentAt: dateOrNull(campaign.sentDate),
  };
}

/** Our merge fields in Brevo's template language: `{{ contact.ATTRIBUTE }}`, attribute names upper-case. */
export function mergeTagOf(field: string): string | null {
  const fixed: Record<string, string> = { email: 'EMAIL', first_name: 'FIRSTNAME', last_name: 'LASTNAME' };
  const name = fixed[field] ?? (field.startsWith('attributes.') ? field.slice('attributes.'.length).toUpperCase() : null);
  if (!name || !/^[A-Z0-9_]+$/.test(name)) return null;
  return `{{ contact.${name} }}`;
}
