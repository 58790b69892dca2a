import type {
  BatchInputSimplePublicObjectBatchInputUpsert,
  BatchReadInputSimplePublicObjectId,
  BatchResponseSimplePublicObject,
  BatchResponseSimplePublicUpsertObject,
  CollectionResponseSimplePublicObjectWithAssociationsForwardPaging,
  CollectionResponseWithTotalSimplePublicObjectForwardPaging,
  PublicObjectSearchRequest,
} from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import { PlatformError, type PeoplePage, type PersonWrite, type PlatformClient, type RemotePerson, type UpsertResult } from '../platform-client';
import { PLATFORM_HTTP_DEFAULTS, platformRequest, RateBudget, type PlatformAnswer, type PlatformHttpSettings, type PlatformRequest, type PlatformRules } from '../platform-http';
import { errorOf, FIELD_NAMES, nextMidnight, PERSON_PROPERTIES, personOf, retryAfterOf, type Wire } from './mapping';

// HubSpot (CRM contacts through a private-app token, Bearer) as a PlatformClient: a contacts sync only.
// - Plain fetch through platformRequest, typed with the official SDK's models (@hubspot/api-client 13.5).
//   Not the SDK's Client: it retries 429s itself on fixed delays without reading the rate-limit headers,
//   throws DAILY 429s at once and counts "retries" as attempts, so its retries would stack on the shared
//   loop's and hide the wait the sync must be told about.
// - Rate limits: X-HubSpot-RateLimit-Remaining 0 makes requests wait the interval (ten seconds) before
//   spending a 429; Daily-Remaining 0 waits for midnight in the account's time zone (a 'rate_limited'
//   error, far past maxWaitMs). Search has its own 5 a second and answers without headers: search calls
//   are paced 200 ms apart.
// - history: null (no per-person marketing email activity for a private app without Marketing Hub);
//   webhooks: null (private apps cannot register subscriptions); campaigns: null (sending needs
//   Marketing Hub Enterprise). See PLATFORM_ABILITIES.hubspot.

/** HubSpot's contacts are one audience. */
const AUDIENCE = { id: 'contacts', name: 'All contacts' };
/** The list's largest page; upserts and batch reads take at most as many. */
const PAGE = 100;
/** Search pages can be twice that (HubSpot's search guide: limit ≤ 200), and search is the scarce budget (5 a second). */
const SEARCH_PAGE = 200;
/** A search query reaches at most 10,000 results; past them `after` is refused. */
const SEARCH_CAP = 10_000;
const SEARCH_SPACING_MS = 200;

/** GET /account-info/v3/details (not among SDK 13.5's models). */
interface AccountDetails {
  portalId: number;
  timeZone?: string;
  companyName?: string;
}

/** POST /communication-preferences/v4/statuses/{email}/unsubscribe-all (SDK 13.5 has v3 only); results only with verbose=true. */
interface UnsubscribeAllAnswer {
  status: 'PENDING' | 'PROCESSING' | 'CANCELED' | 'COMPLETE';
  results: unknown[];
  startedAt: string;
  completedAt: string;
}

/** The opaque `next` of people(): the list's `after`, or a search's `after` within the query that starts at `since` (ms). */
type Cursor = { after: string | null; since?: number };

type SearchBody = Omit<Wire<PublicObjectSearchRequest>, 'sorts'> & { sorts: Array<{ propertyName: string; direction: 'ASCENDING' | 'DESCENDING' }> };

export function hubspotClient(options: { apiUrl: string; token: string; http?: PlatformHttpSettings }): PlatformClient {
  const settings = options.http ?? PLATFORM_HTTP_DEFAULTS;
  const base = options.apiUrl.replace(/(?<!\/)\/+$/, '');
  const clock = () => (settings.now ?? Date.now)();
  const sleep = settings.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const budget = new RateBudget(settings);
  // Learnt from account(); until then the daily budget is taken to reset at UTC midnight.
  let timeZone = 'UTC';
  let lastSearchAt = Number.NEGATIVE_INFINITY;

  const rules = (search: boolean): PlatformRules => ({
    retryAfterMs: (answer, now) => retryAfterOf(answer, now, timeZone),
    errorOf,
    observe(answer: PlatformAnswer, now: number) {
      if (answer.headers.get('x-hubspot-ratelimit-daily-remaining') === '0') budget.exhaustedUntil(nextMidnight(now, timeZone));
      if (answer.headers.get('x-hubspot-ratelimit-remaining') === '0') {
        budget.exhaustedUntil(now + Number(answer.headers.get('x-hubspot-ratelimit-interval-milliseconds') ?? 10_000));
      }
    },
    async acquire() {
      // Search answers carry no budget headers and do not count against the burst: only its own pacing.
      if (search) {
        const wait = lastSearchAt + SEARCH_SPACING_MS - clock();
        if (wait > 0) await sleep(wait);
        lastSearchAt = clock();
      } else await budget.ready();
      return () => {};
    },
  });

  const call = async <T>(method: PlatformRequest['method'], path: string, body?: unknown): Promise<T> => {
    const answer = await platformRequest({ method, url: `${base}${path}`, headers: { authorization: `Bearer ${options.token}` }, body }, rules(path.endsWith('/search')), settings);
    return answer.json as T;
  };

  const checkAudience = (audienceId: string) => {
    if (audienceId !== AUDIENCE.id) throw new PlatformError('not_found', `HubSpot has one audience, its contacts; "${audienceId}" is not it.`, null);
  };

  const search = (body: SearchBody) => call<Wire<CollectionResponseWithTotalSimplePublicObjectForwardPaging>>('POST', '/crm/v3/objects/contacts/search', body);

  const peopleOf = (results: Array<Parameters<typeof personOf>[0]>) => results.map(personOf).filter((person): person is RemotePerson => person !== null);

  const people: PlatformClient['people'] = async (audienceId, query) => {
    checkAudience(audienceId);
    const cursor: Cursor = query.cursor ? (JSON.parse(query.cursor) as Cursor) : { after: null, ...(query.changedSince ? { since: query.changedSince.getTime() } : {}) };
    if (cursor.since === undefined) {
      const params = new URLSearchParams({ limit: String(PAGE), properties: PERSON_PROPERTIES.join(',') });
      if (cursor.after) params.set('after', cursor.after);
      const page = await call<Wire<CollectionResponseSimplePublicObjectWithAssociationsForwardPaging>>('GET', `/crm/v3/objects/contacts?${params.toString()}`);
      const after = page.paging?.next?.after;
      return { people: peopleOf(page.results), next: after ? JSON.stringify({ after } satisfies Cursor) : null, total: null };
    }
    const page = await search({
      filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE' as never, value: String(cursor.since) }] }],
      sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
      properties: PERSON_PROPERTIES,
      limit: SEARCH_PAGE,
      ...(cursor.after ? { after: cursor.after } : {}),
    });
    const found = peopleOf(page.results);
    const after = page.paging?.next?.after;
    let next: Cursor | null = null;
    if (after && Number(after) + SEARCH_PAGE <= SEARCH_CAP) next = { after, since: cursor.since };
    else if (after) {
      // Past 10,000 results the query cannot page on: start a new one at the last time seen (GTE, so the
      // people changed in that millisecond come again; the caller drops what it has seen). Should all
      // 10,000 share one millisecond, the next starts a millisecond later rather than loop for ever.
      const last = Math.max(...page.results.map((contact) => personOf(contact)?.changedAt?.getTime() ?? cursor.since!), cursor.since!);
      next = { after: null, since: last > cursor.since! ? last : cursor.since! + 1 };
    }
    return { people: found, next: next ? JSON.stringify(next) : null, total: page.total } satisfies PeoplePage;
  };

  /**
   * Opts a person out of all email: communication preferences v4 "unsubscribe from all" on the EMAIL
   * channel. It reaches a contact who never chose an email type (v3 reads those types as NOT_SUBSCRIBED,
   * so a per-type opt-out wrote nothing for them), and it sets the contact's hs_email_optout, so the
   * opt-out reads back on the next poll. Again for someone already out: no change, not refused.
   */
  const optOut = async (email: string) => {
    await call<UnsubscribeAllAnswer>('POST', `/communication-preferences/v4/statuses/${encodeURIComponent(email)}/unsubscribe-all?channel=EMAIL`);
  };

  const propertiesOf = (person: PersonWrite): Record<string, string> => {
    // Empty names are not written: an import that knows no name must not blank HubSpot's.
    const properties: Record<string, string> = { email: person.email.toLowerCase() };
    if (person.statusOnly) return properties;
    if (person.firstName) properties.firstname = person.firstName;
    if (person.lastName) properties.lastname = person.lastName;
    for (const [name, value] of Object.entries(person.fields)) if (name !== 'email') properties[name] = value;
    return properties;
  };

  /** Upserts by email; answers each person's id or the refusal of the whole batch. */
  const upsertBatch = async (batch: PersonWrite[]): Promise<Array<UpsertResult | PlatformError>> => {
    const body: Wire<BatchInputSimplePublicObjectBatchInputUpsert> = { inputs: batch.map((person) => ({ idProperty: 'email', id: person.email.toLowerCase(), properties: propertiesOf(person) })) };
    const answer = await call<Wire<BatchResponseSimplePublicUpsertObject>>('POST', '/crm/v3/objects/contacts/batch/upsert', body);
    // Batch results are not promised in input order: matched by the email each one was written with.
    const ids = new Map(answer.results.map((result) => [result.properties.email?.toLowerCase(), result.id]));
    return batch.map((person) => {
      const id = ids.get(person.email.toLowerCase());
      return id ? { remoteId: id } : new PlatformError('transient', 'HubSpot did not answer this contact in its batch.', null);
    });
  };

  /** Lower-cased emails in `emails` that HubSpot has opted out of all email. */
  const optedOut = async (emails: string[]): Promise<Set<string>> => {
    if (emails.length === 0) return new Set();
    const body: Wire<BatchReadInputSimplePublicObjectId> = { idProperty: 'email', inputs: emails.map((id) => ({ id })), properties: ['email', 'hs_email_optout'], propertiesWithHistory: [] };
    // 207 when some are not there yet: the found ones are in results all the same.
    const answer = await call<Wire<BatchResponseSimplePublicObject>>('POST', '/crm/v3/objects/contacts/batch/read', body);
    return new Set(answer.results.filter((contact) => contact.properties.hs_email_optout === 'true').map((contact) => contact.properties.email?.toLowerCase() ?? ''));
  };

  const upsertMany: PlatformClient['upsertMany'] = async (audienceId, all) => {
    checkAudience(audienceId);
    const results: Array<UpsertResult | PlatformError> = [];
    for (let start = 0; start < all.length; start += PAGE) {
      const chunk = all.slice(start, start + PAGE);
      const answers: Array<UpsertResult | PlatformError | null> = chunk.map(() => null);
      // HubSpot cannot re-subscribe someone opted out of all email (the API cannot clear hs_email_optout):
      // a write asking for 'subscribed' is refused for them, as the interface asks, and not written.
      const out = await optedOut(chunk.filter((person) => person.status === 'subscribed').map((person) => person.email.toLowerCase()));
      chunk.forEach((person, index) => {
        // HubSpot has no confirmation to ask for through the API: refused, and nothing written.
        if (person.status === 'pending') answers[index] = new PlatformError('refused', `${person.email.toLowerCase()} has opted out of email in HubSpot; only they can subscribe again.`, null);
        else if (person.status === 'subscribed' && out.has(person.email.toLowerCase())) answers[index] = new PlatformError('refused', `${person.email.toLowerCase()} has opted out of all email in HubSpot; only they can subscribe again.`, null);
      });
      const writable = chunk.map((person, index) => ({ person, index })).filter(({ index }) => answers[index] === null);
      if (writable.length > 0) {
        try {
          const written = await upsertBatch(writable.map(({ person }) => person));
          writable.forEach(({ index }, at) => (answers[index] = written[at]!));
        } catch (caught) {
          if (!(caught instanceof PlatformError && caught.kind === 'refused')) throw caught;
          if (writable.length === 1) answers[writable[0]!.index] = caught;
          else {
            // HubSpot refuses a whole batch for one bad address or property: one by one, so only that one is refused.
            for (const { person, index } of writable) {
              try {
                answers[index] = (await upsertBatch([person]))[0]!;
              } catch (single) {
                if (!(single instanceof PlatformError && single.kind === 'refused')) throw single;
                answers[index] = single;
              }
            }
          }
        }
      }
      // Opt-outs go through even when the contact's fields were refused: an opt-out always wins (the refusal is still answered).
      // HubSpot has contacts, no lists: someone who left the linked list only keeps their email there.
      for (const [index, person] of chunk.entries()) {
        if (person.status === 'subscribed' || person.status === 'pending' || person.status === 'left') continue;
        try {
          await optOut(person.email.toLowerCase());
        } catch (caught) {
          if (!(caught instanceof PlatformError && (caught.kind === 'refused' || caught.kind === 'not_found'))) throw caught;
          if (!(answers[index] instanceof PlatformError)) answers[index] = caught;
        }
      }
      results.push(...answers.map((answer) => answer!));
    }
    return results;
  };

  return {
    platform: 'hubspot',
    async account() {
      const details = await call<AccountDetails>('GET', '/account-info/v3/details');
      if (details.timeZone) timeZone = details.timeZone;
      const ref = String(details.portalId);
      return { name: details.companyName?.trim() || `HubSpot portal ${ref}`, ref };
    },
    async audiences() {
      // One search for the count, for progress (search is the only call that answers a total).
      const counted = await search({ filterGroups: [], sorts: [], properties: ['email'], limit: 1 });
      return [{ ...AUDIENCE, size: counted.total }];
    },
    fieldNames(audienceId) {
      checkAudience(audienceId);
      return Promise.resolve([...FIELD_NAMES]);
    },
    people,
    async upsert(audienceId, person) {
      const [result] = await upsertMany(audienceId, [person]);
      if (result instanceof PlatformError) throw result;
      return result!;
    },
    upsertMany,
    history: null,
    webhooks: null,
    campaigns: null,
  };
}
