import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom } from '@postlark/shared/testing/seeded-random';
import type { RecordedRequest, TransportBehaviour } from './fake-request';

// A local Brevo (API v3, formerly Sendinblue) for API and browser tests alike (plain TypeScript on
// node:http, no test-runner imports). It speaks what issue 22 uses: the `api-key` header, the account,
// lists and folders, contacts (paging, modifiedSince, the create refusal without updateEnabled), a
// contact's campaign statistics, marketing webhooks (Bearer token set at registration), email
// campaigns (create, sendNow, globalStats) and the x-sib-ratelimit-* headers with 429s.
//
// Sources read (2026-11): developers.brevo.com reference pages get-contacts (limit ≤ 1000),
// get-contacts-from-list (limit ≤ 500, sort desc by creation by default), create-webhook (`auth:
// {type, token}`, `type` defaults to transactional), send-email-campaign-now (204, 402 without credits),
// docs/limit-headers and docs/api-limits (x-sib-ratelimit-limit/remaining/reset, 429), docs/marketing-webhooks
// (payload fields id, camp_id, "campaign name", date_sent, date_event, ts_sent, ts_event, ts, tag, URL,
// list_id), the changelog (contact stats default to the last 90 days); the getbrevo/brevo-node SDK
// models (GetContactCampaignStats, GetCampaignStats, GetAccount, CreateWebhook); the getbrevo/brevo-python
// issue #13 (401 body `{"message":"authentication not found in headers","code":"unauthorized"}`); public
// client code quoting the real bodies `{"code":"unauthorized","message":"Key not found"}` and
// `{"code":"invalid_parameter","message":"Sender is invalid / inactive"}`; a drupal.org issue (lists
// capped at 50 per page); the SDKs' AddContactToList (emails or ids, at most 150 per request); a public
// webhook receiver quoting the docs' marketing samples (payload `event` values unsubscribed, hard_bounced,
// soft_bounced, delivered, opened, click, spam, list_addition: not the registration names). GET /v3/senders'
// shape {senders:[{id,name,email,active,ips}]} is from memory of the reference, not re-read. Where those
// sources are silent the choice is marked "docs silent" below.

/** What the next requests matching a script entry get instead of the normal answer. */
export type BrevoBehaviour =
  /** An error in Brevo's envelope `{ code, message }`. */
  | { kind: 'error'; status: number; code?: string; message?: string }
  /** 429 with the rate-limit headers at zero remaining, reset after this many seconds (default 1). */
  | { kind: 'rate-limited'; resetSeconds?: number }
  | TransportBehaviour;

export interface BrevoContact {
  id: number;
  email: string;
  /** Unsubscribed from all marketing email (Brevo's "blacklisted"). */
  emailBlacklisted: boolean;
  smsBlacklisted: boolean;
  createdAt: Date;
  modifiedAt: Date;
  listIds: number[];
  /** Lists the contact unsubscribed from (still a member, no longer mailed from them). */
  listUnsubscribed: number[];
  /** FIRSTNAME, LASTNAME and any other attribute, by its upper-case name. */
  attributes: Record<string, string | number | boolean | null>;
}

export interface BrevoList {
  id: number;
  name: string;
  folderId: number;
  createdAt: Date;
}

export interface BrevoFolder {
  id: number;
  name: string;
}

export type BrevoActivityKind = 'sent' | 'delivered' | 'opened' | 'clicked' | 'hardBounce' | 'softBounce' | 'complaint' | 'unsubscribed';

/** One thing that happened to one contact for one campaign (the source of contact and campaign statistics). */
export interface BrevoActivity {
  contactId: number;
  campaignId: number;
  kind: BrevoActivityKind;
  at: Date;
  ip: string;
  /** The clicked link (clicked only). */
  url?: string;
}

export interface BrevoCampaign {
  id: number;
  name: string;
  subject: string;
  previewText: string;
  sender: { name: string; email: string };
  htmlContent: string;
  tag: string;
  listIds: number[];
  exclusionListIds: number[];
  scheduledAt: Date | null;
  /** draft, queued (scheduled), sent; Brevo also has suspended, in_process and archive. */
  status: 'draft' | 'queued' | 'sent';
  createdAt: Date;
  modifiedAt: Date;
  sentDate: Date | null;
}

/** One mail the fake "sent": the campaign's html with the recipient's merge tags filled in. */
export interface BrevoSentMessage {
  campaignId: number;
  contactId: number;
  email: string;
  subject: string;
  html: string;
}

export interface BrevoWebhook {
  id: number;
  url: string;
  description: string;
  events: string[];
  type: 'transactional' | 'marketing' | 'inbound';
  auth: { type: string; token: string } | null;
  createdAt: Date;
  modifiedAt: Date;
}

export interface BrevoRateBudget {
  /** Requests allowed per window. */
  limit: number;
  /** The window's length in seconds. */
  windowSeconds: number;
}

export interface FakeBrevoOptions {
  /** The key it accepts in the `api-key` header. Default 'xkeysib-test'. */
  apiKey?: string;
  /** The fake's clock (timestamps, windows, date filters). Default: the real clock. */
  now?: () => Date;
  /**
   * Rate budgets per endpoint family (one or several that all apply, like Brevo's RPS and RPH); `false`
   * turns limiting off (headers still sent, never 429). Defaults follow docs/api-limits' general tier:
   * /v3/contacts 10 per second and 36,000 per hour; every other endpoint used here 100 per hour.
   */
  rateLimits?: false | { contacts?: BrevoRateBudget | BrevoRateBudget[]; others?: BrevoRateBudget | BrevoRateBudget[] };
  /** Sender addresses verified on the account; others make campaign creation fail. Default ['news@example.com']. */
  verifiedSenders?: string[];
  /** Email credits left; a campaign to more recipients answers 402. Default 1,000,000. */
  emailCredits?: number;
  /** The account as GET /v3/account reports it. */
  account?: { email?: string; firstName?: string; lastName?: string; companyName?: string };
}

export interface FakeBrevo {
  /** The base URL to configure as BREVO_API_URL, like http://127.0.0.1:4567/v3. */
  url: string;
  apiKey: string;
  /** Direct access to what the platform holds (tests arrange and assert through it, not through HTTP). */
  state: {
    contacts: Map<number, BrevoContact>;
    lists: Map<number, BrevoList>;
    folders: Map<number, BrevoFolder>;
    campaigns: Map<number, BrevoCampaign>;
    activity: BrevoActivity[];
    sentMessages: BrevoSentMessage[];
    webhooks: Map<number, BrevoWebhook>;
    /** Every webhook delivery the fake made: where, what, and the receiver's status (0: unreachable). */
    webhookDeliveries: Array<{ url: string; headers: Record<string, string>; payload: Record<string, unknown>; status: number }>;
  };
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** The contact with this address (case-insensitive), if any. */
  contactByEmail(email: string): BrevoContact | undefined;
  /** Creates a list (in folder 1 unless told) and answers it. */
  addList(name: string, folderId?: number): BrevoList;
  /** Creates a contact directly, as an import in Brevo's UI would. */
  addContact(input: { email: string; attributes?: BrevoContact['attributes']; listIds?: number[]; emailBlacklisted?: boolean; createdAt?: Date }): BrevoContact;
  /**
   * `count` generated people in a new list (deterministic for a seed), with `campaigns` sent campaigns over
   * the last `months` months; each person opens and clicks with their own propensity at their own preferred
   * hour of day (UTC), so imported history carries a learnable send-time signal.
   */
  seedAudience(input: { count: number; seed?: number; listName?: string; campaigns?: number; months?: number }): { list: BrevoList; contacts: BrevoContact[]; campaigns: BrevoCampaign[]; preferredHourOf: Map<number, number> };
  /** A change made in Brevo's UI: attributes, blacklist, list membership; bumps modifiedAt. */
  changeContact(email: string, change: { attributes?: BrevoContact['attributes']; emailBlacklisted?: boolean; listIds?: number[]; unlinkListIds?: number[]; listUnsubscribed?: number[] }): BrevoContact;
  /** Tells the fake what a recipient of a sent campaign did (opens, clicks, bounces, unsubscribes, complaints). */
  recordEngagement(campaignId: number, email: string, what: { kind: Exclude<BrevoActivityKind, 'sent' | 'delivered'>; at?: Date; url?: string }): void;
  /** The next `times` requests matching method (or any) and path prefix (relative to /v3, like '/contacts') get this. */
  script(match: { method?: string; path: string }, behaviour: BrevoBehaviour, times?: number): void;
  /**
   * Posts Brevo's marketing webhook payload for `event` (a registration event name) to every registered
   * marketing webhook listening to it, or only to `url`; answers the last receiver's status (0: none reached).
   */
  fireWebhook(event: 'unsubscribed' | 'hardBounce' | 'softBounce' | 'spam' | 'delivered' | 'opened' | 'click' | 'listAddition', details: { email: string; campaignId?: number; listIds?: number[]; link?: string; at?: Date }, options?: { url?: string }): Promise<number>;
  /** Revokes the key: later calls get 401 Key not found. */
  revoke(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

class BrevoError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


const FIRST_NAMES = ['Ada', 'Ben', 'Chloé', 'Dev', 'Emma', 'Farid', 'Grace', 'Hugo', 'Inès', 'Jonas', 'Kira', 'Léo', 'Maya', 'Noah', 'Olga', 'Paul'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Schmidt', 'Rossi', 'García', 'Novak', 'Smith', 'Kowalski', 'Jansen', 'Silva', 'Moreau'];

/** Brevo's webhook local-time format "2020-10-09 00:00:00" (the fake's local zone is UTC). */
const brevoDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isEmail = (value: unknown): value is string => typeof value === 'string' && /^[^\s@]+@[^\s@.]+\.[^\s@]+$/.test(value);

export async function startFakeBrevo(options: FakeBrevoOptions = {}): Promise<FakeBrevo> {
  const apiKey = options.apiKey ?? 'xkeysib-test';
  const now = options.now ?? (() => new Date());
  const verifiedSenders = new Set((options.verifiedSenders ?? ['news@example.com']).map((email) => email.toLowerCase()));
  let emailCredits = options.emailCredits ?? 1_000_000;
  const asWindows = (budgets: BrevoRateBudget | BrevoRateBudget[]) => [budgets].flat().map((budget) => ({ budget, start: 0, used: 0 }));
  const limiting = options.rateLimits !== false;
  const rateLimits = options.rateLimits === false ? {} : (options.rateLimits ?? {});
  const windows = {
    contacts: asWindows(limiting ? (rateLimits.contacts ?? [{ limit: 10, windowSeconds: 1 }, { limit: 36_000, windowSeconds: 3600 }]) : { limit: 1_000_000, windowSeconds: 3600 }),
    others: asWindows(limiting ? (rateLimits.others ?? { limit: 100, windowSeconds: 3600 }) : { limit: 1_000_000, windowSeconds: 3600 }),
  };
  let revoked = false;

  const contacts = new Map<number, BrevoContact>();
  const byEmail = new Map<string, BrevoContact>();
  const lists = new Map<number, BrevoList>();
  const folders = new Map<number, BrevoFolder>([[1, { id: 1, name: 'Your first folder' }]]);
  const campaigns = new Map<number, BrevoCampaign>();
  const activity: BrevoActivity[] = [];
  const sentMessages: BrevoSentMessage[] = [];
  const webhooks = new Map<number, BrevoWebhook>();
  const webhookDeliveries: FakeBrevo['state']['webhookDeliveries'] = [];
  const requests: RecordedRequest[] = [];
  const scripted: Array<{ method?: string; path: string; behaviour: BrevoBehaviour; left: number }> = [];
  const sockets = new Set<Socket>();
  const ids = { contact: 0, list: 0, folder: 1, campaign: 0, webhook: 0 };

  const contactByEmail = (email: string) => byEmail.get(email.trim().toLowerCase());

  const addList = (name: string, folderId = 1): BrevoList => {
    const list = { id: ++ids.list, name, folderId, createdAt: now() };
    lists.set(list.id, list);
    return list;
  };

  const addContact: FakeBrevo['addContact'] = (input) => {
    const at = input.createdAt ?? now();
    const contact: BrevoContact = {
      id: ++ids.contact,
      // Brevo stores addresses lower-cased.
      email: input.email.trim().toLowerCase(),
      emailBlacklisted: input.emailBlacklisted ?? false,
      smsBlacklisted: false,
      createdAt: at,
      modifiedAt: at,
      listIds: [...new Set(input.listIds ?? [])],
      listUnsubscribed: [],
      attributes: { ...(input.attributes ?? {}) },
    };
    contacts.set(contact.id, contact);
    byEmail.set(contact.email, contact);
    return contact;
  };

  const touch = (contact: BrevoContact) => {
    contact.modifiedAt = now();
  };

  const changeContact: FakeBrevo['changeContact'] = (email, change) => {
    const contact = contactByEmail(email);
    if (!contact) throw new Error(`No Brevo contact ${email}`);
    if (change.attributes) Object.assign(contact.attributes, change.attributes);
    if (change.emailBlacklisted !== undefined) contact.emailBlacklisted = change.emailBlacklisted;
    if (change.listIds) contact.listIds = [...new Set([...contact.listIds, ...change.listIds])];
    if (change.unlinkListIds) contact.listIds = contact.listIds.filter((id) => !change.unlinkListIds!.includes(id));
    if (change.listUnsubscribed) contact.listUnsubscribed = [...new Set([...contact.listUnsubscribed, ...change.listUnsubscribed])];
    touch(contact);
    return contact;
  };

  const ipOf = (contactId: number) => `203.0.113.${(contactId % 250) + 1}`;

  /** Sends a campaign now: every member of its lists not excluded, not blacklisted, not unsubscribed from that list. */
  const audienceOf = (campaign: BrevoCampaign) => {
    const excluded = new Set(campaign.exclusionListIds);
    return [...contacts.values()].filter(
      (contact) => !contact.emailBlacklisted && !contact.listIds.some((id) => excluded.has(id)) && campaign.listIds.some((id) => contact.listIds.includes(id) && !contact.listUnsubscribed.includes(id)),
    );
  };

  const deliver = (campaign: BrevoCampaign, at: Date) => {
    for (const contact of audienceOf(campaign)) {
      activity.push({ contactId: contact.id, campaignId: campaign.id, kind: 'sent', at, ip: '' });
      activity.push({ contactId: contact.id, campaignId: campaign.id, kind: 'delivered', at, ip: '' });
      // Brevo's merge tags are {{ contact.ATTRIBUTE }}; an attribute the contact lacks renders empty.
      const fill = (text: string) => text.replace(/\{\{\s*contact\.([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => String(contact.attributes[name.toUpperCase()] ?? ''));
      sentMessages.push({ campaignId: campaign.id, contactId: contact.id, email: contact.email, subject: fill(campaign.subject), html: fill(campaign.htmlContent) });
    }
    campaign.status = 'sent';
    campaign.sentDate = at;
    campaign.modifiedAt = at;
  };

  /** Scheduled campaigns go out once the fake's clock passes their time (checked on every request). */
  const deliverDue = () => {
    for (const campaign of campaigns.values()) if (campaign.status === 'queued' && campaign.scheduledAt && campaign.scheduledAt <= now()) deliver(campaign, campaign.scheduledAt);
  };

  // Activity indexed by contact and by campaign, so a 10,000-person import's per-contact calls stay cheap.
  // `state.activity` is append-only (tests may push to it too): entries past `indexed` are indexed on demand.
  const byContact = new Map<number, BrevoActivity[]>();
  const byCampaign = new Map<number, BrevoActivity[]>();
  let indexed = 0;
  const catchUp = () => {
    for (; indexed < activity.length; indexed++) {
      const entry = activity[indexed]!;
      for (const [index, key] of [[byContact, entry.contactId], [byCampaign, entry.campaignId]] as const) {
        const entries = index.get(key);
        if (entries) entries.push(entry);
        else index.set(key, [entry]);
      }
    }
  };
  const activityOfContact = (contactId: number) => {
    catchUp();
    return byContact.get(contactId) ?? [];
  };
  const activityOfCampaign = (campaignId: number) => {
    catchUp();
    return byCampaign.get(campaignId) ?? [];
  };

  const wasSent = (campaignId: number, contactId: number) => activityOfContact(contactId).some((entry) => entry.campaignId === campaignId && entry.kind === 'sent');

  const recordEngagement: FakeBrevo['recordEngagement'] = (campaignId, email, what) => {
    const campaign = campaigns.get(campaignId);
    const contact = contactByEmail(email);
    if (!campaign || !contact || !wasSent(campaign.id, contact.id)) throw new Error(`${email} was not sent campaign ${campaignId}`);
    activity.push({ contactId: contact.id, campaignId, kind: what.kind, at: what.at ?? now(), ip: ipOf(contact.id), ...(what.kind === 'clicked' ? { url: what.url ?? 'https://example.com/' } : {}) });
    // An unsubscribe, hard bounce or complaint blacklists the address, as Brevo does.
    if (what.kind === 'unsubscribed' || what.kind === 'hardBounce' || what.kind === 'complaint') {
      contact.emailBlacklisted = true;
      touch(contact);
    }
  };

  const seedAudience: FakeBrevo['seedAudience'] = ({ count, seed = 1, listName, campaigns: campaignCount = 6, months = 6 }) => {
    const rand = seededRandom(seed);
    const list = addList(listName ?? `Seeded audience ${ids.list + 1}`);
    const start = now().getTime();
    const people: BrevoContact[] = [];
    const preferredHourOf = new Map<number, number>();
    const propensity = new Map<number, number>();
    for (let index = 0; index < count; index++) {
      const firstName = FIRST_NAMES[Math.floor(rand() * FIRST_NAMES.length)]!;
      const lastName = LAST_NAMES[Math.floor(rand() * LAST_NAMES.length)]!;
      const createdAt = new Date(start - (months * 30 + 30) * 86_400_000 + Math.floor(rand() * 30 * 86_400_000));
      const contact = addContact({ email: `person${seed}-${index + 1}@example.com`, attributes: { FIRSTNAME: firstName, LASTNAME: lastName }, listIds: [list.id], createdAt });
      people.push(contact);
      preferredHourOf.set(contact.id, Math.floor(rand() * 24));
      propensity.set(contact.id, 0.1 + rand() * 0.8);
    }
    const made: BrevoCampaign[] = [];
    for (let index = 0; index < campaignCount; index++) {
      // Spread over the window, oldest first, each sent at 09:00 UTC.
      const day = new Date(start - Math.round(((campaignCount - index) * months * 30 * 86_400_000) / (campaignCount + 1)));
      day.setUTCHours(9, 0, 0, 0);
      const campaign = createCampaign({ name: `Seeded campaign ${index + 1}`, subject: `News ${index + 1}`, previewText: '', sender: { name: 'News', email: [...verifiedSenders][0] ?? 'news@example.com' }, htmlContent: '<p>Hello {{ contact.FIRSTNAME }}</p><a href="https://example.com/offer">Offer</a>', tag: '', listIds: [list.id], exclusionListIds: [], scheduledAt: null }, day);
      deliver(campaign, day);
      for (const contact of people) {
        if (rand() >= propensity.get(contact.id)!) continue;
        // Opens land at the person's preferred hour on the first day after sending that reaches it, give or take 20 minutes.
        const opened = new Date(day);
        opened.setUTCHours(preferredHourOf.get(contact.id)!, Math.floor(rand() * 40), 0, 0);
        if (opened <= day) opened.setUTCDate(opened.getUTCDate() + 1);
        activity.push({ contactId: contact.id, campaignId: campaign.id, kind: 'opened', at: opened, ip: ipOf(contact.id) });
        if (rand() < propensity.get(contact.id)! / 2) activity.push({ contactId: contact.id, campaignId: campaign.id, kind: 'clicked', at: new Date(opened.getTime() + 60_000), ip: ipOf(contact.id), url: 'https://example.com/offer' });
      }
      made.push(campaign);
    }
    return { list, contacts: people, campaigns: made, preferredHourOf };
  };

  function createCampaign(input: Omit<BrevoCampaign, 'id' | 'status' | 'createdAt' | 'modifiedAt' | 'sentDate'>, at = now()): BrevoCampaign {
    const campaign: BrevoCampaign = { ...input, id: ++ids.campaign, status: input.scheduledAt ? 'queued' : 'draft', createdAt: at, modifiedAt: at, sentDate: null };
    campaigns.set(campaign.id, campaign);
    return campaign;
  }

  // ---- HTTP answers ---------------------------------------------------------------------------------------

  const listJson = (list: BrevoList) => {
    const members = [...contacts.values()].filter((contact) => contact.listIds.includes(list.id));
    return {
      id: list.id,
      name: list.name,
      totalBlacklisted: members.filter((contact) => contact.emailBlacklisted).length,
      totalSubscribers: members.filter((contact) => !contact.emailBlacklisted).length,
      uniqueSubscribers: members.length,
      folderId: list.folderId,
    };
  };

  const contactJson = (contact: BrevoContact) => ({
    email: contact.email,
    id: contact.id,
    emailBlacklisted: contact.emailBlacklisted,
    smsBlacklisted: contact.smsBlacklisted,
    createdAt: contact.createdAt.toISOString(),
    modifiedAt: contact.modifiedAt.toISOString(),
    listIds: [...contact.listIds],
    listUnsubscribed: [...contact.listUnsubscribed],
    attributes: { ...contact.attributes },
  });

  /** limit/offset as Brevo reads them: non-negative integers, limit at most `max` (docs silent on the refusal's text). */
  const page = (query: URLSearchParams, defaultLimit: number, max: number) => {
    const limit = query.has('limit') ? Number(query.get('limit')) : defaultLimit;
    const offset = query.has('offset') ? Number(query.get('offset')) : 0;
    if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) throw new BrevoError(400, 'invalid_parameter', 'limit and offset must be non-negative integers');
    if (limit > max) throw new BrevoError(400, 'out_of_range', `Limit exceeds max value of ${max}`);
    const sort = query.get('sort') ?? 'desc';
    if (sort !== 'asc' && sort !== 'desc') throw new BrevoError(400, 'invalid_parameter', 'sort must be asc or desc');
    return { limit, offset, sort };
  };

  const dateParameter = (query: URLSearchParams, name: string) => {
    const value = query.get(name);
    if (value === null) return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new BrevoError(400, 'invalid_parameter', `${name} is not a valid date-time`);
    return date;
  };

  const pageOfContacts = (all: BrevoContact[], query: URLSearchParams, defaultLimit: number, max: number, withCreatedSince: boolean) => {
    const { limit, offset, sort } = page(query, defaultLimit, max);
    const modifiedSince = dateParameter(query, 'modifiedSince');
    const createdSince = withCreatedSince ? dateParameter(query, 'createdSince') : null;
    // count follows the filters (changelog 2021-05-07); order is creation (id), descending unless sort=asc.
    const filtered = all.filter((contact) => (!modifiedSince || contact.modifiedAt > modifiedSince) && (!createdSince || contact.createdAt > createdSince)).sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
    return { contacts: filtered.slice(offset, offset + limit).map(contactJson), count: filtered.length };
  };

  const findContact = (identifier: string, query: URLSearchParams) => {
    const decoded = decodeURIComponent(identifier);
    const type = query.get('identifierType');
    const contact = type === 'contact_id' || (!type && /^\d+$/.test(decoded)) ? contacts.get(Number(decoded)) : contactByEmail(decoded);
    if (!contact) throw new BrevoError(404, 'document_not_found', 'Contact does not exist');
    return contact;
  };

  const findList = (id: string) => {
    const list = lists.get(Number(id));
    if (!list) throw new BrevoError(404, 'document_not_found', 'List ID does not exist');
    return list;
  };

  const bodyObject = (body: unknown): Json => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BrevoError(400, 'bad_request', 'Input must be a valid JSON object');
    return body as Json;
  };

  const attributesOf = (value: unknown): BrevoContact['attributes'] => {
    if (value === undefined) return {};
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BrevoError(400, 'invalid_parameter', 'attributes should be an object');
    const out: BrevoContact['attributes'] = {};
    for (const [name, item] of Object.entries(value as Json)) out[name.toUpperCase()] = item as string | number | boolean | null;
    return out;
  };

  const listIdsOf = (value: unknown, field: string): number[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((id) => !Number.isInteger(id))) throw new BrevoError(400, 'invalid_parameter', `${field} should be an array of integers`);
    for (const id of value as number[]) if (!lists.has(id)) throw new BrevoError(404, 'document_not_found', 'List ID does not exist');
    return value as number[];
  };

  /** GET /contacts/{identifier}/campaignStats: the last 90 days by default; an explicit range is at most 90 days. */
  const campaignStats = (contact: BrevoContact, query: URLSearchParams) => {
    const startText = query.get('startDate');
    const endText = query.get('endDate');
    let start: Date;
    let end: Date;
    if (startText === null && endText === null) {
      end = now();
      start = new Date(end.getTime() - 90 * 86_400_000);
    } else {
      if (startText === null || endText === null) throw new BrevoError(400, 'invalid_parameter', 'startDate and endDate are both required when either is passed');
      start = new Date(`${startText}T00:00:00.000Z`);
      end = new Date(`${endText}T23:59:59.999Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(startText) || !/^\d{4}-\d{2}-\d{2}$/.test(endText) || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new BrevoError(400, 'invalid_parameter', 'startDate and endDate must be YYYY-MM-DD');
      if (start > end) throw new BrevoError(400, 'invalid_parameter', 'startDate should be lower than or equal to endDate');
      // The API reference: "Maximum difference between startDate and endDate should not be greater than 90 days".
      if (Date.parse(endText) - Date.parse(startText) > 90 * 86_400_000) throw new BrevoError(400, 'invalid_parameter', 'Maximum difference between startDate and endDate should not be greater than 90 days');
    }
    const mine = activityOfContact(contact.id).filter((entry) => entry.at >= start && entry.at <= end);
    const of = (kind: BrevoActivityKind) => mine.filter((entry) => entry.kind === kind);
    const simple = (kind: BrevoActivityKind) => of(kind).map((entry) => ({ campaignId: entry.campaignId, eventTime: entry.at.toISOString() }));
    const opened = new Map<number, { campaignId: number; count: number; eventTime: string; ip: string }>();
    for (const entry of of('opened')) {
      const seen = opened.get(entry.campaignId);
      // One row per campaign: how many opens, and the first one's time and IP.
      if (seen) seen.count++;
      else opened.set(entry.campaignId, { campaignId: entry.campaignId, count: 1, eventTime: entry.at.toISOString(), ip: entry.ip });
    }
    const clicked = new Map<number, Map<string, { count: number; eventTime: string; ip: string; url: string }>>();
    for (const entry of of('clicked')) {
      const links = clicked.get(entry.campaignId) ?? new Map();
      clicked.set(entry.campaignId, links);
      const link = links.get(entry.url!);
      if (link) link.count++;
      else links.set(entry.url!, { count: 1, eventTime: entry.at.toISOString(), ip: entry.ip, url: entry.url! });
    }
    // Empty kinds are left out: every field of GetContactCampaignStats is optional (docs silent on which are sent).
    const out: Json = {};
    const put = (name: string, value: unknown[]) => {
      if (value.length > 0) out[name] = value;
    };
    put('messagesSent', simple('sent'));
    put('hardBounces', simple('hardBounce'));
    put('softBounces', simple('softBounce'));
    put('complaints', simple('complaint'));
    const unsubscriptions = of('unsubscribed').map((entry) => ({ campaignId: entry.campaignId, eventTime: entry.at.toISOString(), ip: entry.ip }));
    if (unsubscriptions.length > 0) out.unsubscriptions = { userUnsubscription: unsubscriptions, adminUnsubscription: [] };
    put('opened', [...opened.values()]);
    put('clicked', [...clicked].map(([campaignId, links]) => ({ campaignId, links: [...links.values()] })));
    put('delivered', simple('delivered'));
    return out;
  };

  /** The campaign's figures, or only those of one list's current members (its campaignStats row). */
  const globalStats = (campaign: BrevoCampaign, listId?: number) => {
    const mine = activityOfCampaign(campaign.id).filter((entry) => listId === undefined || (contacts.get(entry.contactId)?.listIds.includes(listId) ?? false));
    const count = (kind: BrevoActivityKind) => mine.filter((entry) => entry.kind === kind).length;
    const unique = (kind: BrevoActivityKind) => new Set(mine.filter((entry) => entry.kind === kind).map((entry) => entry.contactId)).size;
    return {
      uniqueClicks: unique('clicked'),
      clickers: count('clicked'),
      complaints: count('complaint'),
      delivered: count('delivered'),
      sent: count('sent'),
      softBounces: count('softBounce'),
      hardBounces: count('hardBounce'),
      uniqueViews: unique('opened'),
      // The fake has no privacy-protected opens: every view is trackable.
      trackableViews: unique('opened'),
      trackableViewsRate: count('delivered') ? Math.round((unique('opened') / count('delivered')) * 10000) / 100 : 0,
      estimatedViews: unique('opened'),
      unsubscriptions: count('unsubscribed'),
      viewed: count('opened'),
      deferred: 0,
      returnBounce: 0,
    };
  };

  const campaignJson = (campaign: BrevoCampaign) => ({
    id: campaign.id,
    name: campaign.name,
    subject: campaign.subject,
    previewText: campaign.previewText,
    type: 'classic',
    status: campaign.status,
    scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
    testSent: false,
    header: '[DEFAULT_HEADER]',
    footer: '[DEFAULT_FOOTER]',
    sender: { ...campaign.sender, id: 1 },
    replyTo: campaign.sender.email,
    toField: '',
    htmlContent: campaign.htmlContent,
    tag: campaign.tag,
    createdAt: campaign.createdAt.toISOString(),
    modifiedAt: campaign.modifiedAt.toISOString(),
    ...(campaign.sentDate ? { sentDate: campaign.sentDate.toISOString() } : {}),
    inlineImageActivation: false,
    mirrorActive: false,
    recurring: false,
    recipients: { lists: [...campaign.listIds], exclusionLists: [...campaign.exclusionListIds] },
    statistics: { globalStats: globalStats(campaign), campaignStats: campaign.listIds.map((listId) => ({ listId, ...globalStats(campaign, listId) })), mirrorClick: 0, remaining: 0, linksStats: {}, statsByDomain: {} },
  });

  const webhookJson = (webhook: BrevoWebhook) => ({
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    events: [...webhook.events],
    type: webhook.type,
    createdAt: webhook.createdAt.toISOString(),
    modifiedAt: webhook.modifiedAt.toISOString(),
    ...(webhook.auth ? { auth: { type: webhook.auth.type } } : {}),
  });

  const MARKETING_EVENTS = ['spam', 'opened', 'click', 'hardBounce', 'softBounce', 'unsubscribed', 'listAddition', 'delivered', 'contactUpdated', 'contactDeleted'];
  const TRANSACTIONAL_EVENTS = ['sent', 'request', 'delivered', 'hardBounce', 'softBounce', 'blocked', 'spam', 'invalid', 'deferred', 'click', 'opened', 'uniqueOpened', 'unsubscribed'];

  /** Routes one authenticated request; answers [status, body] (body undefined: no content). */
  const route = (method: string, path: string, query: URLSearchParams, body: unknown): [number, unknown] => {
    const parts = path.split('/').filter(Boolean).slice(1); // drop 'v3'
    const [first, second, third, fourth, fifth] = parts;

    if (method === 'GET' && path === '/v3/account') {
      return [200, {
        email: options.account?.email ?? 'owner@example.com',
        firstName: options.account?.firstName ?? 'Olivia',
        lastName: options.account?.lastName ?? 'Owner',
        companyName: options.account?.companyName ?? 'Example Shop',
        address: { street: '1 Example Street', city: 'Paris', zipCode: '75001', country: 'France' },
        plan: [{ type: 'free', creditsType: 'sendLimit', credits: emailCredits }],
        relay: { enabled: true, data: { userName: 'owner@example.com', relay: 'smtp-relay.brevo.com', port: 587 } },
        marketingAutomation: { enabled: false },
      }];
    }

    if (first === 'contacts') {
      if (second === 'folders' && third === undefined && method === 'GET') {
        const { limit, offset, sort } = page(query, 10, 50);
        const all = [...folders.values()].sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
        return [200, { folders: all.slice(offset, offset + limit).map((folder) => ({ id: folder.id, name: folder.name, ...listTotals(folder.id) })), count: all.length }];
      }
      if (second === 'attributes' && third === undefined && method === 'GET') {
        const names = new Set(['FIRSTNAME', 'LASTNAME', 'SMS']);
        for (const contact of contacts.values()) for (const name of Object.keys(contact.attributes)) names.add(name);
        return [200, { attributes: [...names].map((name) => ({ name, category: 'normal', type: typeof [...contacts.values()].find((contact) => name in contact.attributes)?.attributes[name] === 'number' ? 'float' : 'text' })) }];
      }
      if (second === 'lists') {
        if (third === undefined && method === 'GET') {
          const { limit, offset, sort } = page(query, 10, 50);
          const all = [...lists.values()].sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
          return [200, { lists: all.slice(offset, offset + limit).map(listJson), count: all.length }];
        }
        if (third === undefined && method === 'POST') {
          const input = bodyObject(body);
          if (typeof input.name !== 'string' || !input.name.trim()) throw new BrevoError(400, 'missing_parameter', 'name is missing');
          if (!Number.isInteger(input.folderId)) throw new BrevoError(400, 'missing_parameter', 'folderId is missing');
          if (!folders.has(input.folderId as number)) throw new BrevoError(404, 'document_not_found', 'Folder ID does not exist');
          return [201, { id: addList(input.name, input.folderId as number).id }];
        }
        if (third !== undefined && fourth === undefined && method === 'GET') {
          const list = findList(third);
          return [200, { ...listJson(list), createdAt: list.createdAt.toISOString(), campaignStats: [], dynamicList: false }];
        }
        if (third !== undefined && fourth === 'contacts' && fifth === undefined && method === 'GET') {
          const list = findList(third);
          return [200, pageOfContacts([...contacts.values()].filter((contact) => contact.listIds.includes(list.id)), query, 50, 500, false)];
        }
        if (third !== undefined && fourth === 'contacts' && (fifth === 'add' || fifth === 'remove') && method === 'POST') {
          const list = findList(third);
          const input = bodyObject(body);
          // Either `emails` or `ids`, at most 150 per request (AddContactToList in the SDKs); answers echo what was passed.
          const byIds = input.emails === undefined && Array.isArray(input.ids);
          const given = (byIds ? input.ids : input.emails) as unknown;
          if (!Array.isArray(given) || given.length === 0) throw new BrevoError(400, 'missing_parameter', 'emails is missing');
          if (given.length > 150) throw new BrevoError(400, 'out_of_range', 'You can add or remove at most 150 contacts in one request');
          const success: Array<string | number> = [];
          const failure: Array<string | number> = [];
          for (const item of given as unknown[]) {
            const contact = byIds ? contacts.get(Number(item)) : typeof item === 'string' ? contactByEmail(item) : undefined;
            const member = contact?.listIds.includes(list.id) ?? false;
            if (!contact || (fifth === 'add' ? member : !member)) {
              failure.push(item as string | number);
              continue;
            }
            contact.listIds = fifth === 'add' ? [...contact.listIds, list.id] : contact.listIds.filter((id) => id !== list.id);
            touch(contact);
            success.push(byIds ? contact.id : contact.email);
          }
          // Nothing done at all: Brevo refuses the whole call instead of answering an all-failure list.
          if (success.length === 0) throw new BrevoError(400, 'invalid_parameter', fifth === 'add' ? 'Contact already in list and/or does not exist' : 'Contact does not exist in list');
          return [201, { contacts: { success, failure } }];
        }
      }
      if (second === undefined && method === 'GET') return [200, pageOfContacts([...contacts.values()], query, 50, 1000, true)];
      if (second === undefined && method === 'POST') {
        const input = bodyObject(body);
        if (input.email === undefined) throw new BrevoError(400, 'missing_parameter', 'email is missing');
        if (!isEmail(input.email)) throw new BrevoError(400, 'invalid_parameter', 'Invalid email address');
        const attributes = attributesOf(input.attributes);
        const listIds = listIdsOf(input.listIds, 'listIds');
        const existing = contactByEmail(input.email);
        if (existing) {
          // The refusal issue 22 names: an existing address needs updateEnabled: true, then it is an update (204).
          if (input.updateEnabled !== true) throw new BrevoError(400, 'duplicate_parameter', 'Contact already exist');
          changeContact(existing.email, { attributes, listIds, ...(typeof input.emailBlacklisted === 'boolean' ? { emailBlacklisted: input.emailBlacklisted } : {}) });
          return [204, undefined];
        }
        const contact = addContact({ email: input.email, attributes, listIds, emailBlacklisted: input.emailBlacklisted === true });
        return [201, { id: contact.id }];
      }
      if (second !== undefined && third === undefined && method === 'GET') {
        const contact = findContact(second, query);
        // GET /contacts/{identifier} carries the last 90 days of statistics too (changelog 2021-07-26).
        return [200, { ...contactJson(contact), statistics: campaignStats(contact, new URLSearchParams()) }];
      }
      if (second !== undefined && third === undefined && method === 'PUT') {
        const contact = findContact(second, query);
        const input = bodyObject(body);
        const attributes = attributesOf(input.attributes);
        if (typeof attributes.EMAIL === 'string' && attributes.EMAIL.toLowerCase() !== contact.email) {
          const email = attributes.EMAIL.toLowerCase();
          if (!isEmail(email)) throw new BrevoError(400, 'invalid_parameter', 'Invalid email address');
          if (byEmail.has(email)) throw new BrevoError(400, 'duplicate_parameter', 'Contact already exist');
          byEmail.delete(contact.email);
          contact.email = email;
          byEmail.set(email, contact);
        }
        delete attributes.EMAIL;
        changeContact(contact.email, {
          attributes,
          listIds: listIdsOf(input.listIds, 'listIds'),
          unlinkListIds: listIdsOf(input.unlinkListIds, 'unlinkListIds'),
          ...(typeof input.emailBlacklisted === 'boolean' ? { emailBlacklisted: input.emailBlacklisted } : {}),
        });
        return [204, undefined];
      }
      if (second !== undefined && third === 'campaignStats' && method === 'GET') return [200, campaignStats(findContact(second, query), query)];
    }

    if (first === 'senders' && second === undefined && method === 'GET') {
      return [200, { senders: [...verifiedSenders].map((email, index) => ({ id: index + 1, name: email.split('@')[0], email, active: true, ips: [] })) }];
    }

    if (first === 'webhooks') {
      if (second === undefined && method === 'GET') {
        // The `type` filter defaults to transactional: marketing webhooks are listed only with type=marketing.
        const type = query.get('type') ?? 'transactional';
        return [200, { webhooks: [...webhooks.values()].filter((webhook) => webhook.type === type).map(webhookJson) }];
      }
      if (second === undefined && method === 'POST') {
        const input = bodyObject(body);
        if (typeof input.url !== 'string' || !/^https?:\/\/\S+$/.test(input.url)) throw new BrevoError(400, 'invalid_parameter', 'url is not valid');
        const type = (input.type ?? 'transactional') as string;
        if (!['transactional', 'marketing', 'inbound'].includes(type)) throw new BrevoError(400, 'invalid_parameter', 'type is not valid');
        const allowed = type === 'marketing' ? MARKETING_EVENTS : type === 'inbound' ? ['inboundEmailProcessed'] : TRANSACTIONAL_EVENTS;
        if (!Array.isArray(input.events) || input.events.length === 0) throw new BrevoError(400, 'missing_parameter', 'events is missing');
        for (const event of input.events as unknown[]) if (typeof event !== 'string' || !allowed.includes(event)) throw new BrevoError(400, 'invalid_parameter', `${String(event)} is not a valid event for a ${type} webhook`);
        if (webhooks.size >= 40) throw new BrevoError(400, 'invalid_parameter', 'You can create at most 40 webhooks');
        const auth = input.auth as { type?: unknown; token?: unknown } | undefined;
        const at = now();
        const webhook: BrevoWebhook = {
          id: ++ids.webhook,
          url: input.url,
          description: typeof input.description === 'string' ? input.description : '',
          events: input.events as string[],
          type: type as BrevoWebhook['type'],
          auth: auth && typeof auth.token === 'string' ? { type: typeof auth.type === 'string' ? auth.type : 'bearer', token: auth.token } : null,
          createdAt: at,
          modifiedAt: at,
        };
        webhooks.set(webhook.id, webhook);
        return [201, { id: webhook.id }];
      }
      if (second !== undefined && third === undefined) {
        const webhook = webhooks.get(Number(second));
        if (!webhook) throw new BrevoError(404, 'document_not_found', 'Webhook not found');
        if (method === 'GET') return [200, webhookJson(webhook)];
        if (method === 'DELETE') {
          webhooks.delete(webhook.id);
          return [204, undefined];
        }
      }
    }

    if (first === 'emailCampaigns') {
      if (second === undefined && method === 'POST') {
        const input = bodyObject(body);
        if (typeof input.name !== 'string' || !input.name.trim()) throw new BrevoError(400, 'missing_parameter', 'name is missing');
        const sender = input.sender as { name?: unknown; email?: unknown } | undefined;
        if (!sender || !isEmail(sender.email)) throw new BrevoError(400, 'missing_parameter', 'sender is missing');
        if (!verifiedSenders.has(sender.email.toLowerCase())) throw new BrevoError(400, 'invalid_parameter', 'Sender is invalid / inactive');
        if (typeof input.htmlContent !== 'string' || !input.htmlContent.trim()) throw new BrevoError(400, 'missing_parameter', 'htmlContent is missing');
        const recipients = (input.recipients ?? {}) as { listIds?: unknown; exclusionListIds?: unknown };
        const listIds = listIdsOf(recipients.listIds, 'recipients.listIds');
        const exclusionListIds = listIdsOf(recipients.exclusionListIds, 'recipients.exclusionListIds');
        let scheduledAt: Date | null = null;
        if (input.scheduledAt !== undefined) {
          scheduledAt = new Date(String(input.scheduledAt));
          if (Number.isNaN(scheduledAt.getTime())) throw new BrevoError(400, 'invalid_parameter', 'scheduledAt is not valid');
          if (scheduledAt <= now()) throw new BrevoError(400, 'invalid_parameter', 'scheduledAt should be a future date');
          if (listIds.length === 0) throw new BrevoError(400, 'invalid_parameter', 'recipients are required to schedule a campaign');
        }
        const campaign = createCampaign({
          name: input.name,
          subject: typeof input.subject === 'string' ? input.subject : '',
          previewText: typeof input.previewText === 'string' ? input.previewText : '',
          sender: { name: typeof sender.name === 'string' ? sender.name : '', email: sender.email.toLowerCase() },
          htmlContent: input.htmlContent,
          tag: typeof input.tag === 'string' ? input.tag : '',
          listIds,
          exclusionListIds,
          scheduledAt,
        });
        return [201, { id: campaign.id }];
      }
      if (second !== undefined) {
        const campaign = campaigns.get(Number(second));
        if (!campaign) throw new BrevoError(404, 'document_not_found', 'Campaign ID does not exist');
        if (third === undefined && method === 'GET') return [200, campaignJson(campaign)];
        if (third === 'sendNow' && method === 'POST') {
          // An already sent campaign: the error model lists `campaign_sent`; the message is not documented (docs silent).
          if (campaign.status === 'sent') throw new BrevoError(400, 'campaign_sent', 'Campaign has already been sent');
          if (!campaign.subject) throw new BrevoError(400, 'invalid_parameter', 'Campaign subject is missing');
          if (campaign.listIds.length === 0) throw new BrevoError(400, 'invalid_parameter', 'Campaign recipients are missing');
          // Not enough credits for every recipient answers 402 and sends nothing.
          const needed = audienceOf(campaign).length;
          if (needed > emailCredits) throw new BrevoError(402, 'not_enough_credits', 'You don\'t have enough credit to send your campaign');
          emailCredits -= needed;
          deliver(campaign, now());
          return [204, undefined];
        }
      }
    }

    // A route the fake does not serve (the real API's answer to an unknown path is not documented: docs silent).
    throw new BrevoError(404, 'document_not_found', `${method} ${path} is not a route of this fake`);
  };

  const listTotals = (folderId: number) => {
    const inFolder = [...lists.values()].filter((list) => list.folderId === folderId).map(listJson);
    return {
      totalBlacklisted: inFolder.reduce((sum, list) => sum + list.totalBlacklisted, 0),
      totalSubscribers: inFolder.reduce((sum, list) => sum + list.totalSubscribers, 0),
      uniqueSubscribers: inFolder.reduce((sum, list) => sum + list.uniqueSubscribers, 0),
    };
  };

  /**
   * The family's windows as of now (a new window starts when the last one ended) and the one the headers
   * describe: a spent one if any (the longest to wait), else the one with the fewest requests left.
   */
  const windowsOf = (family: 'contacts' | 'others') => {
    const at = now().getTime();
    const all = windows[family].map((window) => {
      if (at >= window.start + window.budget.windowSeconds * 1000) {
        window.start = at;
        window.used = 0;
      }
      return { window, resetSeconds: Math.max(1, Math.ceil((window.start + window.budget.windowSeconds * 1000 - at) / 1000)) };
    });
    const spent = all.filter(({ window }) => window.used >= window.budget.limit).sort((a, b) => b.resetSeconds - a.resetSeconds);
    const tightest = spent[0] ?? [...all].sort((a, b) => a.window.budget.limit - a.window.used - (b.window.budget.limit - b.window.used))[0]!;
    return { all, spent: spent.length > 0, tightest };
  };

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string>) => {
    if (body === undefined) {
      response.writeHead(status, headers);
      response.end();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, record: RecordedRequest) => {
    const { method, path, query } = record;
    const entry = scripted.find((item) => item.left > 0 && (!item.method || item.method === method) && path.startsWith(`/v3${item.path}`));
    if (entry) entry.left--;
    const behaviour = entry?.behaviour;
    if (behaviour?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (behaviour?.kind === 'slow') await sleep(behaviour.delayMs);

    const key = request.headers['api-key'];
    if (key === undefined) return send(response, 401, { message: 'authentication not found in headers', code: 'unauthorized' }, {});
    if (key !== apiKey || revoked) return send(response, 401, { message: 'Key not found', code: 'unauthorized' }, {});

    const family = path.startsWith('/v3/contacts') ? 'contacts' : 'others';
    const { all, spent, tightest } = windowsOf(family);
    const { budget } = tightest.window;
    const rateHeaders = (remaining: number, reset = tightest.resetSeconds) => ({ 'x-sib-ratelimit-limit': String(budget.limit), 'x-sib-ratelimit-remaining': String(Math.max(0, remaining)), 'x-sib-ratelimit-reset': String(reset) });
    // The 429 body's wording is not documented (docs silent): the code follows the error model's style.
    const tooMany = { code: 'too_many_requests', message: 'The expected rate limit is exceeded.' };
    if (behaviour?.kind === 'rate-limited') return send(response, 429, tooMany, rateHeaders(0, behaviour.resetSeconds ?? 1));
    if (spent) return send(response, 429, tooMany, rateHeaders(0));
    for (const { window } of all) window.used++;
    const headers = rateHeaders(budget.limit - tightest.window.used);
    if (behaviour?.kind === 'error') return send(response, behaviour.status, { code: behaviour.code ?? 'internal_error', message: behaviour.message ?? 'Internal server error' }, headers);

    deliverDue();
    try {
      const [status, body] = route(method, path, query, record.body);
      send(response, status, body, headers);
    } catch (error) {
      if (error instanceof BrevoError) send(response, error.status, { code: error.code, message: error.message }, headers);
      else send(response, 500, { code: 'internal_error', message: String(error) }, headers);
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      let body: unknown = null;
      let badJson = false;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        badJson = true;
      }
      const record: RecordedRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body };
      requests.push(record);
      if (badJson) {
        send(response, 400, { code: 'bad_request', message: 'Input must be a valid JSON object' }, {});
        return;
      }
      handle(request, response, record).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  // Registration names → the `event` value in the marketing payload (docs/marketing-webhooks).
  const PAYLOAD_EVENT: Record<string, string> = { unsubscribed: 'unsubscribed', hardBounce: 'hard_bounced', softBounce: 'soft_bounced', spam: 'spam', delivered: 'delivered', opened: 'opened', click: 'click', listAddition: 'list_addition' };

  const fireWebhook: FakeBrevo['fireWebhook'] = async (event, details, fireOptions = {}) => {
    const at = details.at ?? now();
    const contact = contactByEmail(details.email);
    const campaign = details.campaignId === undefined ? undefined : campaigns.get(details.campaignId);
    const sentAt = campaign?.sentDate ?? at;
    const targets = [...webhooks.values()].filter((webhook) => webhook.type === 'marketing' && webhook.events.includes(event) && (!fireOptions.url || webhook.url === fireOptions.url));
    const destinations = targets.length > 0 ? targets : fireOptions.url ? [{ id: 0, url: fireOptions.url, auth: null }] : [];
    let status = 0;
    for (const webhook of destinations) {
      const payload: Record<string, unknown> =
        event === 'listAddition'
          ? { id: webhook.id, email: details.email, event: PAYLOAD_EVENT[event], key: `fake-${contact?.id ?? 0}`, list_id: details.listIds ?? contact?.listIds ?? [], date: brevoDate(at), ts: seconds(at) }
          : {
              id: webhook.id,
              camp_id: details.campaignId ?? 0,
              email: details.email,
              'campaign name': campaign?.name ?? '',
              date_sent: brevoDate(sentAt),
              date_event: brevoDate(at),
              event: PAYLOAD_EVENT[event],
              tag: campaign?.tag ?? '',
              ts_sent: seconds(sentAt),
              ts_event: seconds(at),
              ts: seconds(at),
              ...(event === 'click' ? { URL: details.link ?? 'https://example.com/' } : {}),
              ...(event === 'unsubscribed' ? { list_id: details.listIds ?? contact?.listIds ?? [] } : {}),
              ...(event === 'hardBounce' || event === 'softBounce' ? { reason: 'mailbox unavailable' } : {}),
              ...(event === 'spam' ? { reason: 'undesired' } : {}),
              ...(event === 'hardBounce' || event === 'softBounce' || event === 'delivered' || event === 'unsubscribed' ? { sending_ip: '198.51.100.7' } : {}),
            };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      // The token set at registration comes back as a Bearer Authorization header.
      if (webhook.auth) headers.authorization = `Bearer ${webhook.auth.token}`;
      try {
        const answer = await fetch(webhook.url, { method: 'POST', headers, body: JSON.stringify(payload) });
        await answer.arrayBuffer();
        status = answer.status;
      } catch {
        status = 0;
      }
      webhookDeliveries.push({ url: webhook.url, headers, payload, status });
    }
    return status;
  };

  return {
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    state: { contacts, lists, folders, campaigns, activity, sentMessages, webhooks, webhookDeliveries },
    requests,
    contactByEmail,
    addList,
    addContact,
    seedAudience,
    changeContact,
    recordEngagement,
    script: (match, behaviour, times = 1) => void scripted.push({ ...(match.method ? { method: match.method.toUpperCase() } : {}), path: match.path, behaviour, left: times }),
    fireWebhook,
    revoke: () => {
      revoked = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
