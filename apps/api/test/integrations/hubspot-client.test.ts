import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubspotClient } from '../../src/modules/integrations/hubspot/client.js';
import { PlatformError, type PersonWrite, type PlatformClient, type RemotePerson } from '../../src/modules/integrations/platform-client.js';
import { PLATFORM_HTTP_DEFAULTS } from '../../src/modules/integrations/platform-http.js';
import { startFakeHubSpot, type FakeHubSpot, type FakeHubSpotOptions } from '../support/fakes/hubspot.js';

// The HubSpot client against the local fake. One virtual clock drives both: the client's sleeps move
// it (so waits cost no real time) and the fake's rate limits and lastmodifieddate read it.

let clock = 0;
let fake: FakeHubSpot;
let client: PlatformClient;

const http = { ...PLATFORM_HTTP_DEFAULTS, backoffMs: 1, sleep: (ms: number) => Promise.resolve(void (clock += ms)), now: () => clock };

const start = async (options: FakeHubSpotOptions = {}) => {
  await fake?.close();
  fake = await startFakeHubSpot({ now: () => new Date(clock), ...options });
  client = hubspotClient({ apiUrl: fake.url, token: fake.accessToken, http });
};

beforeEach(async () => {
  clock = Date.parse('2026-06-01T12:00:00.000Z');
  await start();
});
afterEach(async () => {
  await fake.close();
});

const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
  try {
    await promise;
  } catch (caught) {
    if (caught instanceof PlatformError) return caught;
    throw caught;
  }
  throw new Error('expected a PlatformError');
};

const readAll = async (changedSince: Date | null) => {
  const people: RemotePerson[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.people('contacts', { cursor, changedSince });
    people.push(...page.people);
    cursor = page.next;
    pages += 1;
  } while (cursor);
  return { people, pages };
};

const write = (email: string, extra: Partial<PersonWrite> = {}): PersonWrite => ({ email, firstName: '', lastName: '', fields: {}, status: 'subscribed', ...extra });

describe('HubSpot client: the account', () => {
  it('names the portal and keeps its id; a wrong or revoked token is unauthorized with HubSpot’s words, never the token', async () => {
    expect(await client.account()).toEqual({ name: `HubSpot portal ${fake.portalId}`, ref: String(fake.portalId) });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.accessToken}`);

    const wrong = await failure(hubspotClient({ apiUrl: fake.url, token: 'pat-na1-wrong', http }).account());
    expect(wrong.kind).toBe('unauthorized');
    expect(wrong.message).toMatch(/^Authentication credentials not found/);
    expect(wrong.message).not.toContain('pat-na1-wrong');

    fake.revoke();
    const revoked = await failure(client.people('contacts', { cursor: null, changedSince: null }));
    expect(revoked).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('offers one audience, all contacts, with its size; another audience id is not found', async () => {
    fake.seedAudience(42);
    expect(await client.audiences()).toEqual([{ id: 'contacts', name: 'All contacts', size: 42 }]);
    expect(await client.fieldNames('contacts')).toEqual(['company', 'phone', 'jobtitle', 'city', 'country']);
    expect((await failure(client.people('list-7', { cursor: null, changedSince: null }))).kind).toBe('not_found');
    expect(client.history).toBeNull();
    expect(client.webhooks).toBeNull();
    expect(client.campaigns).toBeNull();
  });
});

describe('HubSpot client: people', () => {
  it('pages through 2,500 contacts, each once, with statuses, names, dates and fields mapped', async () => {
    const seeded = fake.seedAudience(2500, { seed: 3, optOutShare: 0.2 });
    fake.changeContact(seeded[5]!.id, { hs_email_hard_bounce_reason_enum: 'UNKNOWN_USER', company: 'Acme', phone: '' });
    fake.addContact({ firstname: 'No address' });

    const { people, pages } = await readAll(null);
    expect(pages).toBe(26);
    expect(people).toHaveLength(2500);
    expect(new Set(people.map((person) => person.remoteId)).size).toBe(2500);
    const byId = new Map(people.map((person) => [person.remoteId, person]));
    for (const contact of seeded) {
      const person = byId.get(contact.id)!;
      expect(person.email).toBe(contact.properties.email);
      const expected = contact.id === seeded[5]!.id && contact.properties.hs_email_optout !== 'true' ? 'bounced' : contact.properties.hs_email_optout === 'true' ? 'unsubscribed' : 'subscribed';
      expect(person.status).toBe(expected);
    }
    const unsubscribed = people.filter((person) => person.status === 'unsubscribed').length;
    expect(unsubscribed).toBeGreaterThan(400);
    expect(unsubscribed).toBeLessThan(600);
    const fifth = byId.get(seeded[5]!.id)!;
    expect(fifth).toMatchObject({ firstName: seeded[5]!.properties.firstname, lastName: seeded[5]!.properties.lastname, fields: { company: 'Acme' }, tags: [], confirmedAt: null });
    expect(fifth.subscribedAt).toEqual(seeded[5]!.createdAt);
    expect(fifth.changedAt).toEqual(fake.findContact(seeded[5]!.id)!.updatedAt);
  });

  it('answers only the people changed since a moment (search on lastmodifieddate), searches paced 200 ms apart', async () => {
    const seeded = fake.seedAudience(300, { since: new Date('2026-01-01T00:00:00.000Z') });
    const mark = new Date(clock + 1);
    clock += 60_000;
    fake.changeContact(seeded[10]!.id, { firstname: 'Changed' });
    fake.changeSubscription(seeded[20]!.properties.email!, 'all', 'NOT_SUBSCRIBED');
    fake.addContact({ email: 'Fresh@Example.com', company: 'Fresh Ltd' });

    const before = clock;
    const { people } = await readAll(mark);
    expect(people.map((person) => person.email).sort()).toEqual([seeded[10]!.properties.email, seeded[20]!.properties.email, 'fresh@example.com'].sort());
    expect(people.find((person) => person.remoteId === seeded[10]!.id)!.firstName).toBe('Changed');
    expect(people.find((person) => person.remoteId === seeded[20]!.id)!.status).toBe('unsubscribed');
    expect(people.find((person) => person.email === 'fresh@example.com')!.fields).toEqual({ company: 'Fresh Ltd' });
    const searched = fake.requests.filter((request) => request.path.endsWith('/search'));
    expect(searched.at(-1)!.body).toMatchObject({ filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(mark.getTime()) }] }], sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }], limit: 200 });

    // Three searches in a row wait for each other (HubSpot's search allows 5 a second and sends no headers).
    await client.audiences();
    await client.audiences();
    expect(clock - before).toBeGreaterThanOrEqual(400);
  });

  it('starts a new search at the last time seen when one reaches HubSpot’s 10,000 results', async () => {
    const seeded = fake.seedAudience(10_250, { since: new Date('2025-06-01T00:00:00.000Z') });
    const { people, pages } = await readAll(new Date('2025-01-01T00:00:00.000Z'));
    const unique = new Set(people.map((person) => person.remoteId));
    expect(unique.size).toBe(10_250);
    expect(seeded.every((contact) => unique.has(contact.id))).toBe(true);
    expect(pages).toBeGreaterThan(50);
    const restarted = fake.requests.filter((request) => request.path.endsWith('/search') && !(request.body as { after?: string }).after);
    expect(restarted).toHaveLength(2);
  });
});

describe('HubSpot client: writing people', () => {
  it('creates, then updates by email; an unknown property is refused with HubSpot’s message', async () => {
    const created = await client.upsert('contacts', write('Ada@Example.com', { firstName: 'Ada', fields: { company: 'Analytical' } }));
    expect(fake.findContact('ada@example.com')).toMatchObject({ id: created.remoteId, properties: { email: 'ada@example.com', firstname: 'Ada', company: 'Analytical' } });

    clock += 1000;
    const updated = await client.upsert('contacts', write('ada@example.com', { lastName: 'Lovelace' }));
    expect(updated.remoteId).toBe(created.remoteId);
    expect(fake.findContact('ada@example.com')!.properties).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });

    const refused = await failure(client.upsert('contacts', write('ada@example.com', { fields: { favourite_colour: 'green' } })));
    expect(refused).toMatchObject({ kind: 'refused', status: 400, message: 'Property values were not valid: Property "favourite_colour" does not exist' });
  });

  it('refuses to subscribe someone opted out of all email, and in a batch refuses only the bad one', async () => {
    fake.addContact({ email: 'gone@example.com' });
    fake.changeSubscription('gone@example.com', 'all', 'NOT_SUBSCRIBED');
    const results = await client.upsertMany('contacts', [
      write('one@example.com', { firstName: 'One' }),
      write('gone@example.com', { firstName: 'Back' }),
      write('bad@example.com', { fields: { shoe_size: '42' } }),
      write('two@example.com', { firstName: 'Two' }),
    ]);
    expect(results[0]).toEqual({ remoteId: fake.findContact('one@example.com')!.id });
    expect(results[1]).toMatchObject({ kind: 'refused', message: 'gone@example.com has opted out of all email in HubSpot; only they can subscribe again.' });
    expect(results[2]).toMatchObject({ kind: 'refused', message: expect.stringContaining('"shoe_size" does not exist') });
    expect(results[3]).toEqual({ remoteId: fake.findContact('two@example.com')!.id });
    expect(fake.findContact('gone@example.com')!.properties.firstname).toBeUndefined();
    expect(fake.findContact('bad@example.com')).toBeUndefined();
  });

  it('opts a person out of all email (v4 unsubscribe-all), a contact who never chose a type too; it reads back as unsubscribed', async () => {
    // Sam never chose an email type: v3 reads every type NOT_SUBSCRIBED, so a per-type opt-out wrote nothing.
    fake.addContact({ email: 'sam@example.com', firstname: 'Sam' });
    clock += 60_000;
    const result = await client.upsert('contacts', write('Sam@example.com', { status: 'unsubscribed' }));
    expect(result.remoteId).toBe(fake.findContact('sam@example.com')!.id);
    const unsubscribes = fake.requests.filter((request) => request.path.includes('/unsubscribe'));
    expect(unsubscribes.map((request) => [request.method, request.path, request.query.get('channel')])).toEqual([
      ['POST', '/communication-preferences/v4/statuses/sam%40example.com/unsubscribe-all', 'EMAIL'],
    ]);
    expect(fake.findContact('sam@example.com')!.properties.hs_email_optout).toBe('true');
    // The next poll of changes reads the opt-out on the contact.
    const { people } = await readAll(new Date(clock - 1_000));
    expect(people.find((person) => person.email === 'sam@example.com')).toMatchObject({ status: 'unsubscribed' });

    // Again: no refusal, one more call and nothing else.
    await client.upsert('contacts', write('sam@example.com', { status: 'bounced' }));
    expect(fake.requests.filter((request) => request.path.includes('/unsubscribe'))).toHaveLength(2);
    expect(fake.requests.filter((request) => request.path.startsWith('/communication-preferences/v3/'))).toEqual([]);
  });

  it('the fake answers unsubscribe-all as documented: verbose statuses, the wide status read back, a 4xx for an unknown or bad address', async () => {
    fake.addContact({ email: 'ana@example.com' });
    const headers = { authorization: `Bearer ${fake.accessToken}` };
    const before = fake.findContact('ana@example.com')!.updatedAt.getTime();
    clock += 5_000;
    const first = await fetch(`${fake.url}/communication-preferences/v4/statuses/ana%40example.com/unsubscribe-all?channel=EMAIL&verbose=true`, { method: 'POST', headers });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { status: string; results: Array<{ status: string; subscriptionId: number; setStatusSuccessReason: string }> };
    expect(answer.status).toBe('COMPLETE');
    expect(answer.results.map((entry) => [entry.subscriptionId, entry.status, entry.setStatusSuccessReason])).toEqual([
      [1001, 'UNSUBSCRIBED', 'UNSUBSCRIBE_FROM_ALL_OCCURRED'],
      [1002, 'UNSUBSCRIBED', 'UNSUBSCRIBE_FROM_ALL_OCCURRED'],
    ]);
    expect(fake.findContact('ana@example.com')!.updatedAt.getTime()).toBeGreaterThan(before);
    const wide = (await (await fetch(`${fake.url}/communication-preferences/v4/statuses/ana%40example.com/unsubscribe-all?channel=EMAIL`, { headers })).json()) as { results: Array<{ status: string; wideStatusType: string }> };
    expect(wide.results).toEqual([expect.objectContaining({ status: 'UNSUBSCRIBED', wideStatusType: 'PORTAL_WIDE' })]);
    const quiet = (await (await fetch(`${fake.url}/communication-preferences/v4/statuses/ana%40example.com/unsubscribe-all?channel=EMAIL`, { method: 'POST', headers })).json()) as { results: unknown[] };
    expect(quiet.results).toEqual([]);

    const unknown = await fetch(`${fake.url}/communication-preferences/v4/statuses/ghost%40example.com/unsubscribe-all?channel=EMAIL`, { method: 'POST', headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
    expect((await fetch(`${fake.url}/communication-preferences/v4/statuses/not-an-address/unsubscribe-all?channel=EMAIL`, { method: 'POST', headers })).status).toBe(400);
    expect((await fetch(`${fake.url}/communication-preferences/v4/statuses/ana%40example.com/unsubscribe-all`, { method: 'POST', headers })).status).toBe(400);
  });
});

describe('HubSpot client: the way back and leaving a list (review findings 5, 12a)', () => {
  it('refuses pending without writing anything, and writes no opt-out for someone who only left the linked list', async () => {
    fake.addContact({ email: 'gone@example.com', firstname: 'Gone' });
    fake.changeSubscription('gone@example.com', '1001', 'NOT_SUBSCRIBED');
    const before = fake.requests.length;
    const refused = await failure(client.upsert('contacts', write('gone@example.com', { firstName: 'Back', status: 'pending' })));
    expect(refused.kind).toBe('refused');
    expect(fake.requests.slice(before).filter((request) => request.method !== 'GET' && !request.path.endsWith('/batch/read'))).toEqual([]);
    expect(fake.findContact('gone@example.com')!.properties.firstname).toBe('Gone');

    fake.addContact({ email: 'left@example.com' });
    fake.changeSubscription('left@example.com', '1001', 'SUBSCRIBED');
    const left = await client.upsert('contacts', write('left@example.com', { status: 'left' }));
    expect(left.remoteId).toBe(fake.findContact('left@example.com')!.id);
    expect(fake.state.subscriptions.get('left@example.com')!.get('1001')!.status).toBe('SUBSCRIBED');
    expect(fake.requests.filter((request) => request.path.includes('/unsubscribe'))).toEqual([]);
    expect(fake.findContact('left@example.com')!.properties.hs_email_optout).toBe('false');
  });
});

describe('HubSpot client: rate limits and failures', () => {
  it('waits out a 429 storm by the policy HubSpot names, and a search 429 by a second', async () => {
    fake.seedAudience(50);
    fake.script({ method: 'GET', pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'rate-limited', policy: 'TEN_SECONDLY_ROLLING' }, 3);
    const before = clock;
    const page = await client.people('contacts', { cursor: null, changedSince: null });
    expect(page.people).toHaveLength(50);
    expect(fake.requests).toHaveLength(4);
    expect(clock - before).toBeGreaterThanOrEqual(30_000);

    fake.script({ pathPrefix: '/crm/v3/objects/contacts/search' }, { kind: 'rate-limited', policy: 'SECONDLY' }, 2);
    const searchedAt = clock;
    expect((await client.people('contacts', { cursor: null, changedSince: new Date(0) })).people).toHaveLength(50);
    expect(clock - searchedAt).toBeGreaterThanOrEqual(2000);
  });

  it('paces itself by X-HubSpot-RateLimit-Remaining instead of spending 429s', async () => {
    await start({ burstLimit: 5 });
    fake.seedAudience(1000);
    const { people, pages } = await readAll(null);
    expect(people).toHaveLength(1000);
    // Ten pages, ten requests: the budget read 0 after the fifth and the client waited the interval.
    expect(pages).toBe(10);
    expect(fake.requests).toHaveLength(10);
  });

  it('answers rate_limited with the account’s midnight when the daily budget is spent, and retries a 5xx', async () => {
    await client.account(); // Europe/Berlin
    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'rate-limited', policy: 'DAILY' });
    const limited = await failure(client.people('contacts', { cursor: null, changedSince: null }));
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, message: 'You have reached your daily limit.' });
    expect(limited.retryAt!.toISOString()).toBe('2026-06-01T22:00:00.000Z');

    clock = Date.parse('2026-06-01T22:00:01.000Z');
    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'error', status: 502, message: 'Bad gateway' });
    expect((await client.people('contacts', { cursor: null, changedSince: null })).people).toEqual([]);

    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'error', status: 503, message: 'Down' }, 4);
    expect(await failure(client.people('contacts', { cursor: null, changedSince: null }))).toMatchObject({ kind: 'transient', message: 'Down' });

    // A token without a scope breaks the connection; another 403 is the portal's plan; a 404 is not found.
    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'error', status: 403, message: 'This app hasn\'t been granted all required scopes to make this call.', category: 'MISSING_SCOPES' });
    expect(await failure(client.upsert('contacts', write('x@example.com')))).toMatchObject({ kind: 'unauthorized', status: 403, message: 'This app hasn\'t been granted all required scopes to make this call.' });
    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'error', status: 403, message: 'This feature is not available on your subscription.', category: 'FORBIDDEN' });
    expect((await failure(client.people('contacts', { cursor: null, changedSince: null }))).kind).toBe('plan_limit');
    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'error', status: 404, message: 'Not found', category: 'OBJECT_NOT_FOUND' });
    expect((await failure(client.people('contacts', { cursor: null, changedSince: null }))).kind).toBe('not_found');
  });
});
