import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom } from '@postlark/shared/testing/seeded-random';

// A local Mailchimp (Marketing API 3.0 + OAuth 2) for API and browser tests alike: plain TypeScript on
// node:http, no test-runner imports. ONE server answers both of the product's settings:
// MAILCHIMP_LOGIN_URL (/oauth2/authorize, /oauth2/token, /oauth2/metadata) and MAILCHIMP_API_URL
// (/3.0/...); the metadata's api_endpoint is this server's own url.
//
// Sources read (issue 22, step 1):
// - Mailchimp's OAuth guide as quoted by golang.org/x/oauth2/mailchimp and requests-oauthlib PR #169
//   (token answers `expires_in: 0` and `scope: null`; metadata gives `dc`, `api_endpoint`, `login_url`).
// - Error bodies as captured from the real API in public issues and nock fixtures:
//   grouparoo/grouparoo plugins/@grouparoo/mailchimp/__tests__/fixtures (application/problem+json;
//   charset=utf-8, X-Request-Id, "Resource Not Found"), mailchimp/mc-woocommerce#646 ("API Key Invalid"),
//   mailchimp/APIv3-examples#49 ("Member Exists"), ibericode/mailchimp-for-wordpress#798 and
//   tbar0970/jethro-pmm#656 ("Member In Compliance State"), drewm/mailchimp-api#209 ("Your Campaign is
//   not ready to send."), drewm/mailchimp-api#211 and amro/gibbon#243 (schedule refusal, quarter-hour rule),
//   grouparoo/grouparoo#238 (10 simultaneous connections).
// - Webhook payloads: Mailchimp's "sync audience data with webhooks" guide as summarised by
//   hookdeck/webhook-skills (form-encoded, unsigned, GET check on save) and the field lists in
//   Tealium's Mailchimp webhook guide and docs.rs mailchimp-api WebhookData (data[id], data[list_id],
//   data[email], data[email_type], data[merges][…], data[ip_opt], data[ip_signup], data[reason], data[action]).
// - Resource shapes: the Marketing API reference (lists, members, segments, merge-fields, campaigns,
//   reports, email-activity) as mirrored by mailchimp/mailchimp-marketing-* SDKs.
// Where the docs are silent the code says so in a comment ("docs silent").
//
// What the product must know (real quirks the fake keeps):
// - /oauth2/metadata answers 200 {"error":"invalid_token"} for a bad or revoked token: check the body.
// - The token says expires_in 0 and scope null: it never expires and there is no refresh token.
// - Timestamps are to the second ("2026-06-01T10:08:00+00:00") and since_last_changed is strictly
//   after: overlap the cursor by a second and de-duplicate.
// - Archived members are missing from the default member listing (ask status=archived); DELETE archives.
// - Webhooks: data[id] is Mailchimp's unique_email_id, NOT the subscriber hash: key on data[email].
//   Changes made through the API fire only with sources.api (keep it off so our writes do not echo).
// - Tag changes do not move last_changed (docs silent): poll tags separately if they matter.
// - Scheduled campaigns go out when the fake's clock (options.now) passes schedule_time; send is immediate.

// ---------------------------------------------------------------------------------------------- types

export type MemberStatus = 'subscribed' | 'unsubscribed' | 'cleaned' | 'pending' | 'transactional' | 'archived';
const MEMBER_STATUSES: readonly MemberStatus[] = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional', 'archived'];
/** Statuses a client may write (archived comes only from DELETE). */
const WRITABLE_STATUSES: readonly MemberStatus[] = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];

export interface MailchimpMember {
  /** md5 of the lowercased address: the "subscriber hash" used in URLs. */
  id: string;
  email_address: string;
  /** Mailchimp's own short id; webhooks send THIS as data[id], not the subscriber hash. */
  unique_email_id: string;
  web_id: number;
  email_type: 'html' | 'text';
  status: MemberStatus;
  /** The status before it was archived (compliance still applies to an archived unsubscriber). */
  statusBeforeArchive?: MemberStatus;
  merge_fields: Record<string, unknown>;
  timestamp_signup: string;
  timestamp_opt: string;
  last_changed: string;
  unsubscribe_reason: string;
  ip_signup: string;
  ip_opt: string;
  language: string;
  vip: boolean;
  stats: { avg_open_rate: number; avg_click_rate: number };
  list_id: string;
}

export interface MailchimpMergeField {
  merge_id: number;
  tag: string;
  name: string;
  type: string;
  required: boolean;
  default_value: string;
  public: boolean;
  display_order: number;
  options: Record<string, unknown>;
  help_text: string;
  list_id: string;
}

/** Tags ARE static segments in Mailchimp: one store for both. */
export interface MailchimpSegment {
  id: number;
  name: string;
  type: 'static' | 'saved';
  created_at: string;
  updated_at: string;
  list_id: string;
  /** Subscriber hashes in the segment (static segments / tags only). */
  members: Set<string>;
}

export interface MailchimpWebhook {
  id: string;
  url: string;
  events: { subscribe: boolean; unsubscribe: boolean; profile: boolean; cleaned: boolean; upemail: boolean; campaign: boolean };
  sources: { user: boolean; admin: boolean; api: boolean };
  list_id: string;
}

export interface MailchimpList {
  id: string;
  web_id: number;
  name: string;
  date_created: string;
  contact: Record<string, string>;
  permission_reminder: string;
  campaign_defaults: { from_name: string; from_email: string; subject: string; language: string };
  email_type_option: boolean;
  double_optin: boolean;
  mergeFields: MailchimpMergeField[];
  members: Map<string, MailchimpMember>;
  segments: Map<number, MailchimpSegment>;
  webhooks: Map<string, MailchimpWebhook>;
}

export interface MailchimpActivity {
  action: 'open' | 'click' | 'bounce';
  /** For bounces: hard | soft. */
  type?: string;
  timestamp: string;
  url?: string;
  ip: string;
}

export type CampaignStatus = 'save' | 'paused' | 'schedule' | 'sending' | 'sent';

export interface MailchimpCampaign {
  id: string;
  web_id: number;
  type: string;
  create_time: string;
  status: CampaignStatus;
  send_time: string;
  schedule_time: string | null;
  recipients: { list_id: string; segment_opts?: { saved_segment_id?: number; match?: string; conditions?: unknown[] } };
  settings: { subject_line?: string; preview_text?: string; title?: string; from_name?: string; reply_to?: string; [key: string]: unknown };
  html: string;
  /** Subscriber hashes it was sent to, in send order. */
  sentTo: string[];
  /** Per subscriber hash, what they did (opens, clicks, bounces), oldest first. */
  activity: Map<string, MailchimpActivity[]>;
  /** Subscriber hashes that unsubscribed from this campaign. */
  unsubscribed: Set<string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** Parsed body: JSON object, or the form fields of a form-encoded body; null when none. */
  body: unknown;
  raw: string;
}

export type MailchimpBehaviour =
  /** A problem+json error with this status/title/detail. */
  | { kind: 'problem'; status: number; title: string; detail: string }
  /** Mailchimp's 429 for more than 10 simultaneous connections. */
  | { kind: 'too-many-requests' }
  /** Wait this long (holding a connection slot), then answer normally. */
  | { kind: 'slow'; delayMs: number }
  /** Hold the connection (its slot counting toward the limit) until this promise settles, then answer normally. */
  | { kind: 'hold'; until: Promise<unknown> }
  /** 200 with a body that is not JSON (a proxy's HTML page). */
  | { kind: 'garbage' }
  /** The connection is cut without an answer. */
  | { kind: 'drop' }
  /** The request is carried out, then the connection is cut before the answer (a write whose outcome the caller never learns). */
  | { kind: 'lost-answer' };

export interface RequestMatch {
  method?: string;
  /** Path prefix, like '/3.0/lists/abc/members'. */
  path?: string;
}

export interface FakeMailchimpOptions {
  /** The data centre the account lives in (the API key's suffix and the metadata's dc). Default us18. */
  dc?: string;
  /** The API key it accepts (Basic auth, any user). Default: 32 hex + '-' + dc. */
  apiKey?: string;
  clientId?: string;
  clientSecret?: string;
  /** More than this many simultaneous requests per credential → 429. Default 10; 0 turns the limit off. */
  maxConnections?: number;
  /** The fake's clock (all timestamps, schedule delivery, since filters). Default: real time. */
  now?: () => Date;
  accountName?: string;
}

export interface SeedOptions {
  /** Audience to fill; a new one is made when absent. */
  listId?: string;
  listName?: string;
  count: number;
  /** Deterministic generator seed. Default 1. */
  seed?: number;
  /** How many sent campaigns over the last 12 months, with per-person activity. Default 6. */
  campaigns?: number;
  /** Fraction of people in each status; the rest are subscribed. */
  unsubscribedShare?: number;
  cleanedShare?: number;
  pendingShare?: number;
}

export interface SeededPerson {
  hash: string;
  email: string;
  /** The UTC hour this person tends to open at (what send-time learning should find). */
  preferredHour: number;
  /** Chance they open a given campaign. */
  openProbability: number;
}

export interface SeedResult {
  listId: string;
  campaignIds: string[];
  people: SeededPerson[];
}

export type WebhookType = 'subscribe' | 'unsubscribe' | 'profile' | 'cleaned' | 'upemail' | 'campaign';

export interface FireWebhookOptions {
  listId: string;
  type: WebhookType;
  /** The member concerned (by address); required except for 'campaign'. */
  email?: string;
  /** upemail: the new address. */
  newEmail?: string;
  /** unsubscribe: manual | abuse; cleaned: hard | abuse. */
  reason?: string;
  /** unsubscribe: unsub | delete. */
  action?: string;
  campaignId?: string;
  /** Only to this URL (otherwise every webhook of the list that wants the event). */
  url?: string;
  /** Who made the change; webhooks not subscribed to this source are skipped. Default 'user'. */
  source?: 'user' | 'admin' | 'api';
}

export interface FakeMailchimp {
  /** Base URL for both MAILCHIMP_API_URL and MAILCHIMP_LOGIN_URL, no trailing slash. */
  url: string;
  dc: string;
  apiKey: string;
  clientId: string;
  clientSecret: string;
  state: {
    account: { account_id: string; account_name: string; email: string; login_id: string; username: string; user_id: number };
    lists: Map<string, MailchimpList>;
    campaigns: Map<string, MailchimpCampaign>;
    /** What the authorize page does: the account owner approves or denies. */
    oauthDecision: 'approve' | 'deny';
    /** Issued OAuth access tokens (valid until revoke()). */
    tokens: Set<string>;
    /** Addresses permanently deleted per list (they may come back only as pending). */
    forgotten: Map<string, Set<string>>;
    /** Requests in flight per credential (what the 10-connection limit counts). */
    inFlight: Map<string, number>;
    maxConnections: number;
  };
  requests: RecordedRequest[];
  /** Makes an audience with default merge fields; answers its id. */
  createList(name?: string): string;
  /** Adds or replaces a member directly (no webhook, no compliance check). */
  addMember(listId: string, email: string, fields?: Partial<Omit<MailchimpMember, 'id' | 'email_address' | 'list_id'>>): MailchimpMember;
  getMember(listId: string, email: string): MailchimpMember | undefined;
  seedAudience(options: SeedOptions): SeedResult;
  /** A change made on the platform side (a person or the admin in Mailchimp's UI); bumps last_changed and fires webhooks. */
  changeMember(listId: string, email: string, change: { status?: MemberStatus; merge_fields?: Record<string, unknown>; tags?: { add?: string[]; remove?: string[] }; unsubscribe_reason?: string; /** The person changed their address (fires upemail). */ newEmail?: string }, source?: 'user' | 'admin'): Promise<void>;
  /** A recipient clicked the campaign's unsubscribe link: counted in its report, member unsubscribed, webhook fired with the campaign id. */
  unsubscribeFromCampaign(campaignId: string, email: string): Promise<void>;
  /** Records what a recipient of a sent campaign did (open, click, bounce). */
  recordActivity(campaignId: string, email: string, activity: Omit<MailchimpActivity, 'timestamp' | 'ip'> & { timestamp?: string; ip?: string }): void;
  script(match: RequestMatch, behaviour: MailchimpBehaviour, times?: number): void;
  fireWebhook(options: FireWebhookOptions): Promise<number>;
  /** Revokes the API key and every OAuth token: later calls get 401 "API Key Invalid". */
  revoke(): void;
  /** A new API key of the same account, as its owner makes one after a revoke; answers it. */
  createKey(): string;
  /** The subscriber hash of an address. */
  hash(email: string): string;
  close(): Promise<void>;
}

// ------------------------------------------------------------------------------------------- helpers

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
export const subscriberHash = (email: string) => md5(email.trim().toLowerCase());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Mailchimp's timestamps: ISO 8601 to the second with an explicit +00:00 offset. */
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
/** Webhooks' fired_at: "YYYY-MM-DD HH:MM:SS" in UTC. */
const firedAt = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+\.[^\s@]+$/;


/** `fields` / `exclude_fields`: dotted paths into the answer (arrays are mapped through). */
function pickFields(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => pickFields(item, paths));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const matching = paths.filter((path) => path[0] === key);
    if (matching.length === 0) continue;
    out[key] = matching.some((path) => path.length === 1) ? child : pickFields(child, matching.map((path) => path.slice(1)));
  }
  return out;
}
function dropFields(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => dropFields(item, paths));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const matching = paths.filter((path) => path[0] === key);
    if (matching.some((path) => path.length === 1)) continue;
    out[key] = matching.length ? dropFields(child, matching.map((path) => path.slice(1))) : child;
  }
  return out;
}

/** Encodes nested fields the way PHP-style forms do: data[merges][FNAME]=… (Mailchimp's webhook body). */
function formEncode(fields: Array<[string, string]>): string {
  return fields.map(([key, value]) => `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value).replace(/%20/g, '+')}`).join('&');
}

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors?: Array<{ field: string; message: string }>,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}
const notFound = () => new Problem(404, 'Resource Not Found', 'The requested resource could not be found.');
const invalid = (field: string, message: string) =>
  new Problem(400, 'Invalid Resource', "The resource submitted could not be validated. For field-specific details, see the 'errors' array.", [{ field, message }]);

const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Noah', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tara'];
const LAST_NAMES = ['Andersen', 'Brown', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Huber', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Rossi', 'Silva', 'Tanaka', 'Weber'];
const SEED_TAGS = ['customer', 'vip', 'newsletter', 'webinar'];

// --------------------------------------------------------------------------------------------- fake

export async function startFakeMailchimp(options: FakeMailchimpOptions = {}): Promise<FakeMailchimp> {
  const dc = options.dc ?? 'us18';
  const apiKey = options.apiKey ?? `${md5(`key-${dc}`)}-${dc}`;
  /** Keys made after a revoke (the account owner creating a new one): valid until the next revoke. */
  const newKeys = new Set<string>();
  const clientId = options.clientId ?? '123456789012';
  const clientSecret = options.clientSecret ?? 'fake-mailchimp-client-secret';
  const now = options.now ?? (() => new Date());
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const scripts: Array<{ match: RequestMatch; behaviour: MailchimpBehaviour; left: number }> = [];
  /** Authorization codes issued by /oauth2/authorize, single use. */
  const codes = new Map<string, { redirectUri: string }>();
  let revoked = false;
  let counter = 0;
  /** Deterministic 10-hex ids (Mailchimp's list, campaign and webhook ids look like this). */
  const nextId = (kind: string) => md5(`${kind}-${++counter}`).slice(0, 10);
  const nextWebId = () => 100000 + ++counter;
  let nextSegmentId = 1000;
  let url = '';

  const state: FakeMailchimp['state'] = {
    account: { account_id: md5('account').slice(0, 25), account_name: options.accountName ?? 'Fake Shop', email: 'owner@fake-shop.test', login_id: '45678', username: 'fakeshop', user_id: 45678 },
    lists: new Map(),
    campaigns: new Map(),
    oauthDecision: 'approve',
    tokens: new Set(),
    forgotten: new Map(),
    inFlight: new Map(),
    maxConnections: options.maxConnections ?? 10,
  };

  // ------------------------------------------------------------------------------ state helpers
  const createList = (name = 'Fake Shop Newsletter') => {
    const id = nextId('list');
    const mergeField = (merge_id: number, tag: string, label: string, type: string): MailchimpMergeField => ({
      merge_id, tag, name: label, type, required: false, default_value: '', public: true, display_order: merge_id + 1, options: type === 'text' ? { size: 25 } : {}, help_text: '', list_id: id,
    });
    state.lists.set(id, {
      id,
      web_id: nextWebId(),
      name,
      date_created: iso(now()),
      contact: { company: state.account.account_name, address1: '1 Test Street', city: 'Testville', state: '', zip: '00000', country: 'US' },
      permission_reminder: 'You signed up on our website.',
      campaign_defaults: { from_name: state.account.account_name, from_email: state.account.email, subject: '', language: 'en' },
      email_type_option: false,
      double_optin: false,
      mergeFields: [mergeField(1, 'FNAME', 'First Name', 'text'), mergeField(2, 'LNAME', 'Last Name', 'text'), mergeField(3, 'PHONE', 'Phone Number', 'phone')],
      members: new Map(),
      segments: new Map(),
      webhooks: new Map(),
    });
    return id;
  };

  const listOr404 = (listId: string) => {
    const list = state.lists.get(listId);
    if (!list) throw notFound();
    return list;
  };

  const addMember: FakeMailchimp['addMember'] = (listId, email, fields = {}) => {
    const list = listOr404(listId);
    const stamp = iso(now());
    const member: MailchimpMember = {
      id: subscriberHash(email),
      email_address: email,
      unique_email_id: md5(`unique-${email.toLowerCase()}`).slice(0, 10),
      web_id: nextWebId(),
      email_type: 'html',
      status: 'subscribed',
      merge_fields: { FNAME: '', LNAME: '', PHONE: '' },
      timestamp_signup: stamp,
      timestamp_opt: stamp,
      last_changed: stamp,
      unsubscribe_reason: '',
      ip_signup: '',
      ip_opt: '198.51.100.7',
      language: '',
      vip: false,
      stats: { avg_open_rate: 0, avg_click_rate: 0 },
      list_id: listId,
      ...fields,
    };
    list.members.set(member.id, member);
    return member;
  };

  const tagsOf = (list: MailchimpList, hash: string) =>
    [...list.segments.values()].filter((segment) => segment.type === 'static' && segment.members.has(hash)).map((segment) => ({ id: segment.id, name: segment.name }));

  const memberJson = (list: MailchimpList, member: MailchimpMember) => {
    const tags = tagsOf(list, member.id);
    const { statusBeforeArchive: _hidden, ...visible } = member;
    return {
      ...visible,
      full_name: [member.merge_fields.FNAME, member.merge_fields.LNAME].filter(Boolean).join(' '),
      contact_id: member.unique_email_id,
      consents_to_one_to_one_messaging: true,
      interests: {},
      member_rating: 2,
      email_client: '',
      location: { latitude: 0, longitude: 0, gmtoff: 0, dstoff: 0, country_code: '', timezone: '', region: '' },
      source: 'API - Generic',
      tags_count: tags.length,
      tags,
      _links: [],
    };
  };

  const segmentJson = (segment: MailchimpSegment) => ({
    id: segment.id,
    name: segment.name,
    member_count: segment.members.size,
    type: segment.type,
    created_at: segment.created_at,
    updated_at: segment.updated_at,
    options: {},
    list_id: segment.list_id,
    _links: [],
  });

  const findTag = (list: MailchimpList, name: string) => [...list.segments.values()].find((segment) => segment.type === 'static' && segment.name === name);
  const ensureTag = (list: MailchimpList, name: string) => {
    const existing = findTag(list, name);
    if (existing) return existing;
    const stamp = iso(now());
    const segment: MailchimpSegment = { id: ++nextSegmentId, name, type: 'static', created_at: stamp, updated_at: stamp, list_id: list.id, members: new Set() };
    list.segments.set(segment.id, segment);
    return segment;
  };

  // --------------------------------------------------------------------------------- webhooks
  const webhookFields = (list: MailchimpList, options: FireWebhookOptions): Array<[string, string]> => {
    const fields: Array<[string, string]> = [['type', options.type], ['fired_at', firedAt(now())]];
    const member = options.email ? list.members.get(subscriberHash(options.email)) : undefined;
    const merges = (m: MailchimpMember): Array<[string, string]> => [
      ['data[merges][EMAIL]', m.email_address],
      ...Object.entries(m.merge_fields).map(([tag, value]) => [`data[merges][${tag}]`, typeof value === 'string' ? value : JSON.stringify(value)] as [string, string]),
    ];
    switch (options.type) {
      case 'subscribe':
      case 'profile':
        if (!member) throw new Error(`No member ${options.email} in ${list.id}`);
        fields.push(['data[id]', member.unique_email_id], ['data[list_id]', list.id], ['data[email]', member.email_address], ['data[email_type]', member.email_type], ...merges(member), ['data[ip_opt]', member.ip_opt]);
        if (options.type === 'subscribe') fields.push(['data[ip_signup]', member.ip_signup]);
        break;
      case 'unsubscribe':
        if (!member) throw new Error(`No member ${options.email} in ${list.id}`);
        fields.push(['data[action]', options.action ?? 'unsub'], ['data[reason]', options.reason ?? 'manual'], ['data[id]', member.unique_email_id], ['data[list_id]', list.id], ['data[email]', member.email_address], ['data[email_type]', member.email_type], ...merges(member), ['data[ip_opt]', member.ip_opt], ['data[campaign_id]', options.campaignId ?? '']);
        break;
      case 'cleaned':
        fields.push(['data[list_id]', list.id], ['data[campaign_id]', options.campaignId ?? ''], ['data[reason]', options.reason ?? 'hard'], ['data[email]', member?.email_address ?? options.email ?? '']);
        break;
      case 'upemail': {
        const newEmail = options.newEmail ?? member?.email_address ?? '';
        fields.push(['data[list_id]', list.id], ['data[new_id]', md5(`unique-${newEmail.toLowerCase()}`).slice(0, 10)], ['data[new_email]', newEmail], ['data[old_email]', options.email ?? '']);
        break;
      }
      case 'campaign': {
        const campaign = options.campaignId ? state.campaigns.get(options.campaignId) : undefined;
        fields.push(['data[id]', options.campaignId ?? ''], ['data[subject]', String(campaign?.settings.subject_line ?? '')], ['data[status]', 'sent'], ['data[reason]', ''], ['data[list_id]', list.id]);
        break;
      }
    }
    return fields;
  };

  const fireWebhook = async (options: FireWebhookOptions): Promise<number> => {
    const list = listOr404(options.listId);
    const source = options.source ?? 'user';
    const targets = [...list.webhooks.values()].filter((hook) => (options.url ? hook.url === options.url : hook.events[options.type] && hook.sources[source]));
    const body = formEncode(webhookFields(list, options));
    let last = 0;
    for (const hook of targets) {
      try {
        // Unsigned: Mailchimp sends no signature header; the secret lives in the URL.
        const answer = await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'MailChimp' }, body });
        last = answer.status;
      } catch {
        last = 0;
      }
    }
    return last;
  };

  /** A change happened: fire what the list's webhooks want from this source (in the background, as Mailchimp does). */
  const notify = (listId: string, type: WebhookType, email: string, source: 'user' | 'admin' | 'api', extra: Partial<FireWebhookOptions> = {}) => {
    const list = state.lists.get(listId);
    if (!list || ![...list.webhooks.values()].some((hook) => hook.events[type] && hook.sources[source])) return;
    void fireWebhook({ listId, type, email, source, ...extra }).catch(() => undefined);
  };

  // ------------------------------------------------------------------------------ member writes
  const forgottenOf = (listId: string) => {
    let set = state.forgotten.get(listId);
    if (!set) state.forgotten.set(listId, (set = new Set()));
    return set;
  };

  /** The refusal the issue names: an unsubscribed or cleaned address may come back only as pending. */
  const checkCompliance = (listId: string, member: MailchimpMember | undefined, email: string, wanted: MemberStatus | undefined) => {
    if (wanted !== 'subscribed') return;
    if (!member && forgottenOf(listId).has(email.toLowerCase())) {
      throw new Problem(400, 'Forgotten Email Not Subscribed', `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`);
    }
    if (!member) return;
    const effective = member.status === 'archived' ? member.statusBeforeArchive : member.status;
    if (effective === 'unsubscribed' || effective === 'cleaned') {
      throw new Problem(400, 'Member In Compliance State', `${member.email_address} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`);
    }
  };

  const readStatus = (value: unknown, field: string): MemberStatus | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !WRITABLE_STATUSES.includes(value as MemberStatus)) throw invalid(field, `Data presented is not one of the accepted values: ${WRITABLE_STATUSES.join(', ')}.`);
    return value as MemberStatus;
  };

  const applyStatus = (member: MailchimpMember, status: MemberStatus, stamp: string) => {
    if (member.status === status) return;
    member.status = status;
    // timestamp_opt is when the person confirmed: a (re)subscribe moves it, other statuses keep it.
    if (status === 'subscribed') member.timestamp_opt = stamp;
    if (status !== 'archived') delete member.statusBeforeArchive;
  };

  const readMergeFields = (list: MailchimpList, value: unknown) => {
    if (value === undefined) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid('merge_fields', 'Schema describes object, NULL found instead');
    for (const tag of Object.keys(value)) {
      if (!list.mergeFields.some((field) => field.tag === tag)) {
        // docs silent on the exact wording; the real API refuses unknown merge tags with 400 Invalid Resource.
        throw invalid(`merge_fields.${tag}`, `Your merge fields were invalid. ${tag} is not a merge field of this audience.`);
      }
    }
    return value as Record<string, unknown>;
  };

  /** PUT (upsert), POST (create) and PATCH (update) of one member through the API. */
  const writeMember = (list: MailchimpList, hashInPath: string | null, body: Record<string, unknown>, mode: 'put' | 'post' | 'patch') => {
    const email = typeof body.email_address === 'string' ? body.email_address.trim() : undefined;
    const hash = hashInPath ?? (email ? subscriberHash(email) : '');
    const existing = list.members.get(hash);
    const status = readStatus(body.status, 'status');
    const statusIfNew = readStatus(body.status_if_new, 'status_if_new');
    const mergeFields = readMergeFields(list, body.merge_fields);
    const stamp = iso(now());
    if (mode === 'post' && existing && existing.status !== 'archived') {
      throw new Problem(400, 'Member Exists', `${existing.email_address} is already a list member. Use PUT to insert or update list members.`);
    }
    if (!existing || (mode === 'post' && existing.status === 'archived')) {
      if (mode === 'patch') throw notFound();
      if (!email) throw invalid('email_address', 'This value should not be blank.');
      if (!EMAIL_PATTERN.test(email)) throw new Problem(400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`);
      if (hashInPath && subscriberHash(email) !== hashInPath) {
        // docs silent on the wording; the real API refuses a hash that is not the address's.
        throw new Problem(400, 'Invalid Resource', 'The email address passed does not match the supplied subscriber hash.');
      }
      const newStatus = mode === 'put' ? (statusIfNew ?? status) : status;
      if (!newStatus) throw invalid(mode === 'put' ? 'status_if_new' : 'status', 'This value should not be blank.');
      checkCompliance(list.id, existing, email, newStatus);
      forgottenOf(list.id).delete(email.toLowerCase());
      // An API write records no opt-in IP (only the person's own confirmation does), as the real API.
      const member = existing ?? addMember(list.id, email, { status: newStatus, ip_opt: typeof body.ip_opt === 'string' ? body.ip_opt : '' });
      if (existing) {
        applyStatus(member, newStatus, stamp);
        member.last_changed = stamp;
      }
      if (mergeFields) Object.assign(member.merge_fields, mergeFields);
      if (Array.isArray(body.tags)) for (const name of body.tags) if (typeof name === 'string') ensureTag(list, name).members.add(member.id);
      if (typeof body.ip_signup === 'string') member.ip_signup = body.ip_signup;
      if (newStatus === 'subscribed') notify(list.id, 'subscribe', member.email_address, 'api');
      return member;
    }
    // An archived member comes back through PUT like a new one: status_if_new applies (docs silent; the
    // archive guide says re-adding an archived contact restores it).
    const wanted = existing.status === 'archived' && mode === 'put' ? (status ?? statusIfNew) : status;
    checkCompliance(list.id, existing, existing.email_address, wanted);
    const before = existing.status;
    let changed = false;
    if (wanted && wanted !== existing.status) {
      applyStatus(existing, wanted, stamp);
      changed = true;
    }
    if (mergeFields) {
      for (const [tag, value] of Object.entries(mergeFields)) {
        if (existing.merge_fields[tag] !== value) changed = true;
        existing.merge_fields[tag] = value;
      }
    }
    if (mode === 'patch' && email && email.toLowerCase() !== existing.email_address.toLowerCase()) {
      if (!EMAIL_PATTERN.test(email)) throw new Problem(400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`);
      const old = existing.email_address;
      list.members.delete(existing.id);
      existing.email_address = email;
      existing.id = subscriberHash(email);
      list.members.set(existing.id, existing);
      for (const segment of list.segments.values()) if (segment.members.delete(subscriberHash(old))) segment.members.add(existing.id);
      changed = true;
      notify(list.id, 'upemail', old, 'api', { newEmail: email });
    }
    if (typeof body.email_type === 'string' && (body.email_type === 'html' || body.email_type === 'text')) existing.email_type = body.email_type;
    if (changed) existing.last_changed = stamp;
    if (before !== existing.status) {
      if (existing.status === 'subscribed') notify(list.id, 'subscribe', existing.email_address, 'api');
      if (existing.status === 'unsubscribed') notify(list.id, 'unsubscribe', existing.email_address, 'api', { action: 'unsub', reason: 'manual' });
      if (existing.status === 'cleaned') notify(list.id, 'cleaned', existing.email_address, 'api', { reason: 'hard' });
    } else if (changed) notify(list.id, 'profile', existing.email_address, 'api');
    return existing;
  };

  // ------------------------------------------------------------------------------- campaigns
  const campaignRecipients = (campaign: MailchimpCampaign) => {
    const list = state.lists.get(campaign.recipients.list_id);
    if (!list) return [];
    const segmentId = campaign.recipients.segment_opts?.saved_segment_id;
    const segment = segmentId !== undefined ? list.segments.get(segmentId) : undefined;
    return [...list.members.values()].filter((member) => member.status === 'subscribed' && (!segment || segment.members.has(member.id))).map((member) => member.id);
  };

  const deliver = (campaign: MailchimpCampaign, at: Date) => {
    campaign.sentTo = campaignRecipients(campaign);
    campaign.status = 'sent';
    campaign.send_time = iso(at);
  };

  /** Scheduled campaigns go out once the fake's clock passes their time (checked on every request). */
  const deliverDue = () => {
    const current = now().getTime();
    for (const campaign of state.campaigns.values()) {
      if (campaign.status === 'schedule' && campaign.schedule_time && Date.parse(campaign.schedule_time) <= current) deliver(campaign, new Date(Date.parse(campaign.schedule_time)));
    }
  };

  const missingForSend = (campaign: MailchimpCampaign) => {
    const missing: string[] = [];
    if (!state.lists.has(campaign.recipients.list_id)) missing.push('recipients');
    if (!campaign.settings.subject_line) missing.push('subject_line');
    if (!campaign.settings.from_name) missing.push('from_name');
    if (!campaign.settings.reply_to) missing.push('reply_to');
    if (!campaign.html) missing.push('content');
    return missing;
  };

  const reportOf = (campaign: MailchimpCampaign) => {
    let opensTotal = 0;
    let uniqueOpens = 0;
    let clicksTotal = 0;
    let uniqueClicks = 0;
    let hard = 0;
    let soft = 0;
    let lastOpen = '';
    let lastClick = '';
    for (const events of campaign.activity.values()) {
      const opens = events.filter((event) => event.action === 'open');
      const clicks = events.filter((event) => event.action === 'click');
      opensTotal += opens.length;
      clicksTotal += clicks.length;
      if (opens.length) uniqueOpens++;
      if (clicks.length) uniqueClicks++;
      for (const event of opens) if (event.timestamp > lastOpen) lastOpen = event.timestamp;
      for (const event of clicks) if (event.timestamp > lastClick) lastClick = event.timestamp;
      const bounce = events.find((event) => event.action === 'bounce');
      if (bounce?.type === 'hard') hard++;
      else if (bounce) soft++;
    }
    const sent = campaign.sentTo.length;
    const delivered = Math.max(sent - hard - soft, 0);
    const list = state.lists.get(campaign.recipients.list_id);
    return {
      id: campaign.id,
      campaign_title: campaign.settings.title ?? '',
      type: campaign.type,
      list_id: campaign.recipients.list_id,
      list_is_active: Boolean(list),
      list_name: list?.name ?? '',
      subject_line: campaign.settings.subject_line ?? '',
      preview_text: campaign.settings.preview_text ?? '',
      emails_sent: sent,
      abuse_reports: 0,
      unsubscribed: campaign.unsubscribed.size,
      send_time: campaign.send_time,
      bounces: { hard_bounces: hard, soft_bounces: soft, syntax_errors: 0 },
      forwards: { forwards_count: 0, forwards_opens: 0 },
      opens: { opens_total: opensTotal, unique_opens: uniqueOpens, open_rate: delivered ? uniqueOpens / delivered : 0, last_open: lastOpen },
      clicks: { clicks_total: clicksTotal, unique_clicks: uniqueClicks, unique_subscriber_clicks: uniqueClicks, click_rate: delivered ? uniqueClicks / delivered : 0, last_click: lastClick },
      _links: [],
    };
  };

  const campaignJson = (campaign: MailchimpCampaign) => ({
    id: campaign.id,
    web_id: campaign.web_id,
    type: campaign.type,
    create_time: campaign.create_time,
    archive_url: `${url}/archive/${campaign.id}`,
    status: campaign.status,
    emails_sent: campaign.sentTo.length,
    send_time: campaign.send_time,
    content_type: 'html',
    recipients: { list_id: campaign.recipients.list_id, list_is_active: state.lists.has(campaign.recipients.list_id), list_name: state.lists.get(campaign.recipients.list_id)?.name ?? '', segment_opts: campaign.recipients.segment_opts ?? {}, recipient_count: campaign.status === 'sent' ? campaign.sentTo.length : campaignRecipients(campaign).length },
    settings: { subject_line: '', preview_text: '', title: '', from_name: '', reply_to: '', use_conversation: false, to_name: '', folder_id: '', authenticate: true, auto_footer: false, inline_css: false, auto_tweet: false, fb_comments: true, timewarp: false, template_id: 0, drag_and_drop: false, ...campaign.settings },
    tracking: { opens: true, html_clicks: true, text_clicks: false },
    report_summary: campaign.status === 'sent' ? (({ opens, clicks }) => ({ opens: opens.opens_total, unique_opens: opens.unique_opens, open_rate: opens.open_rate, clicks: clicks.clicks_total, subscriber_clicks: clicks.unique_subscriber_clicks, click_rate: clicks.click_rate }))(reportOf(campaign)) : undefined,
    ...(campaign.schedule_time && campaign.status === 'schedule' ? { schedule_time: campaign.schedule_time } : {}),
    _links: [],
  });

  const campaignOr404 = (id: string) => {
    const campaign = state.campaigns.get(id);
    if (!campaign) throw notFound();
    return campaign;
  };

  // ------------------------------------------------------------------------------- paging
  /** Mailchimp's count/offset: count defaults to 10 and may not exceed 1000. */
  const page = <T>(items: T[], query: Record<string, string>) => {
    const count = query.count === undefined ? 10 : Number(query.count);
    const offset = query.offset === undefined ? 0 : Number(query.offset);
    if (!Number.isInteger(count) || count < 0 || count > 1000) {
      // docs: "Maximum value is 1000"; the exact refusal for more is not documented: refused here so the product never relies on more.
      throw invalid('count', 'Count must be an integer between 0 and 1000.');
    }
    if (!Number.isInteger(offset) || offset < 0) throw invalid('offset', 'Offset must be a non-negative integer.');
    return items.slice(offset, offset + count);
  };

  const readSince = (query: Record<string, string>, name: string) => {
    const value = query[name];
    if (value === undefined) return undefined;
    const time = Date.parse(value);
    if (Number.isNaN(time)) throw invalid(name, 'Please provide a valid ISO 8601 date and time.');
    return time;
  };

  // ------------------------------------------------------------------------------- routing
  const API = '/3.0';

  const routeApi = async (method: string, parts: string[], query: Record<string, string>, body: Record<string, unknown>): Promise<[number, unknown]> => {
    deliverDue();
    const [head, id, sub, subId, action, actionName] = parts;
    if (parts.length === 0 && method === 'GET') {
      const totalSubscribers = [...state.lists.values()].reduce((sum, list) => sum + [...list.members.values()].filter((member) => member.status === 'subscribed').length, 0);
      return [200, { account_id: state.account.account_id, login_id: state.account.login_id, account_name: state.account.account_name, email: state.account.email, first_name: 'Fake', last_name: 'Owner', username: state.account.username, avatar_url: '', role: 'owner', member_since: '2020-01-01T00:00:00+00:00', pricing_plan_type: 'monthly', account_timezone: 'UTC', account_industry: 'eCommerce', contact: { company: state.account.account_name, addr1: '1 Test Street', city: 'Testville', country: 'US' }, pro_enabled: false, last_login: iso(now()), total_subscribers: totalSubscribers, _links: [] }];
    }
    if (head === 'ping' && method === 'GET') return [200, { health_status: "Everything's Chimpy!" }];

    if (head === 'lists') {
      if (!id) {
        if (method !== 'GET') throw new Problem(405, 'Method Not Allowed', "The requested method and resource are not compatible. See the Allow header for this resource's available methods.");
        const lists = [...state.lists.values()];
        return [200, { lists: page(lists, query).map(listJson), total_items: lists.length, constraints: { may_create: true, max_instances: 1, current_total_instances: lists.length }, _links: [] }];
      }
      const list = listOr404(id);
      if (!sub && method === 'GET') return [200, listJson(list)];
      if (sub === 'merge-fields' && !subId && method === 'GET') return [200, { merge_fields: page(list.mergeFields, query), list_id: list.id, total_items: list.mergeFields.length, _links: [] }];
      if (sub === 'segments') return routeSegments(method, list, subId, action, query, body);
      if (sub === 'members') return routeMembers(method, list, subId, action, actionName, query, body);
      if (sub === 'webhooks') return routeWebhooks(method, list, subId, body);
    }

    if (head === 'campaigns') return routeCampaigns(method, id, sub, subId, query, body);

    if (head === 'reports' && id && method === 'GET') {
      const campaign = campaignOr404(id);
      if (campaign.status !== 'sent') throw notFound();
      if (!sub) return [200, reportOf(campaign)];
      if (sub === 'email-activity' && !subId) {
        const since = readSince(query, 'since');
        let rows = campaign.sentTo.map((hash) => ({ hash, events: (campaign.activity.get(hash) ?? []).filter((event) => since === undefined || Date.parse(event.timestamp) > since) }));
        // docs silent on whether `since` drops recipients with no activity after it; the fake drops them.
        if (since !== undefined) rows = rows.filter((row) => row.events.length > 0);
        const list = state.lists.get(campaign.recipients.list_id);
        return [200, {
          emails: page(rows, query).map((row) => ({ campaign_id: campaign.id, list_id: campaign.recipients.list_id, list_is_active: Boolean(list), email_id: row.hash, email_address: list?.members.get(row.hash)?.email_address ?? '', activity: row.events.map(({ action: kind, type, timestamp, url: link, ip }) => ({ action: kind, ...(type ? { type } : {}), timestamp, ...(link ? { url: link } : {}), ip })), _links: [] })),
          campaign_id: campaign.id,
          total_items: rows.length,
          _links: [],
        }];
      }
      if (sub === 'sent-to' && !subId) {
        const list = state.lists.get(campaign.recipients.list_id);
        return [200, {
          sent_to: page(campaign.sentTo, query).map((hash) => {
            const events = campaign.activity.get(hash) ?? [];
            const opens = events.filter((event) => event.action === 'open');
            const bounce = events.find((event) => event.action === 'bounce');
            return { email_id: hash, email_address: list?.members.get(hash)?.email_address ?? '', status: bounce ? bounce.type ?? 'soft' : 'sent', open_count: opens.length, last_open: opens.at(-1)?.timestamp ?? '', absplit_group: '', gmt_offset: 0, campaign_id: campaign.id, list_id: campaign.recipients.list_id, list_is_active: Boolean(list), _links: [] };
          }),
          campaign_id: campaign.id,
          total_items: campaign.sentTo.length,
          _links: [],
        }];
      }
    }
    throw notFound();
  };

  const listJson = (list: MailchimpList) => {
    const members = [...list.members.values()];
    const countOf = (status: MemberStatus) => members.filter((member) => member.status === status).length;
    return {
      id: list.id,
      web_id: list.web_id,
      name: list.name,
      contact: list.contact,
      permission_reminder: list.permission_reminder,
      use_archive_bar: true,
      campaign_defaults: list.campaign_defaults,
      notify_on_subscribe: '',
      notify_on_unsubscribe: '',
      date_created: list.date_created,
      list_rating: 0,
      email_type_option: list.email_type_option,
      subscribe_url_short: '',
      subscribe_url_long: '',
      beamer_address: '',
      visibility: 'prv',
      double_optin: list.double_optin,
      has_welcome: false,
      marketing_permissions: false,
      modules: [],
      stats: { member_count: countOf('subscribed'), unsubscribe_count: countOf('unsubscribed'), cleaned_count: countOf('cleaned'), member_count_since_send: 0, unsubscribe_count_since_send: 0, cleaned_count_since_send: 0, campaign_count: [...state.campaigns.values()].filter((campaign) => campaign.recipients.list_id === list.id).length, campaign_last_sent: '', merge_field_count: list.mergeFields.length, avg_sub_rate: 0, avg_unsub_rate: 0, target_sub_rate: 0, open_rate: 0, click_rate: 0, last_sub_date: '', last_unsub_date: '' },
      _links: [],
    };
  };

  const routeMembers = (method: string, list: MailchimpList, hash: string | undefined, action: string | undefined, actionName: string | undefined, query: Record<string, string>, body: Record<string, unknown>): [number, unknown] => {
    if (!hash) {
      if (method === 'GET') {
        const since = readSince(query, 'since_last_changed');
        if (query.status !== undefined && !MEMBER_STATUSES.includes(query.status as MemberStatus)) throw invalid('status', `Data presented is not one of the accepted values: ${MEMBER_STATUSES.join(', ')}.`);
        // Archived members are left out unless asked for by status (as in the real API).
        const members = [...list.members.values()].filter((member) => (query.status ? member.status === query.status : member.status !== 'archived') && (since === undefined || Date.parse(member.last_changed) > since));
        // sort_field (timestamp_opt, timestamp_signup, last_changed) and sort_dir (ASC, DESC), as the API reference
        // lists them: a member written to moves to the end of a last_changed ASC listing, shifting offset pages.
        const sortField = query.sort_field as 'timestamp_opt' | 'timestamp_signup' | 'last_changed' | undefined;
        if (sortField !== undefined) {
          if (!['timestamp_opt', 'timestamp_signup', 'last_changed'].includes(sortField)) throw invalid('sort_field', 'Data presented is not one of the accepted values: timestamp_opt, timestamp_signup, last_changed.');
          const direction = query.sort_dir === 'DESC' ? -1 : 1;
          // Each member's time parsed once, not in the comparator: a page of a 100,000-member audience stays cheap.
          const keyed = members.map((member) => ({ member, at: Date.parse(member[sortField]) || 0 }));
          keyed.sort((left, right) => direction * (left.at - right.at));
          keyed.forEach((entry, index) => {
            members[index] = entry.member;
          });
        }
        return [200, { members: page(members, query).map((member) => memberJson(list, member)), list_id: list.id, total_items: members.length, _links: [] }];
      }
      if (method === 'POST') return [200, memberJson(list, writeMember(list, null, body, 'post'))];
      throw new Problem(405, 'Method Not Allowed', "The requested method and resource are not compatible. See the Allow header for this resource's available methods.");
    }
    // The API also accepts the address itself in place of its hash.
    const key = hash.includes('@') ? subscriberHash(decodeURIComponent(hash)) : hash.toLowerCase();
    if (action === 'tags') {
      const member = list.members.get(key);
      if (!member) throw notFound();
      if (method === 'GET') {
        const tags = [...list.segments.values()].filter((segment) => segment.type === 'static' && segment.members.has(key)).map((segment) => ({ id: segment.id, name: segment.name, date_added: segment.updated_at }));
        return [200, { tags: page(tags, query), total_items: tags.length, _links: [] }];
      }
      if (method === 'POST') {
        if (!Array.isArray(body.tags)) throw invalid('tags', 'Schema describes array, NULL found instead');
        for (const tag of body.tags as Array<{ name?: unknown; status?: unknown }>) {
          if (typeof tag?.name !== 'string' || (tag.status !== 'active' && tag.status !== 'inactive')) throw invalid('tags', 'Each tag needs a name and a status of active or inactive.');
          // Tag changes do not move last_changed here: docs silent, so the product must not rely on it.
          if (tag.status === 'active') ensureTag(list, tag.name).members.add(key);
          else findTag(list, tag.name)?.members.delete(key);
        }
        return [204, null];
      }
    }
    if (action === 'actions' && actionName === 'delete-permanent' && method === 'POST') {
      const member = list.members.get(key);
      if (!member) throw notFound();
      list.members.delete(key);
      for (const segment of list.segments.values()) segment.members.delete(key);
      forgottenOf(list.id).add(member.email_address.toLowerCase());
      return [204, null];
    }
    if (action) throw notFound();
    if (method === 'GET') {
      const member = list.members.get(key);
      if (!member) throw notFound();
      return [200, memberJson(list, member)];
    }
    if (method === 'PUT') return [200, memberJson(list, writeMember(list, key, body, 'put'))];
    if (method === 'PATCH') return [200, memberJson(list, writeMember(list, key, body, 'patch'))];
    if (method === 'DELETE') {
      const member = list.members.get(key);
      if (!member || member.status === 'archived') throw notFound();
      // DELETE archives: the member keeps its history and comes back on a later PUT/POST.
      member.statusBeforeArchive = member.status;
      member.status = 'archived';
      member.last_changed = iso(now());
      return [204, null];
    }
    throw notFound();
  };

  const routeSegments = (method: string, list: MailchimpList, segmentId: string | undefined, action: string | undefined, query: Record<string, string>, body: Record<string, unknown>): [number, unknown] => {
    if (!segmentId) {
      if (method === 'GET') {
        const segments = [...list.segments.values()].filter((segment) => !query.type || segment.type === query.type);
        return [200, { segments: page(segments, query).map(segmentJson), list_id: list.id, total_items: segments.length, _links: [] }];
      }
      if (method === 'POST') {
        if (typeof body.name !== 'string' || !body.name) throw invalid('name', 'This value should not be blank.');
        if (body.static_segment === undefined && body.options === undefined) throw invalid('static_segment', 'Either static_segment or options must be given.');
        if (body.options !== undefined) throw new Problem(400, 'Invalid Resource', 'The fake supports static segments (tags) only.'); // saved (condition) segments: not used by issue 22
        if (!Array.isArray(body.static_segment)) throw invalid('static_segment', 'Schema describes array, object found instead');
        if (findTag(list, body.name)) throw new Problem(400, 'Invalid Resource', `Sorry, the tag "${body.name}" already exists.`);
        const segment = ensureTag(list, body.name);
        // Addresses that are not list members are ignored (docs: "emails that are not list members are ignored").
        for (const email of body.static_segment) if (typeof email === 'string' && list.members.has(subscriberHash(email))) segment.members.add(subscriberHash(email));
        return [200, segmentJson(segment)];
      }
      throw notFound();
    }
    const segment = list.segments.get(Number(segmentId));
    if (!segment) throw notFound();
    if (!action) {
      if (method === 'GET') return [200, segmentJson(segment)];
      if (method === 'POST') {
        // Batch add/remove: { members_to_add: [emails], members_to_remove: [emails] }.
        const added: unknown[] = [];
        const removed: unknown[] = [];
        const errors: Array<{ email_addresses: string[]; error: string }> = [];
        for (const email of Array.isArray(body.members_to_add) ? body.members_to_add : []) {
          const member = typeof email === 'string' ? list.members.get(subscriberHash(email)) : undefined;
          if (!member) errors.push({ email_addresses: [String(email)], error: 'Email address is not subscribed to the list' });
          else if (!segment.members.has(member.id)) {
            segment.members.add(member.id);
            added.push(memberJson(list, member));
          }
        }
        for (const email of Array.isArray(body.members_to_remove) ? body.members_to_remove : []) {
          const hash = typeof email === 'string' ? subscriberHash(email) : '';
          const member = list.members.get(hash);
          if (member && segment.members.delete(hash)) removed.push(memberJson(list, member));
        }
        segment.updated_at = iso(now());
        return [200, { members_added: added, members_removed: removed, errors, total_added: added.length, total_removed: removed.length, error_count: errors.length, _links: [] }];
      }
      if (method === 'DELETE') {
        list.segments.delete(segment.id);
        return [204, null];
      }
    }
    if (action === 'members') {
      if (method === 'GET') {
        const members = [...segment.members].map((hash) => list.members.get(hash)).filter((member): member is MailchimpMember => Boolean(member));
        return [200, { members: page(members, query).map((member) => memberJson(list, member)), total_items: members.length, _links: [] }];
      }
      if (method === 'POST') {
        const email = typeof body.email_address === 'string' ? body.email_address : '';
        const member = list.members.get(subscriberHash(email));
        if (!member) throw notFound();
        segment.members.add(member.id);
        segment.updated_at = iso(now());
        return [200, memberJson(list, member)];
      }
    }
    throw notFound();
  };

  const routeWebhooks = async (method: string, list: MailchimpList, webhookId: string | undefined, body: Record<string, unknown>): Promise<[number, unknown]> => {
    const hookJson = (hook: MailchimpWebhook) => ({ ...hook, _links: [] });
    if (!webhookId && method === 'GET') return [200, { webhooks: [...list.webhooks.values()].map(hookJson), list_id: list.id, total_items: list.webhooks.size, _links: [] }];
    if (!webhookId && method === 'POST') {
      if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) throw invalid('url', 'This value should be a valid URL.');
      // Mailchimp checks the URL with a GET before saving; a failing URL is refused.
      // docs silent on the exact error wording.
      const ok = await fetch(body.url, { method: 'GET', headers: { 'user-agent': 'MailChimp.com WebHook Validator' } }).then((answer) => answer.ok, () => false);
      if (!ok) throw new Problem(400, 'Invalid Resource', "The resource submitted could not be validated. For field-specific details, see the 'errors' array.", [{ field: 'url', message: 'We couldn’t verify the URL is working. Please double-check and try again.' }]);
      const events = (body.events ?? {}) as Partial<MailchimpWebhook['events']>;
      const sources = (body.sources ?? {}) as Partial<MailchimpWebhook['sources']>;
      // Defaults when a flag is left out: docs silent; Mailchimp's UI defaults every event and the user/admin sources on.
      const hook: MailchimpWebhook = {
        id: nextId('webhook'),
        url: body.url,
        events: { subscribe: events.subscribe ?? true, unsubscribe: events.unsubscribe ?? true, profile: events.profile ?? true, cleaned: events.cleaned ?? true, upemail: events.upemail ?? true, campaign: events.campaign ?? true },
        sources: { user: sources.user ?? true, admin: sources.admin ?? true, api: sources.api ?? false },
        list_id: list.id,
      };
      list.webhooks.set(hook.id, hook);
      return [200, hookJson(hook)];
    }
    const hook = webhookId ? list.webhooks.get(webhookId) : undefined;
    if (!hook) throw notFound();
    if (method === 'GET') return [200, hookJson(hook)];
    if (method === 'DELETE') {
      list.webhooks.delete(hook.id);
      return [204, null];
    }
    throw notFound();
  };

  const routeCampaigns = (method: string, id: string | undefined, sub: string | undefined, subId: string | undefined, query: Record<string, string>, body: Record<string, unknown>): [number, unknown] => {
    if (!id) {
      if (method === 'GET') {
        const since = readSince(query, 'since_send_time');
        const before = readSince(query, 'before_send_time');
        const campaigns = [...state.campaigns.values()].filter((campaign) =>
          (!query.status || campaign.status === query.status) &&
          (!query.list_id || campaign.recipients.list_id === query.list_id) &&
          (since === undefined || (campaign.send_time !== '' && Date.parse(campaign.send_time) > since)) &&
          (before === undefined || (campaign.send_time !== '' && Date.parse(campaign.send_time) < before)));
        return [200, { campaigns: page(campaigns, query).map(campaignJson), total_items: campaigns.length, _links: [] }];
      }
      if (method === 'POST') {
        const types = ['regular', 'plaintext', 'absplit', 'rss', 'variate'];
        if (typeof body.type !== 'string' || !types.includes(body.type)) throw invalid('type', `Data presented is not one of the accepted values: ${types.join(', ')}.`);
        const recipients = (body.recipients ?? {}) as MailchimpCampaign['recipients'];
        if (recipients.list_id !== undefined) listOr404(recipients.list_id);
        const segmentId = recipients.segment_opts?.saved_segment_id;
        if (segmentId !== undefined && !state.lists.get(recipients.list_id)?.segments.has(segmentId)) throw invalid('recipients.segment_opts.saved_segment_id', 'The segment does not exist in this audience.');
        const campaign: MailchimpCampaign = {
          id: nextId('campaign'),
          web_id: nextWebId(),
          type: body.type,
          create_time: iso(now()),
          status: 'save',
          send_time: '',
          schedule_time: null,
          recipients: { list_id: recipients.list_id ?? '', ...(recipients.segment_opts ? { segment_opts: recipients.segment_opts } : {}) },
          settings: { ...((body.settings ?? {}) as MailchimpCampaign['settings']) },
          html: '',
          sentTo: [],
          activity: new Map(),
          unsubscribed: new Set(),
        };
        state.campaigns.set(campaign.id, campaign);
        return [200, campaignJson(campaign)];
      }
      throw notFound();
    }
    const campaign = campaignOr404(id);
    if (!sub) {
      if (method === 'GET') return [200, campaignJson(campaign)];
      if (method === 'PATCH') {
        if (campaign.status !== 'save' && campaign.status !== 'paused') throw new Problem(400, 'Bad Request', 'This campaign cannot be updated because it has already been sent or scheduled.');
        if (body.settings) Object.assign(campaign.settings, body.settings);
        if (body.recipients) campaign.recipients = { ...campaign.recipients, ...(body.recipients as MailchimpCampaign['recipients']) };
        return [200, campaignJson(campaign)];
      }
      if (method === 'DELETE') {
        state.campaigns.delete(campaign.id);
        return [204, null];
      }
    }
    if (sub === 'content') {
      if (method === 'GET') return [200, { html: campaign.html, plain_text: campaign.html.replace(/<[^<>]+>/g, ''), _links: [] }];
      if (method === 'PUT') {
        if (campaign.status !== 'save' && campaign.status !== 'paused') throw new Problem(400, 'Bad Request', 'This campaign cannot be updated because it has already been sent or scheduled.');
        if (typeof body.html !== 'string') throw invalid('html', 'This value should be of type string.');
        campaign.html = body.html;
        return [200, { html: campaign.html, plain_text: campaign.html.replace(/<[^<>]+>/g, ''), _links: [] }];
      }
    }
    if (sub === 'actions' && method === 'POST') {
      if (subId === 'send') {
        if (campaign.status === 'sent' || campaign.status === 'sending') throw new Problem(400, 'Bad Request', 'This campaign has already been sent.');
        if (missingForSend(campaign).length || campaign.status === 'schedule') throw new Problem(400, 'Bad Request', 'Your Campaign is not ready to send.');
        // The fake delivers at once; docs say the status goes sending → sent in the background.
        deliver(campaign, now());
        return [204, null];
      }
      if (subId === 'schedule') {
        const time = typeof body.schedule_time === 'string' ? Date.parse(body.schedule_time) : Number.NaN;
        if (Number.isNaN(time)) throw invalid('schedule_time', 'This value should be a valid ISO 8601 date and time.');
        const date = new Date(time);
        if (missingForSend(campaign).length || campaign.status !== 'save') throw new Problem(400, 'Bad Request', 'Your Campaign is not ready to send.');
        if (date.getUTCMinutes() % 15 !== 0 || date.getUTCSeconds() !== 0 || date.getUTCMilliseconds() !== 0) {
          throw new Problem(400, 'Bad Request', 'This campaign cannot be scheduled: Campaigns may only be scheduled to send on the quarter-hour (:00, :15, :30, :45).');
        }
        if (time <= now().getTime()) throw new Problem(400, 'Bad Request', 'This campaign cannot be scheduled: The schedule time must be in the future.');
        campaign.status = 'schedule';
        campaign.schedule_time = iso(date);
        return [204, null];
      }
      if (subId === 'unschedule') {
        if (campaign.status !== 'schedule') throw new Problem(400, 'Bad Request', 'This campaign is not scheduled.');
        campaign.status = 'save';
        campaign.schedule_time = null;
        return [204, null];
      }
    }
    throw notFound();
  };

  // ------------------------------------------------------------------------------- OAuth
  const routeOAuth = (method: string, path: string, query: Record<string, string>, form: Record<string, string>, headers: IncomingMessage['headers'], response: ServerResponse) => {
    if (path === '/oauth2/authorize' && method === 'GET') {
      if (query.client_id !== clientId || query.response_type !== 'code' || !query.redirect_uri) {
        // docs silent: the real page shows an HTML error to the person; no redirect.
        response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<html><body><h1>Invalid Request</h1><p>Invalid client_id, response_type or redirect_uri.</p></body></html>');
        return;
      }
      const target = new URL(query.redirect_uri);
      if (state.oauthDecision === 'deny') {
        // docs silent on a refusal; standard OAuth 2 (RFC 6749 §4.1.2.1).
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = md5(`code-${++counter}`);
        codes.set(code, { redirectUri: query.redirect_uri });
        target.searchParams.set('code', code);
      }
      if (query.state !== undefined) target.searchParams.set('state', query.state);
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }
    if (path === '/oauth2/token' && method === 'POST') {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      // Error bodies: docs silent; the standard OAuth 2 shapes (RFC 6749 §5.2) as Mailchimp's server answers them.
      if (form.grant_type !== 'authorization_code') return reply(400, { error: 'unsupported_grant_type', error_description: 'Only authorization_code is supported.' });
      if (form.client_id !== clientId || form.client_secret !== clientSecret) return reply(401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
      const issued = form.code ? codes.get(form.code) : undefined;
      if (!issued || issued.redirectUri !== form.redirect_uri) return reply(400, { error: 'invalid_grant', error_description: 'Invalid authorization code or redirect_uri.' });
      codes.delete(form.code!);
      const token = md5(`token-${++counter}`);
      state.tokens.add(token);
      // The quirks: a token that never expires is said as expires_in 0, and scope is null.
      return reply(200, { access_token: token, expires_in: 0, scope: null });
    }
    if (path === '/oauth2/metadata' && method === 'GET') {
      const token = /^(?:OAuth|Bearer)\s+(\S.*)$/i.exec(headers.authorization ?? '')?.[1];
      response.writeHead(200, { 'content-type': 'application/json' });
      if (!token || !state.tokens.has(token) || revoked) {
        // The quirk the issue names: a bad token is a 200 with an error field.
        response.end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      response.end(JSON.stringify({
        dc,
        role: 'owner',
        accountname: state.account.account_name,
        user_id: state.account.user_id,
        login: { email: state.account.email, avatar: null, login_id: Number(state.account.login_id), login_name: state.account.username, login_email: state.account.email },
        login_url: url,
        api_endpoint: url,
      }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<html><body>Not Found</body></html>');
  };

  // ------------------------------------------------------------------------------- auth
  /** Answers the credential (the key the concurrency limit counts) or throws the real 401. */
  const authenticate = (headers: IncomingMessage['headers']) => {
    const header = headers.authorization ?? '';
    const basic = /^Basic\s+(\S.*)$/i.exec(header)?.[1];
    const bearer = /^(?:Bearer|OAuth)\s+(\S.*)$/i.exec(header)?.[1];
    const invalidKey = () => new Problem(401, 'API Key Invalid', "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const key = decoded.slice(decoded.indexOf(':') + 1);
      if (!newKeys.has(key) && (revoked || key !== apiKey)) throw invalidKey();
      return `key:${key}`;
    }
    if (bearer) {
      if (revoked || !state.tokens.has(bearer)) throw invalidKey();
      return `token:${bearer}`;
    }
    throw new Problem(401, 'API Key Missing', 'Your request did not include an API key.');
  };

  // ------------------------------------------------------------------------------- server
  const problem = (response: ServerResponse, error: Problem, instance: string) => {
    response.writeHead(error.status, { 'content-type': 'application/problem+json; charset=utf-8', 'x-request-id': instance, ...error.headers });
    response.end(JSON.stringify({ type: 'https://mailchimp.com/developer/marketing/docs/errors/', title: error.title, status: error.status, detail: error.detail, instance, ...(error.errors ? { errors: error.errors } : {}) }));
  };

  const takeScript = (method: string, path: string) => {
    const index = scripts.findIndex((entry) => (!entry.match.method || entry.match.method === method) && (!entry.match.path || path.startsWith(entry.match.path)));
    if (index < 0) return undefined;
    const entry = scripts[index]!;
    if (--entry.left <= 0) scripts.splice(index, 1);
    return entry.behaviour;
  };

  const tooMany = () => new Problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.');

  const handle = async (request: IncomingMessage, response: ServerResponse, record: RecordedRequest) => {
    const { method, path, query, raw } = record;
    const instance = md5(`instance-${requests.length}`);
    if (path.startsWith('/oauth2/')) {
      routeOAuth(method, path, query, (record.body ?? {}) as Record<string, string>, request.headers, response);
      return;
    }
    if (path !== API && !path.startsWith(`${API}/`)) {
      problem(response, notFound(), instance);
      return;
    }
    let credential: string;
    try {
      credential = authenticate(request.headers);
    } catch (error) {
      problem(response, error as Problem, instance);
      return;
    }
    const inFlight = (state.inFlight.get(credential) ?? 0) + 1;
    state.inFlight.set(credential, inFlight);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      state.inFlight.set(credential, (state.inFlight.get(credential) ?? 1) - 1);
    };
    response.on('close', release);
    try {
      if (state.maxConnections > 0 && inFlight > state.maxConnections) throw tooMany();
      const behaviour = takeScript(method, path);
      if (behaviour?.kind === 'drop') {
        response.socket?.destroy();
        return;
      }
      if (behaviour?.kind === 'too-many-requests') throw tooMany();
      if (behaviour?.kind === 'problem') throw new Problem(behaviour.status, behaviour.title, behaviour.detail);
      if (behaviour?.kind === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      if (behaviour?.kind === 'slow') await sleep(behaviour.delayMs);
      if (behaviour?.kind === 'hold') await behaviour.until.catch(() => undefined);
      let body: Record<string, unknown> = {};
      if (raw.trim()) {
        if (record.body === null || typeof record.body !== 'object' || Array.isArray(record.body)) throw new Problem(400, 'JSON Parse Exception', 'We encountered an unspecified JSON parsing error.');
        body = record.body as Record<string, unknown>;
      }
      const parts = path.slice(API.length).split('/').filter(Boolean).map(decodeURIComponent);
      const [status, answer] = await routeApi(method, parts, query, body);
      if (behaviour?.kind === 'lost-answer') {
        response.socket?.destroy();
        return;
      }
      if (response.destroyed) return;
      if (status === 204) {
        response.writeHead(204, { 'x-request-id': instance });
        response.end();
        return;
      }
      let shaped = answer;
      if (query.fields) shaped = pickFields(shaped, query.fields.split(',').map((field) => field.trim().split('.')));
      if (query.exclude_fields) shaped = dropFields(shaped, query.exclude_fields.split(',').map((field) => field.trim().split('.')));
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': instance });
      response.end(JSON.stringify(shaped));
    } catch (error) {
      if (error instanceof Problem) problem(response, error, instance);
      else problem(response, new Problem(500, 'Internal Server Error', 'A deep, internal error has occurred during the processing of your request. Please contact support.'), instance);
    } finally {
      if (response.writableEnded) release();
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const target = new URL(request.url ?? '/', 'http://fake');
      const query = Object.fromEntries(target.searchParams);
      let body: unknown = null;
      if (raw) {
        if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
        else {
          try {
            body = JSON.parse(raw);
          } catch {
            body = null;
          }
        }
      }
      const record: RecordedRequest = { method: request.method ?? 'GET', path: target.pathname, query, headers: request.headers, body, raw };
      requests.push(record);
      handle(request, response, record).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // ------------------------------------------------------------------------------- seeding
  const seedAudience = (seedOptions: SeedOptions): SeedResult => {
    const rand = seededRandom(seedOptions.seed ?? 1);
    const listId = seedOptions.listId ?? createList(seedOptions.listName ?? 'Seeded audience');
    const list = listOr404(listId);
    const current = now().getTime();
    const day = 86_400_000;
    const people: SeededPerson[] = [];
    const tags = SEED_TAGS.map((name) => ensureTag(list, name));
    const unsubscribed = seedOptions.unsubscribedShare ?? 0.05;
    const cleaned = seedOptions.cleanedShare ?? 0.02;
    const pending = seedOptions.pendingShare ?? 0.01;
    const start = list.members.size;
    for (let index = 0; index < seedOptions.count; index++) {
      const first = FIRST_NAMES[Math.floor(rand() * FIRST_NAMES.length)]!;
      const last = LAST_NAMES[Math.floor(rand() * LAST_NAMES.length)]!;
      const email = `${first}.${last}.${start + index}@example.com`.toLowerCase();
      const roll = rand();
      const status: MemberStatus = roll < unsubscribed ? 'unsubscribed' : roll < unsubscribed + cleaned ? 'cleaned' : roll < unsubscribed + cleaned + pending ? 'pending' : 'subscribed';
      const signedUp = new Date(current - Math.floor((30 + rand() * 700) * day));
      const changed = new Date(Math.min(current, signedUp.getTime() + Math.floor(rand() * 400 * day)));
      const member = addMember(listId, email, {
        status,
        merge_fields: { FNAME: first, LNAME: last, PHONE: '' },
        timestamp_signup: iso(signedUp),
        timestamp_opt: iso(signedUp),
        last_changed: iso(changed),
        unsubscribe_reason: status === 'unsubscribed' ? 'N/A (Unsubscribed by the contact)' : '',
        ip_signup: `203.0.113.${index % 250}`,
        ip_opt: `203.0.113.${index % 250}`,
      });
      if (rand() < 0.3) tags[Math.floor(rand() * tags.length)]!.members.add(member.id);
      // Person-specific habits: a preferred hour (clustered around a few peaks) and an engagement level.
      const peaks = [7, 12, 18, 21];
      const preferredHour = (peaks[Math.floor(rand() * peaks.length)]! + Math.floor(rand() * 3) - 1 + 24) % 24;
      people.push({ hash: member.id, email, preferredHour, openProbability: 0.1 + rand() * 0.7 });
    }
    const campaignIds: string[] = [];
    const campaignCount = seedOptions.campaigns ?? 6;
    for (let index = 0; index < campaignCount; index++) {
      // Spread over the last 12 months, oldest first, sent at 09:00 UTC.
      const sentAt = new Date(current - Math.floor(((campaignCount - index) * 360 * day) / (campaignCount + 1)));
      sentAt.setUTCHours(9, 0, 0, 0);
      const campaign: MailchimpCampaign = {
        id: nextId('campaign'),
        web_id: nextWebId(),
        type: 'regular',
        create_time: iso(new Date(sentAt.getTime() - day)),
        status: 'sent',
        send_time: iso(sentAt),
        schedule_time: null,
        recipients: { list_id: listId },
        settings: { subject_line: `Seeded campaign ${index + 1}`, preview_text: '', title: `Seeded campaign ${index + 1}`, from_name: state.account.account_name, reply_to: state.account.email },
        html: '<p>Hello *|FNAME|*</p>',
        sentTo: [],
        activity: new Map(),
        unsubscribed: new Set(),
      };
      for (const person of people) {
        const member = list.members.get(person.hash)!;
        if (Date.parse(member.timestamp_signup) > sentAt.getTime() || member.status === 'pending') continue;
        campaign.sentTo.push(person.hash);
        const events: MailchimpActivity[] = [];
        const ip = member.ip_opt;
        if (member.status === 'cleaned' && rand() < 0.5) events.push({ action: 'bounce', type: 'hard', timestamp: iso(new Date(sentAt.getTime() + 60_000)), ip: '' });
        else if (rand() < person.openProbability) {
          // The first open lands at the person's preferred hour on the send day or one of the next two.
          const openDay = new Date(sentAt.getTime() + Math.floor(rand() * 3) * day);
          openDay.setUTCHours(person.preferredHour, Math.floor(rand() * 60), Math.floor(rand() * 60), 0);
          if (openDay.getTime() < sentAt.getTime()) openDay.setTime(openDay.getTime() + day);
          events.push({ action: 'open', timestamp: iso(openDay), ip });
          if (rand() < 0.3) events.push({ action: 'open', timestamp: iso(new Date(openDay.getTime() + Math.floor(rand() * 3_600_000))), ip });
          if (rand() < 0.35) events.push({ action: 'click', timestamp: iso(new Date(openDay.getTime() + 60_000 + Math.floor(rand() * 600_000))), url: `https://fake-shop.test/offer/${index + 1}`, ip });
        }
        if (events.length) campaign.activity.set(person.hash, events);
      }
      state.campaigns.set(campaign.id, campaign);
      campaignIds.push(campaign.id);
    }
    return { listId, campaignIds, people };
  };

  // ------------------------------------------------------------------------------- platform-side changes
  const changeMember: FakeMailchimp['changeMember'] = async (listId, email, change, source = 'user') => {
    const list = listOr404(listId);
    const member = list.members.get(subscriberHash(email));
    if (!member) throw new Error(`No member ${email} in ${listId}`);
    const stamp = iso(now());
    const before = member.status;
    if (change.status) applyStatus(member, change.status, stamp);
    if (change.unsubscribe_reason !== undefined) member.unsubscribe_reason = change.unsubscribe_reason;
    else if (change.status === 'unsubscribed' && before !== 'unsubscribed') member.unsubscribe_reason = 'N/A (Unsubscribed by the contact)';
    if (change.merge_fields) Object.assign(member.merge_fields, change.merge_fields);
    for (const name of change.tags?.add ?? []) ensureTag(list, name).members.add(member.id);
    for (const name of change.tags?.remove ?? []) findTag(list, name)?.members.delete(member.id);
    member.last_changed = stamp;
    if (change.newEmail && change.newEmail.toLowerCase() !== member.email_address.toLowerCase()) {
      const oldEmail = member.email_address;
      const oldHash = member.id;
      list.members.delete(oldHash);
      member.email_address = change.newEmail;
      member.id = subscriberHash(change.newEmail);
      member.unique_email_id = md5(`unique-${change.newEmail.toLowerCase()}`).slice(0, 10);
      list.members.set(member.id, member);
      for (const segment of list.segments.values()) if (segment.members.delete(oldHash)) segment.members.add(member.id);
      if ([...list.webhooks.values()].some((hook) => hook.events.upemail && hook.sources[source])) await fireWebhook({ listId, type: 'upemail', email: oldEmail, newEmail: change.newEmail, source });
      email = change.newEmail;
    }
    let type: WebhookType | undefined;
    const extra: Partial<FireWebhookOptions> = {};
    if (change.status && change.status !== before) {
      if (change.status === 'unsubscribed') {
        type = 'unsubscribe';
        Object.assign(extra, { action: 'unsub', reason: 'manual' });
      } else if (change.status === 'cleaned') {
        type = 'cleaned';
        extra.reason = 'hard';
      } else if (change.status === 'subscribed') type = 'subscribe';
    } else if (change.merge_fields) type = 'profile';
    if (type && [...list.webhooks.values()].some((hook) => hook.events[type] && hook.sources[source])) await fireWebhook({ listId, type, email, source, ...extra });
  };

  const unsubscribeFromCampaign: FakeMailchimp['unsubscribeFromCampaign'] = async (campaignId, email) => {
    const campaign = campaignOr404(campaignId);
    const hash = subscriberHash(email);
    if (!campaign.sentTo.includes(hash)) throw new Error(`${email} did not receive ${campaignId}`);
    const list = listOr404(campaign.recipients.list_id);
    const member = list.members.get(hash);
    if (!member) throw new Error(`No member ${email} in ${list.id}`);
    campaign.unsubscribed.add(hash);
    const stamp = iso(now());
    applyStatus(member, 'unsubscribed', stamp);
    member.unsubscribe_reason = 'N/A (Unsubscribed by the contact)';
    member.last_changed = stamp;
    if ([...list.webhooks.values()].some((hook) => hook.events.unsubscribe && hook.sources.user)) {
      await fireWebhook({ listId: list.id, type: 'unsubscribe', email, action: 'unsub', reason: 'manual', campaignId, source: 'user' });
    }
  };

  const recordActivity: FakeMailchimp['recordActivity'] = (campaignId, email, activity) => {
    const campaign = campaignOr404(campaignId);
    const hash = subscriberHash(email);
    if (!campaign.sentTo.includes(hash)) throw new Error(`${email} did not receive ${campaignId}`);
    const member = state.lists.get(campaign.recipients.list_id)?.members.get(hash);
    const events = campaign.activity.get(hash) ?? [];
    events.push({ ...activity, timestamp: activity.timestamp ?? iso(now()), ip: activity.ip ?? member?.ip_opt ?? '198.51.100.7' });
    events.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    campaign.activity.set(hash, events);
  };

  return {
    url,
    dc,
    apiKey,
    clientId,
    clientSecret,
    state,
    requests,
    createList,
    addMember,
    getMember: (listId, email) => state.lists.get(listId)?.members.get(subscriberHash(email)),
    seedAudience,
    changeMember,
    recordActivity,
    unsubscribeFromCampaign,
    script: (match, behaviour, times = 1) => void scripts.push({ match, behaviour, left: times }),
    fireWebhook,
    revoke: () => {
      revoked = true;
      newKeys.clear();
    },
    createKey: () => {
      const key = `${md5(`key-${dc}-${++counter}`)}-${dc}`;
      newKeys.add(key);
      return key;
    },
    hash: subscriberHash,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
