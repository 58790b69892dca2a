import type { PlatformId } from '@postlark/shared/integrations';

// The one interface the sync, the history import and the delivery through a platform see
// (decision 011). Each platform's client (`<platform>/client.ts`) does its own authentication,
// paging, rate limits and error bodies, and answers in these shapes; nothing outside a client
// knows a platform's URL or field names.

/** Why a call to a platform failed, as the sync must act on it. */
export type PlatformErrorKind =
  /** The key or token was revoked or is wrong: the connection breaks and the customer is told. */
  | 'unauthorized'
  /** The platform said to wait longer than a client waits on its own (the caller comes back later). */
  | 'rate_limited'
  /** The platform refused this one write (a compliance state, a bad address): recorded on the run, the rest goes on. */
  | 'refused'
  /** The account's plan does not include this (beehiiv posts below Enterprise): said plainly. */
  | 'plan_limit'
  /** The thing asked for is not there (a deleted audience, campaign or webhook). */
  | 'not_found'
  /** A 5xx, a timeout or a dropped connection, still failing after the client's own retries. */
  | 'transient';

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    /** The platform's own words (its error body's title/detail/message), for the customer to read. */
    message: string,
    readonly status: number | null = null,
    /** rate_limited: when the platform says calls may resume. */
    readonly retryAt: Date | null = null,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/**
 * A person's subscription as the platform has it, in our words:
 * - subscribed: may be mailed;
 * - pending: asked to confirm (double opt-in), or a status only the person can change;
 * - unsubscribed: opted out (Mailchimp unsubscribed, Brevo blocklisted or unsubscribed from the list,
 *   beehiiv inactive, HubSpot opted out of email);
 * - bounced: the address is dead (Mailchimp cleaned, a hard bounce);
 * - complained: marked as spam;
 * - archived: removed from the audience on the platform (never propagated as a delete here).
 */
export type RemoteStatus = 'subscribed' | 'pending' | 'unsubscribed' | 'bounced' | 'complained' | 'archived';

/** An opt-out: a status that becomes a suppression here and is pushed to every platform. */
export const OPT_OUT_STATUSES: ReadonlySet<RemoteStatus> = new Set(['unsubscribed', 'bounced', 'complained']);

/** A person on a platform, read from it. */
export interface RemotePerson {
  /** The platform's id of the person (Mailchimp's subscriber hash, Brevo's contact id, beehiiv's `sub_…`, HubSpot's contact id). */
  remoteId: string;
  /** Lower-case. */
  email: string;
  firstName: string;
  lastName: string;
  /** Every other merge field, attribute or custom field with a value, by the platform's own name (`COMPANY`, `company`). */
  fields: Record<string, string>;
  tags: string[];
  status: RemoteStatus;
  /** When the person joined the audience on the platform, where it says. */
  subscribedAt: Date | null;
  /** When the platform last changed the person (Mailchimp last_changed, Brevo modifiedAt, HubSpot lastmodifieddate); null where it keeps none (beehiiv). */
  changedAt: Date | null;
  /**
   * When the person themselves last confirmed their subscription (Mailchimp's timestamp_opt of a
   * double opt-in): the only thing that may lift an opt-out recorded here before it. Null where the
   * platform cannot tell the person's own confirmation from an API write.
   */
  confirmedAt: Date | null;
}

/** What we write to a platform: the person's state here. */
export interface PersonWrite {
  email: string;
  firstName: string;
  lastName: string;
  /** Attributes to write, by the platform's own field names (only those the platform has). */
  fields: Record<string, string>;
  /**
   * subscribed: add or keep them subscribed (a platform that refuses to re-subscribe an opted-out
   * person answers 'refused'); pending: ask them to confirm, the only way back a platform allows
   * after an opt-out (Mailchimp's compliance state; a platform with no such way answers 'refused'
   * and writes nothing); unsubscribed / bounced / complained: opt them out there, account-wide;
   * left: they left the linked list only — out of that audience where the platform has lists
   * (Brevo: unlinked from the list), unsubscribed where the audience is the list (Mailchimp,
   * beehiiv), nothing where it has none (HubSpot's contacts).
   */
  status: 'subscribed' | 'pending' | 'unsubscribed' | 'bounced' | 'complained' | 'left';
  /**
   * Write the status alone, leaving names and fields as they are there: an opt-out retried after the
   * platform refused a field's value (an opt-out must never be lost to a bad field).
   */
  statusOnly?: boolean;
  /** Tags to add (segments pushed as tags, A/B splits); none are removed. */
  tags?: string[];
}

/** What a write answers: the platform's id of the person. */
export interface UpsertResult {
  remoteId: string;
  /**
   * An opt-out whose names or fields the platform refused, written with its status alone: the
   * platform's words, for the run's errors (its fields there are not what we sent).
   */
  fieldsRefused?: string;
}

/** Whether a write opts the person out (of the audience or everywhere): never given up for a refused field. */
export function isOptOutWrite(person: Pick<PersonWrite, 'status'>): boolean {
  return person.status !== 'subscribed' && person.status !== 'pending';
}

/** A linkable audience: a Mailchimp audience, a Brevo list, a beehiiv publication, HubSpot's contacts. */
export interface RemoteAudience {
  id: string;
  name: string;
  /** People in it, where the platform says (subscribed ones for Mailchimp). */
  size: number | null;
}

/** A page of people; `next` is an opaque cursor for the next page, null at the end. */
export interface PeoplePage {
  people: RemotePerson[];
  next: string | null;
  /** How many in all, where the platform says (for progress). */
  total: number | null;
}

export interface PeopleQuery {
  /** From `next` of the previous page; null for the first. */
  cursor: string | null;
  /**
   * Only people changed at or after this time (the poll's change cursor); null for everyone.
   * Clients ask a second earlier than this where the platform's filter is strictly after and to the
   * second (Mailchimp): the caller drops what it has already seen.
   */
  changedSince: Date | null;
}

/** One recipient's activity on one past campaign, to become an `email_*` event here. */
export interface HistoryActivity {
  email: string;
  kind: 'delivered' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed' | 'complained';
  at: Date;
  /** The platform's campaign id, stored as the event's `campaign_ref` (`mailchimp:…`). */
  campaignRef: string;
  campaignName: string;
  /** The link, for clicks. */
  url?: string;
}

/** A page of history; `next` is an opaque cursor (the client's own: a campaign and an offset, a contact and a window). */
export interface HistoryPage {
  activities: HistoryActivity[];
  next: string | null;
  /** Progress as the client can tell it: done of total (campaigns, contacts). */
  progress: { done: number; total: number } | null;
}

/** A campaign to create on the platform, its content already in the platform's merge tags. */
export interface RemoteCampaignDraft {
  /** Our campaign's name, shown in the platform's own lists. */
  title: string;
  subject: string;
  preheader: string;
  fromName: string;
  fromEmail: string;
  replyTo: string;
  html: string;
  /** Only the people carrying this tag (a segment or an A/B split pushed as a tag); null: the whole audience. */
  tag: string | null;
}

/** A platform campaign's figures, as its report says. */
export interface RemoteCampaignReport {
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  sent: number;
  delivered: number | null;
  uniqueOpens: number;
  uniqueClicks: number;
  bounces: number;
  unsubscribes: number;
  complaints: number | null;
  sentAt: Date | null;
}

/** A report as stored (platform_deliveries.report, jsonb): its time as an ISO string. */
export type RemoteReportFigures = Omit<RemoteCampaignReport, 'sentAt'> & { sentAt: string | null };

export function reportFiguresOf(report: RemoteCampaignReport): RemoteReportFigures {
  return { ...report, sentAt: report.sentAt?.toISOString() ?? null };
}

/** A change a platform's webhook announced: opt-outs apply at once; anything else makes the next poll due now. */
export interface WebhookNotice {
  email: string | null;
  kind: 'unsubscribed' | 'bounced' | 'complained' | 'subscribed' | 'changed';
  at: Date;
}

export interface PlatformClient {
  readonly platform: PlatformId;
  /** The cheapest call that proves the credentials; the account's name and the reference we keep (data centre, portal id, publication id). */
  account(): Promise<{ name: string; ref: string }>;
  audiences(): Promise<RemoteAudience[]>;
  /** The platform's own names of the fields a person has in this audience (merge fields, attributes), for mapping. */
  fieldNames(audienceId: string): Promise<string[]>;
  people(audienceId: string, query: PeopleQuery): Promise<PeoplePage>;
  /** Creates or updates one person; answers the platform's id. A refusal (compliance state) is a PlatformError 'refused'. */
  upsert(audienceId: string, person: PersonWrite): Promise<UpsertResult>;
  /** Several at once where the platform has a batch call (the clients fall back to one by one); one result per person, in order. */
  upsertMany(audienceId: string, people: PersonWrite[]): Promise<Array<UpsertResult | PlatformError>>;
  /** Engagement history since a time, page by page; null where the platform exposes no per-person activity. */
  readonly history: ((audienceId: string, since: Date, cursor: string | null) => Promise<HistoryPage>) | null;
  /** Registers our receiver for the audience's changes; null where the platform lets no API register one (HubSpot private apps). */
  readonly webhooks: {
    register(audienceId: string, url: string, secret: string): Promise<{ id: string }>;
    remove(audienceId: string, id: string): Promise<void>;
    /** Reads one delivery (body as received, parsed by content type) into notices; [] when it is not one of ours. */
    parse(body: unknown, headers: Record<string, string | string[] | undefined>): WebhookNotice[];
  } | null;
  /** Delivery through the platform; null where its API cannot send (HubSpot without Marketing Hub Enterprise). */
  readonly campaigns: {
    /** Tags people (the split or segment a campaign goes to); emails must already be in the audience. */
    tag(audienceId: string, tag: string, emails: string[]): Promise<void>;
    create(audienceId: string, draft: RemoteCampaignDraft): Promise<{ id: string }>;
    /** Sends now, or schedules for `at` (rounded up to what the platform takes). A plan that cannot is 'plan_limit'. */
    send(id: string, at: Date | null): Promise<void>;
    report(id: string): Promise<RemoteCampaignReport>;
    /** Our merge tags (`first_name`, `email`…) in the platform's syntax; the ones it has no counterpart for are missing. */
    mergeTag(field: string): string | null;
  } | null;
}
