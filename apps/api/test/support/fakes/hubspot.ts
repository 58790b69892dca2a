import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type {
  BatchInputSimplePublicObjectBatchInputUpsert,
  BatchReadInputSimplePublicObjectId,
  BatchResponseSimplePublicObject,
  BatchResponseSimplePublicObjectWithErrors,
  BatchResponseSimplePublicUpsertObject,
  CollectionResponseSimplePublicObjectWithAssociationsForwardPaging,
  CollectionResponseWithTotalSimplePublicObjectForwardPaging,
  ModelError,
  PublicObjectSearchRequest,
  SimplePublicObject,
  SimplePublicObjectInput,
  SimplePublicObjectInputForCreate,
  SimplePublicUpsertObject,
} from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import type {
  PublicSubscriptionStatus,
  PublicSubscriptionStatusesResponse,
  PublicUpdateSubscriptionStatusRequest,
  SubscriptionDefinitionsResponse,
} from '@hubspot/api-client/lib/codegen/communication_preferences/index.js';
import { seededRandom } from '@postlark/shared/testing/seeded-random';
import type { Wire } from '../../../src/modules/integrations/hubspot/mapping';
import type { RecordedRequest, TransportBehaviour } from './fake-request';

// A local HubSpot (CRM contacts through a private-app token) for API and browser tests alike: plain
// TypeScript on node:http, no test-runner imports. Request and answer bodies are typed with the
// official SDK's models (@hubspot/api-client 13.5, Wire<> of the client's mapping), so the fake cannot drift from
// what the SDK sends and parses; the contract test drives it through the SDK's own Client.
//
// Sources read (2026-11): the SDK's generated code in node_modules/@hubspot/api-client (paths, models,
// status codes each call accepts, src/services/decorators/RetryDecorator.js); developers.hubspot.com
// "API usage guidelines and limits", changelog "Increasing our API limits" (private apps: 100 / 10 s on
// Free/Starter, 190 / 10 s on Professional/Enterprise, daily 250k / 650k / 1M), changelog "CRM Search API
// rate limit increase" (search: its own per-second limit, 4/s then, 5/s in today's guide), the CRM search
// guide (default properties createdate, email, firstname, hs_object_id, lastmodifieddate, lastname;
// limit ≤ 200; 10,000 results per query at most), the communication-preferences v3 reference and guide
// ("the subscribe endpoint will not allow you to resubscribe contacts who have opted out"; unsubscribe
// "is not valid for unsubscribing at a brand or portal level"; the reference now files v3 under "legacy" next
// to the date-versioned 2026-03 API, but SDK 13.5 calls v3), the communication-preferences v4 reference
// (developers.hubspot.com/docs/api-reference/latest/communication-preferences/: POST and GET
// /statuses/{subscriberIdString}/unsubscribe-all?channel=EMAIL, verbose, the ActionResponseWithResults
// shapes and setStatusSuccessReason values as in HubSpot's generated SDKs), account-info v3 details; community.hubspot.com
// "Rate limit headers will now appear for OAuth authenticated calls" (and its replies: search answers carry
// none); HubSpot/hubspot-api-nodejs#159 and #669 (the 404 body; the SDK sends an email id as %40).
// Where the docs are silent the choice is marked "docs silent" in a comment.
//
// SDK quirks the product must know (RetryDecorator.js, SDK 13.5):
// - `numberOfApiCallRetries: N` means N attempts IN ALL (N = 1 never retries), 0..6 allowed.
// - It retries 5xx after 200 ms × attempt; a 429 whose body has policyName "TEN_SECONDLY_ROLLING" after
//   10 s × attempt; a 429 with message "You have reached your secondly limit." (the search limit) after
//   1 s × attempt; any other 429 (DAILY) is thrown at once. It does NOT read the rate-limit headers.
// - @hubspot/api-client 14.x requires Node ≥ 22; this repository supports Node ≥ 20.19 with
//   engine-strict, so 13.5.0 (same v3 CRM and communication-preferences v3 calls) is installed.
//
// Not served (the product cannot do it through HubSpot): webhook subscriptions are an app-level setting
// (public apps through the developer API with a developer key; private apps only in HubSpot's UI), so
// no connection code can register one; fireWebhook() only posts the documented payload to a URL a test
// gives, signed with X-HubSpot-Signature-v3. Polling the search endpoint on lastmodifieddate is the source
// of truth. Campaign delivery through HubSpot is not offered: HubSpot is the CRM here, its marketing-email
// sending API needs Marketing Hub Enterprise (or the transactional add-on), so no fake campaigns.

/** Communication preferences v4 answers (not among SDK 13.5's models; shapes from HubSpot's v4 reference). */
export interface V4Answer<T> {
  status: 'PENDING' | 'PROCESSING' | 'CANCELED' | 'COMPLETE';
  results: T[];
  startedAt: string;
  completedAt: string;
  requestedAt?: string;
}
export interface V4Status {
  channel: 'EMAIL';
  source: string;
  status: 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'NOT_SPECIFIED';
  subscriberIdString: string;
  subscriptionId: number;
  subscriptionName?: string;
  timestamp: string;
  businessUnitId?: number;
  setStatusSuccessReason?: 'RESUBSCRIBE_OCCURRED' | 'NO_STATUS_CHANGE' | 'UNSUBSCRIBE_FROM_ALL_OCCURRED' | 'REQUESTED_CHANGE_OCCURRED';
}
export interface V4WideStatus {
  channel: 'EMAIL';
  status: 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'NOT_SPECIFIED';
  subscriberIdString: string;
  timestamp: string;
  wideStatusType: 'PORTAL_WIDE' | 'BUSINESS_UNIT_WIDE';
  businessUnitId?: number;
}

/** A HubSpot error body; a 429 has errorType and policyName instead of a category. */
export type HubSpotError = Omit<Wire<ModelError>, 'category'> & { status: 'error'; category?: string; errorType?: string; policyName?: string };

export type RateLimitPolicy = 'TEN_SECONDLY_ROLLING' | 'SECONDLY' | 'DAILY';

export type HubSpotBehaviour =
  /** An HTTP error in HubSpot's envelope (category default "INTERNAL_ERROR"). */
  | { kind: 'error'; status: number; message?: string; category?: string }
  /** The 429 HubSpot sends for this policy (TEN_SECONDLY_ROLLING: the private-app burst; SECONDLY: search). */
  | { kind: 'rate-limited'; policy?: RateLimitPolicy }
  | TransportBehaviour;

export interface RequestMatch {
  /** GET, POST…; any when absent. */
  method?: string;
  /** The path starts with this, e.g. "/crm/v3/objects/contacts/search". */
  pathPrefix: string;
}

/** A contact as stored: every property value is a string (HubSpot's own representation) or null. */
export interface FakeContact {
  id: string;
  properties: Record<string, string | null>;
  createdAt: Date;
  updatedAt: Date;
  archived: boolean;
  archivedAt?: Date;
}

export type SubscriptionState = 'SUBSCRIBED' | 'NOT_SUBSCRIBED';

export interface FakeSubscriptionStatus {
  status: SubscriptionState;
  legalBasis?: string;
  legalBasisExplanation?: string;
}

export interface FakeHubSpotOptions {
  /** The private-app token accepted as `Authorization: Bearer <token>`. Default 'pat-na1-test-token'. */
  accessToken?: string;
  portalId?: number;
  /** The per-10-seconds burst budget (190: Professional/Enterprise private apps; 100: Free/Starter). `false`: no limit (headers still sent). */
  burstLimit?: number | false;
  /** The daily budget (Professional 650,000). */
  dailyLimit?: number;
  /** The search endpoints' own budget per second (5 in today's guide). `false`: none. */
  searchPerSecond?: number | false;
  /** The app's client secret used to sign fired webhooks (X-HubSpot-Signature-v3). */
  clientSecret?: string;
  /** The clock; tests with an injected clock pass theirs. */
  now?: () => Date;
  /** false: answers carry no X-HubSpot-RateLimit-* headers (HubSpot: "in the case of failure to gather rate limit information"). */
  rateLimitHeaders?: boolean;
}

export interface FakeHubSpot {
  /** The base URL for HUBSPOT_API_URL and the SDK's basePath, like http://127.0.0.1:4567. */
  url: string;
  accessToken: string;
  portalId: number;
  state: {
    /** Every contact by id, archived ones included. */
    contacts: Map<string, FakeContact>;
    /** Email subscription types (the portal's definitions). */
    definitions: Array<{ id: string; name: string; description: string; purpose: string }>;
    /** Per lower-cased email, per subscription id: its status. */
    subscriptions: Map<string, Map<string, FakeSubscriptionStatus>>;
    /** Lower-cased emails opted out of all email (hs_email_optout "true"): v4's unsubscribe-all sets it; the v3 API cannot reverse it. */
    optedOutOfAll: Set<string>;
  };
  /** Adds a contact directly (not through HTTP); answers it. */
  addContact(properties: Record<string, string>, dates?: { createdAt?: Date; updatedAt?: Date }): FakeContact;
  /** Finds a live contact by id or email. */
  findContact(idOrEmail: string): FakeContact | undefined;
  /** `count` generated contacts (deterministic for a seed); about `optOutShare` of them opted out of all email. */
  seedAudience(count: number, options?: { seed?: number; optOutShare?: number; since?: Date }): FakeContact[];
  /** A change made in HubSpot's UI: properties set, lastmodifieddate bumped. */
  changeContact(idOrEmail: string, properties: Record<string, string | null>): FakeContact;
  /** A subscription change made in HubSpot (the person's preference page): one type, or 'all' (opt out of all email). */
  changeSubscription(email: string, subscriptionId: string | 'all', status: SubscriptionState): void;
  /** The next `times` requests matching get this behaviour instead. */
  script(match: RequestMatch, behaviour: HubSpotBehaviour, times?: number): void;
  requests: RecordedRequest[];
  /** Posts HubSpot's webhook payload (an array of events) to `url`, signed v3; answers the receiver's status. */
  fireWebhook(url: string, events: Array<Partial<HubSpotWebhookEvent> & Pick<HubSpotWebhookEvent, 'subscriptionType' | 'objectId'>>): Promise<number>;
  /** Revokes the token: later calls get HubSpot's 401. */
  revoke(): void;
  close(): Promise<void>;
}

/** One event of a webhook delivery (HubSpot posts an array of up to 100). */
export interface HubSpotWebhookEvent {
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
  objectId: number;
  changeSource: string;
  propertyName?: string;
  propertyValue?: string;
}

// Properties HubSpot computes: the API refuses to set them (docs: hs_email_optout is read-only, opt-outs
// go through the communication-preferences API).
const READ_ONLY = new Set(['hs_email_optout', 'createdate', 'lastmodifieddate', 'hs_object_id']);
// Properties this fake knows; others get PROPERTY_DOESNT_EXIST like an unconfigured portal.
const KNOWN = new Set(['email', 'firstname', 'lastname', 'phone', 'company', 'city', 'country', 'jobtitle', 'lifecyclestage', ...READ_ONLY]);
// The list and search endpoints' default properties (search guide).
const DEFAULT_PROPERTIES = ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'];

const AUTH_MESSAGE = 'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview';
const RATE_MESSAGES: Record<RateLimitPolicy, string> = {
  TEN_SECONDLY_ROLLING: 'You have reached your ten_secondly_rolling limit.',
  SECONDLY: 'You have reached your secondly limit.',
  DAILY: 'You have reached your daily limit.',
};

const FIRST_NAMES = ['Ada', 'Ben', 'Chloé', 'Dev', 'Emma', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Noah', 'Olga', 'Paul'];
const LAST_NAMES = ['Adams', 'Becker', 'Costa', 'Dubois', 'Evans', 'Fischer', 'García', 'Hansen', 'Ivanova', 'Jones', 'Kowalski', 'Lopez'];


export async function startFakeHubSpot(options: FakeHubSpotOptions = {}): Promise<FakeHubSpot> {
  const accessToken = options.accessToken ?? 'pat-na1-test-token';
  const portalId = options.portalId ?? 12345678;
  const now = options.now ?? (() => new Date());
  const burstLimit = options.burstLimit ?? 190;
  const dailyLimit = options.dailyLimit ?? 650_000;
  const searchPerSecond = options.searchPerSecond ?? 5;
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  let revoked = false;
  let nextId = 101;
  let correlation = 0;
  const requests: RecordedRequest[] = [];
  const scripts: Array<{ match: RequestMatch; behaviour: HubSpotBehaviour; left: number }> = [];
  const sockets = new Set<Socket>();
  // Times (ms) of counted requests in the rolling 10 s window, of search requests in the last second, and the day's count.
  let burstWindow: number[] = [];
  let searchWindow: number[] = [];
  let dailyUsed = 0;
  // The daily budget runs midnight to midnight in the account's time zone (the one account-info answers).
  const timeZone = 'Europe/Berlin';
  const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);
  let dailyDay = dayOf(now());

  const state: FakeHubSpot['state'] = {
    contacts: new Map(),
    definitions: [
      { id: '1001', name: 'Marketing Information', description: 'Marketing offers and updates.', purpose: 'Marketing' },
      { id: '1002', name: 'One to One', description: 'One to one emails.', purpose: 'Sales' },
    ],
    subscriptions: new Map(),
    optedOutOfAll: new Set(),
  };

  const correlationId = () => {
    correlation += 1;
    const hex = createHash('sha1').update(String(correlation)).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };

  const byEmail = (email: string) => {
    const wanted = email.toLowerCase();
    for (const contact of state.contacts.values()) if (!contact.archived && contact.properties.email?.toLowerCase() === wanted) return contact;
    return undefined;
  };
  const findContact = (idOrEmail: string) => {
    const contact = state.contacts.get(idOrEmail);
    if (contact && !contact.archived) return contact;
    return idOrEmail.includes('@') ? byEmail(idOrEmail) : undefined;
  };

  const touch = (contact: FakeContact, at = now()) => {
    // HubSpot's clock never goes backwards for one record: a write in the same millisecond still moves it.
    const time = Math.max(at.getTime(), contact.updatedAt.getTime() + 1);
    contact.updatedAt = new Date(time);
    contact.properties.lastmodifieddate = contact.updatedAt.toISOString();
  };

  const addContact = (properties: Record<string, string>, dates: { createdAt?: Date; updatedAt?: Date } = {}) => {
    const id = String(nextId++);
    const createdAt = dates.createdAt ?? now();
    const updatedAt = dates.updatedAt ?? createdAt;
    const email = properties.email?.toLowerCase();
    const contact: FakeContact = {
      id,
      properties: {
        ...properties,
        ...(email ? { email } : {}),
        hs_object_id: id,
        createdate: createdAt.toISOString(),
        lastmodifieddate: updatedAt.toISOString(),
        hs_email_optout: email && state.optedOutOfAll.has(email) ? 'true' : 'false',
      },
      createdAt,
      updatedAt,
      archived: false,
    };
    state.contacts.set(id, contact);
    return contact;
  };

  const setOptOut = (email: string, optedOut: boolean) => {
    const key = email.toLowerCase();
    if (optedOut) state.optedOutOfAll.add(key);
    else state.optedOutOfAll.delete(key);
    const contact = byEmail(key);
    if (contact) {
      contact.properties.hs_email_optout = optedOut ? 'true' : 'false';
      touch(contact);
    }
  };

  const changeSubscription = (email: string, subscriptionId: string | 'all', status: SubscriptionState) => {
    const key = email.toLowerCase();
    if (subscriptionId === 'all') {
      setOptOut(key, status === 'NOT_SUBSCRIBED');
      return;
    }
    const statuses = state.subscriptions.get(key) ?? new Map<string, FakeSubscriptionStatus>();
    statuses.set(subscriptionId, { status });
    state.subscriptions.set(key, statuses);
    const contact = byEmail(key);
    if (contact) touch(contact);
  };

  const seedAudience: FakeHubSpot['seedAudience'] = (count, seedOptions = {}) => {
    const next = seededRandom(seedOptions.seed ?? 22);
    const optOutShare = seedOptions.optOutShare ?? 0.1;
    const since = (seedOptions.since ?? new Date(now().getTime() - 365 * 86_400_000)).getTime();
    const span = Math.max(1, now().getTime() - since);
    const made: FakeContact[] = [];
    for (let index = 0; index < count; index += 1) {
      const first = FIRST_NAMES[Math.floor(next() * FIRST_NAMES.length)]!;
      const last = LAST_NAMES[Math.floor(next() * LAST_NAMES.length)]!;
      const createdAt = new Date(since + Math.floor((span * index) / Math.max(1, count)));
      const updatedAt = new Date(createdAt.getTime() + Math.floor(next() * (now().getTime() - createdAt.getTime())));
      const email = `${first}.${last}.${index}@example.com`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
      if (next() < optOutShare) state.optedOutOfAll.add(email);
      made.push(addContact({ email, firstname: first, lastname: last }, { createdAt, updatedAt }));
    }
    return made;
  };

  const changeContact = (idOrEmail: string, properties: Record<string, string | null>) => {
    const contact = findContact(idOrEmail);
    if (!contact) throw new Error(`No contact ${idOrEmail}`);
    Object.assign(contact.properties, properties);
    touch(contact);
    return contact;
  };

  // --- answers ---------------------------------------------------------------------------------------

  const rateHeaders = (): Record<string, string> => {
    if (options.rateLimitHeaders === false) return {};
    const max = burstLimit === false ? 1_000_000 : burstLimit;
    return {
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-max': String(max),
      'x-hubspot-ratelimit-remaining': String(Math.max(0, max - burstWindow.length)),
      'x-hubspot-ratelimit-daily': String(dailyLimit),
      'x-hubspot-ratelimit-daily-remaining': String(Math.max(0, dailyLimit - dailyUsed)),
    };
  };

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    // Every answer, search included, carries its correlation id (the one in an error body when there is one).
    const id = (body as { correlationId?: string } | undefined)?.correlationId ?? correlationId();
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'x-hubspot-correlation-id': id, ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, message: string, category: string | undefined, extra: Partial<HubSpotError> = {}, headers: Record<string, string> = {}) => {
    const body: HubSpotError = { status: 'error', message, correlationId: correlationId(), ...(category ? { category } : {}), ...extra };
    send(response, status, body, headers);
  };
  const rateLimited = (response: ServerResponse, policy: RateLimitPolicy, headers: Record<string, string>) =>
    error(response, 429, RATE_MESSAGES[policy], undefined, { errorType: 'RATE_LIMIT', policyName: policy }, headers);

  const toWire = (contact: FakeContact, wanted: string[] | undefined): Wire<SimplePublicObject> => {
    const names = wanted && wanted.length > 0 ? [...new Set([...wanted, 'createdate', 'lastmodifieddate', 'hs_object_id'])] : DEFAULT_PROPERTIES;
    const properties: Record<string, string | null> = {};
    for (const name of names) properties[name] = contact.properties[name] ?? null;
    return {
      id: contact.id,
      properties,
      createdAt: contact.createdAt.toISOString(),
      updatedAt: contact.updatedAt.toISOString(),
      archived: contact.archived,
      ...(contact.archivedAt ? { archivedAt: contact.archivedAt.toISOString() } : {}),
    };
  };

  /** The real "Property values were not valid" refusal, or null when all are settable. */
  const invalidProperties = (properties: Record<string, unknown>): string | null => {
    const problems = Object.keys(properties).flatMap((name) => {
      if (READ_ONLY.has(name)) return [{ isValid: false, message: `${name} is a read only property; its value cannot be set.`, error: 'READ_ONLY_VALUE', name }];
      if (!KNOWN.has(name)) return [{ isValid: false, message: `Property "${name}" does not exist`, error: 'PROPERTY_DOESNT_EXIST', name }];
      return [];
    });
    return problems.length > 0 ? `Property values were not valid: ${JSON.stringify(problems)}` : null;
  };

  const splitList = (value: string | null) => (value ? value.split(',').map((item) => item.trim()).filter(Boolean) : undefined);

  // --- search ----------------------------------------------------------------------------------------

  const comparable = (name: string, value: string | null | undefined): number | string | null => {
    if (value === null || value === undefined || value === '') return null;
    if (name === 'createdate' || name === 'lastmodifieddate') return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    if (name === 'hs_object_id') return Number(value);
    return value.toLowerCase();
  };
  const matchesFilter = (contact: FakeContact, filter: { propertyName: string; operator: string; value?: string; values?: string[]; highValue?: string }) => {
    const actual = comparable(filter.propertyName, contact.properties[filter.propertyName]);
    const wanted = comparable(filter.propertyName, filter.value);
    switch (filter.operator) {
      case 'HAS_PROPERTY': return actual !== null;
      case 'NOT_HAS_PROPERTY': return actual === null;
      case 'EQ': return actual === wanted;
      case 'NEQ': return actual !== wanted;
      case 'IN': return (filter.values ?? []).some((value) => comparable(filter.propertyName, value) === actual);
      case 'NOT_IN': return !(filter.values ?? []).some((value) => comparable(filter.propertyName, value) === actual);
      case 'CONTAINS_TOKEN': return typeof actual === 'string' && typeof wanted === 'string' && actual.includes(wanted.replaceAll('*', ''));
      case 'NOT_CONTAINS_TOKEN': return !(typeof actual === 'string' && typeof wanted === 'string' && actual.includes(wanted.replaceAll('*', '')));
    }
    if (actual === null || wanted === null) return false;
    switch (filter.operator) {
      case 'GT': return actual > wanted;
      case 'GTE': return actual >= wanted;
      case 'LT': return actual < wanted;
      case 'LTE': return actual <= wanted;
      case 'BETWEEN': {
        const high = comparable(filter.propertyName, filter.highValue);
        return high !== null && actual >= wanted && actual <= high;
      }
    }
    return false;
  };

  const search = (response: ServerResponse, body: Wire<PublicObjectSearchRequest> | null) => {
    const request = body ?? {};
    const limit = request.limit ?? 10;
    const offset = request.after ? Number(request.after) : 0;
    if (!Number.isInteger(limit) || limit < 0 || limit > 200) return error(response, 400, `Invalid input JSON on line 1 : limit must be between 0 and 200`, 'VALIDATION_ERROR');
    // Search guide: a query reaches at most 10,000 results; paging past them is a 400 (docs silent on the text).
    if (!Number.isInteger(offset) || offset < 0 || offset + limit > 10_000) return error(response, 400, 'There was a problem with the request.', 'VALIDATION_ERROR');
    const groups = request.filterGroups ?? [];
    if (groups.length > 5 || groups.reduce((sum, group) => sum + (group.filters?.length ?? 0), 0) > 18) return error(response, 400, 'Too many filters: at most 5 filterGroups and 18 filters.', 'VALIDATION_ERROR');
    let found = [...state.contacts.values()].filter((contact) => !contact.archived);
    if (groups.length > 0) found = found.filter((contact) => groups.some((group) => (group.filters ?? []).every((filter) => matchesFilter(contact, filter))));
    if (request.query) {
      const needle = request.query.toLowerCase();
      found = found.filter((contact) => ['email', 'firstname', 'lastname', 'phone', 'company'].some((name) => contact.properties[name]?.toLowerCase().includes(needle)));
    }
    // Sorts: the SDK types them as strings, the docs show {propertyName, direction}; accept both (one sort only, like HubSpot).
    const sort = (request.sorts as unknown[] | undefined)?.[0] as string | { propertyName: string; direction?: string } | undefined;
    const sortName = typeof sort === 'string' ? sort.replace(/^-/, '') : sort?.propertyName;
    const descending = typeof sort === 'string' ? sort.startsWith('-') : sort?.direction === 'DESCENDING';
    found.sort((left, right) => {
      if (sortName) {
        const a = comparable(sortName, left.properties[sortName]);
        const b = comparable(sortName, right.properties[sortName]);
        if (a !== b) return (a === null ? -1 : b === null ? 1 : a < b ? -1 : 1) * (descending ? -1 : 1);
      }
      return Number(left.id) - Number(right.id);
    });
    const page = found.slice(offset, offset + limit);
    const answer: Wire<CollectionResponseWithTotalSimplePublicObjectForwardPaging> = {
      total: found.length,
      results: page.map((contact) => toWire(contact, request.properties)),
      ...(offset + limit < found.length ? { paging: { next: { after: String(offset + limit) } } } : {}),
    };
    send(response, 200, answer);
  };

  // --- routes ----------------------------------------------------------------------------------------

  const contactsPath = '/crm/v3/objects/contacts';

  const route = (request: IncomingMessage, response: ServerResponse, url: URL, body: unknown, headers: Record<string, string>) => {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const reply = (status: number, value: unknown) => send(response, status, value, headers);
    const fail = (status: number, message: string, category: string, extra: Partial<HubSpotError> = {}) => error(response, status, message, category, extra, headers);

    if (method === 'GET' && path === '/account-info/v3/details') {
      return reply(200, { portalId, accountType: 'STANDARD', timeZone, companyCurrency: 'EUR', additionalCurrencies: [], utcOffset: '+01:00', utcOffsetMilliseconds: 3_600_000, uiDomain: 'app-eu1.hubspot.com', dataHostingLocation: 'eu1' });
    }

    if (path === contactsPath && method === 'GET') {
      const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : 10;
      // Docs: limit ≤ 100 per page; the text of the refusal is docs silent.
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return fail(400, 'limit must be between 1 and 100', 'VALIDATION_ERROR');
      const archived = url.searchParams.get('archived') === 'true';
      const after = Number(url.searchParams.get('after') ?? 0);
      const wanted = splitList(url.searchParams.get('properties'));
      const all = [...state.contacts.values()].filter((contact) => contact.archived === archived && Number(contact.id) >= after).sort((a, b) => Number(a.id) - Number(b.id));
      const page = all.slice(0, limit);
      const nextAfter = all[limit]?.id;
      const answer: Wire<CollectionResponseSimplePublicObjectWithAssociationsForwardPaging> = {
        results: page.map((contact) => toWire(contact, wanted)),
        ...(nextAfter ? { paging: { next: { after: nextAfter, link: `${fake.url}${contactsPath}?after=${nextAfter}` } } } : {}),
      };
      return reply(200, answer);
    }

    if (path === contactsPath && method === 'POST') {
      const input = (body ?? {}) as Wire<SimplePublicObjectInputForCreate>;
      const properties = input.properties ?? {};
      const invalid = invalidProperties(properties);
      if (invalid) return fail(400, invalid, 'VALIDATION_ERROR');
      const existing = properties.email ? byEmail(properties.email) : undefined;
      if (existing) return fail(409, `Contact already exists. Existing ID: ${existing.id}`, 'CONFLICT');
      return reply(201, toWire(addContact(properties), Object.keys(properties)));
    }

    if (method === 'POST' && path === `${contactsPath}/search`) return search(response, body as Wire<PublicObjectSearchRequest> | null);

    if (method === 'POST' && path === `${contactsPath}/batch/upsert`) {
      const inputs = (body as Wire<BatchInputSimplePublicObjectBatchInputUpsert> | null)?.inputs;
      if (!Array.isArray(inputs) || inputs.length === 0) return fail(400, 'Invalid input JSON: inputs must not be empty', 'VALIDATION_ERROR');
      if (inputs.length > 100) return fail(400, `Batch size ${inputs.length} exceeds the limit of 100`, 'VALIDATION_ERROR');
      for (const input of inputs) {
        const invalid = invalidProperties(input.properties ?? {});
        if (invalid) return fail(400, invalid, 'VALIDATION_ERROR');
        // Contacts upsert by email (or a unique property); by record id is docs silent here, so refused.
        if (input.idProperty !== 'email') return fail(400, 'Upsert of contacts requires idProperty "email" (or a unique property).', 'VALIDATION_ERROR');
      }
      const startedAt = now().toISOString();
      const results: Array<Wire<SimplePublicUpsertObject>> = inputs.map((input) => {
        const existing = byEmail(input.id);
        const contact = existing ?? addContact({ ...input.properties, email: input.id });
        if (existing) {
          Object.assign(existing.properties, input.properties, { email: input.id.toLowerCase() });
          touch(existing);
        }
        const wire = toWire(contact, ['email', ...Object.keys(input.properties ?? {})]);
        return { ...wire, properties: wire.properties as Record<string, string>, new: !existing };
      });
      const answer: Wire<BatchResponseSimplePublicUpsertObject> = { status: 'COMPLETE' as never, results, startedAt, completedAt: now().toISOString() };
      return reply(200, answer);
    }

    if (method === 'POST' && path === `${contactsPath}/batch/read`) {
      const input = body as Wire<BatchReadInputSimplePublicObjectId> | null;
      if (!input || !Array.isArray(input.inputs)) return fail(400, 'Invalid input JSON: inputs is required', 'VALIDATION_ERROR');
      if (input.inputs.length > 100) return fail(400, `Batch size ${input.inputs.length} exceeds the limit of 100`, 'VALIDATION_ERROR');
      const archived = url.searchParams.get('archived') === 'true';
      const byProperty = input.idProperty === 'email';
      const found: FakeContact[] = [];
      const missing: string[] = [];
      for (const { id } of input.inputs) {
        const contact = byProperty ? byEmail(id) : state.contacts.get(id);
        if (contact && contact.archived === archived) found.push(contact);
        else missing.push(id);
      }
      const startedAt = now().toISOString();
      const results = found.map((contact) => toWire(contact, input.properties));
      if (missing.length === 0) {
        const answer: Wire<BatchResponseSimplePublicObject> = { status: 'COMPLETE' as never, results, startedAt, completedAt: now().toISOString() };
        return reply(200, answer);
      }
      // Some missing: 207 Multi-Status with one OBJECT_NOT_FOUND error naming them.
      const answer: Wire<BatchResponseSimplePublicObjectWithErrors> = {
        status: 'COMPLETE' as never,
        results,
        numErrors: 1,
        errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.', context: { ids: missing }, links: {}, errors: [] }],
        startedAt,
        completedAt: now().toISOString(),
      };
      return reply(207, answer);
    }

    const one = path.startsWith(`${contactsPath}/`) ? decodeURIComponent(path.slice(contactsPath.length + 1)) : null;
    if (one !== null && !one.includes('/')) {
      const contact = url.searchParams.get('idProperty') === 'email' ? byEmail(one) : state.contacts.get(one);
      const live = contact && !contact.archived ? contact : undefined;
      // HubSpot's own 404 text (quoted in HubSpot/hubspot-api-nodejs#669, two spaces included), for ids and emails alike.
      const notFound = () => fail(404, 'Object not found.  objectId are usually numeric.', 'OBJECT_NOT_FOUND', { context: { id: [one] } });
      if (method === 'GET') {
        if (!live) return notFound();
        return reply(200, toWire(live, splitList(url.searchParams.get('properties'))));
      }
      if (method === 'PATCH') {
        if (!live) return notFound();
        const properties = ((body ?? {}) as Wire<SimplePublicObjectInput>).properties ?? {};
        const invalid = invalidProperties(properties);
        if (invalid) return fail(400, invalid, 'VALIDATION_ERROR');
        const clash = properties.email ? byEmail(properties.email) : undefined;
        if (clash && clash.id !== live.id) return fail(409, `Contact already exists. Existing ID: ${clash.id}`, 'CONFLICT');
        Object.assign(live.properties, properties, properties.email ? { email: properties.email.toLowerCase() } : {});
        touch(live);
        return reply(200, toWire(live, Object.keys(properties)));
      }
      if (method === 'DELETE') {
        // Archives (restorable in HubSpot's UI for 90 days); an unknown id answers 204 too (docs: idempotent).
        if (live) {
          live.archived = true;
          live.archivedAt = now();
          touch(live);
        }
        return send(response, 204, undefined, headers);
      }
    }

    if (method === 'GET' && path === '/communication-preferences/v3/definitions') {
      const answer: Wire<SubscriptionDefinitionsResponse> = {
        subscriptionDefinitions: state.definitions.map((definition) => ({
          ...definition,
          isActive: true,
          isDefault: true,
          isInternal: false,
          communicationMethod: 'Email',
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
        })),
      };
      return reply(200, answer);
    }

    const statusOf = (email: string, definition: FakeHubSpot['state']['definitions'][number]): Wire<PublicSubscriptionStatus> => {
      const optedOut = state.optedOutOfAll.has(email);
      const own = state.subscriptions.get(email)?.get(definition.id);
      return {
        id: definition.id,
        name: definition.name,
        description: definition.description,
        // Opted out of all email overrides every type, and says so.
        status: (optedOut ? 'NOT_SUBSCRIBED' : (own?.status ?? 'NOT_SUBSCRIBED')) as never,
        sourceOfStatus: (optedOut ? 'PORTAL_WIDE_STATUS' : 'SUBSCRIPTION_STATUS') as never,
        preferenceGroupName: definition.purpose,
        ...(own?.legalBasis ? { legalBasis: own.legalBasis as never, legalBasisExplanation: own.legalBasisExplanation ?? '' } : {}),
      };
    };

    const statusPrefix = '/communication-preferences/v3/status/email/';
    if (method === 'GET' && path.startsWith(statusPrefix)) {
      const email = decodeURIComponent(path.slice(statusPrefix.length)).toLowerCase();
      const answer: Wire<PublicSubscriptionStatusesResponse> = { recipient: email, subscriptionStatuses: state.definitions.map((definition) => statusOf(email, definition)) };
      return reply(200, answer);
    }

    if (method === 'POST' && (path === '/communication-preferences/v3/subscribe' || path === '/communication-preferences/v3/unsubscribe')) {
      const input = (body ?? {}) as Partial<Wire<PublicUpdateSubscriptionStatusRequest>>;
      if (!input.emailAddress || !input.subscriptionId) return fail(400, 'emailAddress and subscriptionId are required', 'VALIDATION_ERROR');
      const email = input.emailAddress.toLowerCase();
      const definition = state.definitions.find((candidate) => candidate.id === String(input.subscriptionId));
      // v3 unsubscribes one type only: a portal- or brand-wide unsubscribe "will return an error" (docs).
      if (!definition) return fail(400, `Subscription ${input.subscriptionId} does not exist or is not an email subscription type`, 'VALIDATION_ERROR');
      const subscribing = path.endsWith('/subscribe');
      const current = statusOf(email, definition);
      // Guide: the v3 subscribe "will not allow you to resubscribe contacts who have opted out" (of all email,
      // or of this type); only the person's own action in HubSpot (changeSubscription) reverses it. Text: docs silent.
      if (subscribing && (state.optedOutOfAll.has(email) || state.subscriptions.get(email)?.get(definition.id)?.status === 'NOT_SUBSCRIBED')) {
        return fail(400, `${email} has opted out and cannot be resubscribed through this API.`, 'VALIDATION_ERROR');
      }
      // Subscribing without a legal basis in a GDPR-enabled portal is refused; this fake portal has GDPR on.
      if (subscribing && !input.legalBasis) return fail(400, 'A legalBasis is required to subscribe a contact in a portal with GDPR enabled.', 'VALIDATION_ERROR');
      // Unsubscribing twice is refused too (text docs silent).
      if (!subscribing && current.status === 'NOT_SUBSCRIBED') return fail(400, `${email} is already unsubscribed from subscription ${definition.id}`, 'VALIDATION_ERROR');
      const statuses = state.subscriptions.get(email) ?? new Map<string, FakeSubscriptionStatus>();
      statuses.set(definition.id, {
        status: subscribing ? 'SUBSCRIBED' : 'NOT_SUBSCRIBED',
        ...(input.legalBasis ? { legalBasis: input.legalBasis, legalBasisExplanation: input.legalBasisExplanation ?? '' } : {}),
      });
      state.subscriptions.set(email, statuses);
      const contact = byEmail(email);
      if (contact) touch(contact);
      return reply(200, statusOf(email, definition));
    }

    // Communication preferences v4 (the reference's current, date-versioned API; the same calls under v4):
    // opting out of all email on a channel, and reading that wide status.
    const wideMatch = /^\/communication-preferences\/v4\/statuses\/([^/]+)\/unsubscribe-all$/.exec(path);
    if (wideMatch && (method === 'POST' || method === 'GET')) {
      const email = decodeURIComponent(wideMatch[1]!).toLowerCase();
      // channel is required; EMAIL is the only channel the docs list.
      if (url.searchParams.get('channel') !== 'EMAIL') return fail(400, 'channel is required and must be EMAIL', 'VALIDATION_ERROR');
      // Docs silent on an address with no contact: refused as not found, like the CRM's own 404 (a malformed one is a validation error).
      if (!/^[^@\s]+@[^@\s.]+\.[^@\s]+$/.test(email)) return fail(400, `${email} is not a valid email address`, 'VALIDATION_ERROR');
      const contact = byEmail(email);
      if (!contact) return fail(404, `No contact with email ${email}`, 'OBJECT_NOT_FOUND', { context: { subscriberIdString: [email] } });
      const startedAt = now().toISOString();
      if (method === 'GET') {
        // "If a contact has not opted out of all communications, the response results array will be empty."
        const results: V4WideStatus[] = state.optedOutOfAll.has(email)
          ? [{ channel: 'EMAIL', status: 'UNSUBSCRIBED', subscriberIdString: email, timestamp: contact.updatedAt.toISOString(), wideStatusType: 'PORTAL_WIDE', businessUnitId: 0 }]
          : [];
        return reply(200, { status: 'COMPLETE', results, startedAt, completedAt: now().toISOString() } satisfies V4Answer<V4WideStatus>);
      }
      // Opts out of every email type, whatever was chosen before, and sets hs_email_optout (lastmodifieddate moves).
      // Again for someone already out: no change, not refused.
      const already = state.optedOutOfAll.has(email);
      if (!already) setOptOut(email, true);
      // "verbose: include the details of the updated subscription statuses; not including it results in an empty response."
      const results: V4Status[] =
        url.searchParams.get('verbose') === 'true'
          ? state.definitions.map((definition) => ({
              channel: 'EMAIL',
              source: 'API',
              status: 'UNSUBSCRIBED',
              subscriberIdString: email,
              subscriptionId: Number(definition.id),
              subscriptionName: definition.name,
              timestamp: contact.updatedAt.toISOString(),
              businessUnitId: 0,
              setStatusSuccessReason: already ? 'NO_STATUS_CHANGE' : 'UNSUBSCRIBE_FROM_ALL_OCCURRED',
            }))
          : [];
      return reply(200, { status: 'COMPLETE', results, startedAt, completedAt: now().toISOString() } satisfies V4Answer<V4Status>);
    }

    return fail(404, `Unable to infer object type from: ${path}`, 'OBJECT_NOT_FOUND');
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
        requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body });
        return error(response, 400, 'Invalid input JSON on line 1', 'VALIDATION_ERROR');
      }
    }
    requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body });

    if (revoked || request.headers.authorization !== `Bearer ${accessToken}`) return error(response, 401, AUTH_MESSAGE, 'INVALID_AUTHENTICATION');

    const isSearch = url.pathname.endsWith('/search');
    const scripted = scripts.find((entry) => entry.left > 0 && url.pathname.startsWith(entry.match.pathPrefix) && (!entry.match.method || entry.match.method === request.method));
    if (scripted) scripted.left -= 1;
    const behaviour = scripted?.behaviour;
    if (behaviour?.kind === 'drop') {
      response.socket?.destroy();
      return;
    }
    if (behaviour?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));

    // Counting: search requests have their own per-second budget and answer WITHOUT the X-HubSpot-RateLimit-*
    // headers, only X-HubSpot-Correlation-Id (reported on community.hubspot.com "Rate limit headers will now
    // appear for OAuth authenticated calls"); every other call counts against the 10 s burst and the day.
    // Private-app answers carry the Daily headers; OAuth apps' do not (same announcement: no daily limit).
    const time = now().getTime();
    let headers: Record<string, string> = {};
    if (isSearch) {
      searchWindow = searchWindow.filter((at) => at > time - 1000);
      if (behaviour?.kind === 'rate-limited' || (searchPerSecond !== false && searchWindow.length >= searchPerSecond)) return rateLimited(response, behaviour?.kind === 'rate-limited' ? (behaviour.policy ?? 'SECONDLY') : 'SECONDLY', {});
      searchWindow.push(time);
    } else {
      burstWindow = burstWindow.filter((at) => at > time - 10_000);
      if (dayOf(new Date(time)) !== dailyDay) {
        dailyDay = dayOf(new Date(time));
        dailyUsed = 0;
      }
      if (behaviour?.kind === 'rate-limited') return rateLimited(response, behaviour.policy ?? 'TEN_SECONDLY_ROLLING', { ...rateHeaders(), 'x-hubspot-ratelimit-remaining': '0' });
      if (dailyUsed >= dailyLimit) return rateLimited(response, 'DAILY', rateHeaders());
      if (burstLimit !== false && burstWindow.length >= burstLimit) return rateLimited(response, 'TEN_SECONDLY_ROLLING', rateHeaders());
      burstWindow.push(time);
      dailyUsed += 1;
      headers = rateHeaders();
    }
    if (behaviour?.kind === 'error') return error(response, behaviour.status, behaviour.message ?? 'internal error', behaviour.category ?? 'INTERNAL_ERROR', {}, headers);
    route(request, response, url, body, headers);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((caught: unknown) => {
      if (!response.headersSent) error(response, 500, caught instanceof Error ? caught.message : 'internal error', 'INTERNAL_ERROR');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeHubSpot = {
    url: `http://127.0.0.1:${port}`,
    accessToken,
    portalId,
    state,
    addContact,
    findContact,
    seedAudience,
    changeContact,
    changeSubscription,
    script(match, behaviour, times = 1) {
      scripts.push({ match, behaviour, left: times });
    },
    requests,
    async fireWebhook(target, events) {
      let eventId = 1000;
      const payload: HubSpotWebhookEvent[] = events.map((event) => ({
        eventId: eventId++,
        subscriptionId: 1,
        portalId,
        appId: 1,
        occurredAt: now().getTime(),
        attemptNumber: 0,
        changeSource: 'CRM_UI',
        ...event,
      }));
      const body = JSON.stringify(payload);
      const timestamp = String(now().getTime());
      // Signature v3: base64 HMAC-SHA256 of method + full URI + body + timestamp, keyed with the app's client secret.
      const signature = createHmac('sha256', clientSecret).update(`POST${target}${body}${timestamp}`).digest('base64');
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
        body,
      });
      await answer.arrayBuffer();
      return answer.status;
    },
    revoke() {
      revoked = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
