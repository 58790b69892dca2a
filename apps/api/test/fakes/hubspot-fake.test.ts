import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@hubspot/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHubSpot, type FakeHubSpot, type HubSpotError } from '../support/fakes/hubspot.js';

// The HubSpot fake's contract: the CRM calls go through the official SDK's Client (basePath pointed at
// the fake, as the product's connection code will), which proves the fake speaks what the SDK sends and
// parses what it answers; the rest (headers, error bodies, communication preferences) through plain fetch.

/** The SDK's thrown error: HTTP status in `code`, the parsed HubSpot error body in `body`. */
interface SdkError {
  code: number;
  body: HubSpotError;
  headers: Record<string, string>;
}
const failure = async (promise: Promise<unknown>): Promise<SdkError> => {
  try {
    await promise;
  } catch (caught) {
    return caught as SdkError;
  }
  throw new Error('expected the call to fail');
};

let fake: FakeHubSpot;
let client: Client;
const clock = { now: new Date('2026-06-01T12:00:00.000Z') };

beforeEach(async () => {
  clock.now = new Date('2026-06-01T12:00:00.000Z');
  fake = await startFakeHubSpot({ now: () => clock.now });
  client = new Client({ accessToken: fake.accessToken, basePath: fake.url });
});
afterEach(async () => {
  await fake.close();
});

const call = (path: string, init: RequestInit = {}, token = fake.accessToken) =>
  fetch(`${fake.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });

describe('HubSpot fake: authentication and account', () => {
  it('answers the account details to the right token and HubSpot’s 401 body to a wrong or revoked one', async () => {
    const details = await call('/account-info/v3/details');
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ portalId: fake.portalId, accountType: 'STANDARD', timeZone: expect.any(String), companyCurrency: 'EUR', uiDomain: 'app-eu1.hubspot.com', dataHostingLocation: 'eu1' });

    const wrong = await call('/account-info/v3/details', {}, 'pat-na1-other');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION', message: expect.stringMatching(/^Authentication credentials not found/), correlationId: expect.any(String) });

    fake.revoke();
    const revoked = await failure(client.crm.contacts.basicApi.getPage(10));
    expect(revoked.code).toBe(401);
    expect(revoked.body.category).toBe('INVALID_AUTHENTICATION');
  });
});

describe('HubSpot fake: contacts through the SDK', () => {
  it('pages the whole audience with the after cursor (limit ≤ 100) and refuses a bigger page', async () => {
    const seeded = fake.seedAudience(250, { seed: 7, optOutShare: 0.2 });
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await client.crm.contacts.basicApi.getPage(100, after, ['email', 'firstname', 'lastname', 'hs_email_optout']);
      pages += 1;
      for (const contact of page.results) seen.push(contact.properties.email!);
      expect(page.results[0]!.createdAt).toBeInstanceOf(Date);
      after = page.paging?.next?.after;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(seeded.map((contact) => contact.properties.email));
    // The opt-out share is deterministic and readable as hs_email_optout.
    const optedOut = seeded.filter((contact) => contact.properties.hs_email_optout === 'true').length;
    expect(optedOut).toBeGreaterThan(25);
    expect(optedOut).toBeLessThan(75);
    expect(fake.seedAudience(1, { seed: 7 })[0]!.properties.firstname).toBe(seeded[0]!.properties.firstname);

    const tooBig = await failure(client.crm.contacts.basicApi.getPage(101));
    expect(tooBig.code).toBe(400);
    expect(tooBig.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });

  it('creates, refuses a duplicate with 409 naming the existing id, reads by id and by email, updates and archives', async () => {
    const created = await client.crm.contacts.basicApi.create({ properties: { email: 'Ada@Example.com', firstname: 'Ada' }, associations: [] });
    expect(created.properties).toMatchObject({ email: 'ada@example.com', firstname: 'Ada', hs_object_id: created.id });

    const duplicate = await failure(client.crm.contacts.basicApi.create({ properties: { email: 'ada@example.com' }, associations: [] }));
    expect(duplicate.code).toBe(409);
    expect(duplicate.body).toMatchObject({ status: 'error', category: 'CONFLICT', message: `Contact already exists. Existing ID: ${created.id}` });

    const readOnly = await failure(client.crm.contacts.basicApi.create({ properties: { email: 'b@example.com', hs_email_optout: 'true' }, associations: [] }));
    expect(readOnly.code).toBe(400);
    expect(readOnly.body.message).toContain('READ_ONLY_VALUE');

    const byEmail = await client.crm.contacts.basicApi.getById('ada@example.com', ['email', 'firstname'], undefined, undefined, false, 'email');
    expect(byEmail.id).toBe(created.id);

    clock.now = new Date('2026-06-02T08:00:00.000Z');
    const updated = await client.crm.contacts.basicApi.update(created.id, { properties: { lastname: 'Lovelace' } });
    expect(updated.properties.lastname).toBe('Lovelace');
    expect(updated.updatedAt.toISOString()).toBe('2026-06-02T08:00:00.000Z');

    await client.crm.contacts.basicApi.archive(created.id);
    const gone = await failure(client.crm.contacts.basicApi.getById(created.id));
    expect(gone.code).toBe(404);
    const archived = await client.crm.contacts.basicApi.getPage(10, undefined, ['email'], undefined, undefined, true);
    expect(archived.results.map((contact) => contact.id)).toEqual([created.id]);
  });

  it('upserts by email in batches of at most 100 and reads a batch back, missing ids as a 207', async () => {
    fake.addContact({ email: 'old@example.com', firstname: 'Old' });
    const upserted = await client.crm.contacts.batchApi.upsert({
      inputs: [
        { idProperty: 'email', id: 'old@example.com', properties: { firstname: 'Renewed' } },
        { idProperty: 'email', id: 'new@example.com', properties: { firstname: 'New' } },
      ],
    });
    expect(upserted.status).toBe('COMPLETE');
    expect(upserted.results.map((result) => [result.properties.email, result._new])).toEqual([
      ['old@example.com', false],
      ['new@example.com', true],
    ]);
    expect(fake.findContact('old@example.com')!.properties.firstname).toBe('Renewed');

    const tooMany = await failure(client.crm.contacts.batchApi.upsert({ inputs: Array.from({ length: 101 }, (_, index) => ({ idProperty: 'email', id: `p${index}@example.com`, properties: {} })) }));
    expect(tooMany.code).toBe(400);
    expect(tooMany.body.category).toBe('VALIDATION_ERROR');

    const read = await client.crm.contacts.batchApi.read({ inputs: [{ id: 'new@example.com' }, { id: 'nobody@example.com' }], idProperty: 'email', properties: ['email', 'firstname'], propertiesWithHistory: [] });
    expect(read.results.map((result) => result.properties.firstname)).toEqual(['New']);
    expect('errors' in read && read.errors?.[0]).toMatchObject({ category: 'OBJECT_NOT_FOUND', context: { ids: ['nobody@example.com'] } });
  });

  it('finds what changed since a moment with the search endpoint (lastmodifieddate GTE), paged, capped at 10,000', async () => {
    fake.seedAudience(30, { since: new Date('2026-01-01T00:00:00.000Z') });
    const mark = clock.now.getTime();
    clock.now = new Date(mark + 60_000);
    fake.changeContact('105', { firstname: 'Changed' });
    fake.changeSubscription(fake.state.contacts.get('110')!.properties.email!, 'all', 'NOT_SUBSCRIBED');
    fake.addContact({ email: 'fresh@example.com' });

    const request = (after?: string) =>
      client.crm.contacts.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE' as never, value: String(mark) }] }],
        sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' } as never],
        properties: ['email', 'firstname', 'hs_email_optout'],
        limit: 2,
        ...(after ? { after } : {}),
      });
    const first = await request();
    expect(first.total).toBe(3);
    expect(first.paging?.next?.after).toBe('2');
    const second = await request(first.paging!.next!.after);
    const changed = [...first.results, ...second.results];
    expect(changed.map((contact) => contact.id).sort()).toEqual(['105', '110', fake.findContact('fresh@example.com')!.id].sort());
    expect(changed.find((contact) => contact.id === '110')!.properties.hs_email_optout).toBe('true');

    const pastCap = await failure(client.crm.contacts.searchApi.doSearch({ limit: 200, after: '9900' }));
    expect(pastCap.code).toBe(400);
    expect(pastCap.body.category).toBe('VALIDATION_ERROR');
  });
});

describe('HubSpot fake: rate limits', () => {
  it('sends the X-HubSpot-RateLimit headers on CRM answers (not on search) and HubSpot’s 429 past the 10-second budget', async () => {
    await fake.close();
    fake = await startFakeHubSpot({ burstLimit: 3, searchPerSecond: 2, now: () => clock.now });
    client = new Client({ accessToken: fake.accessToken, basePath: fake.url });

    const first = await call('/crm/v3/objects/contacts?limit=1');
    expect(first.headers.get('x-hubspot-ratelimit-max')).toBe('3');
    expect(first.headers.get('x-hubspot-ratelimit-remaining')).toBe('2');
    expect(first.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('10000');
    expect(first.headers.get('x-hubspot-ratelimit-daily')).toBe('650000');
    expect(first.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('649999');
    await call('/crm/v3/objects/contacts?limit=1');
    await call('/crm/v3/objects/contacts?limit=1');

    const limited = await failure(client.crm.contacts.basicApi.getPage(1));
    expect(limited.code).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING', message: 'You have reached your ten_secondly_rolling limit.', correlationId: expect.any(String) });
    expect(limited.headers['x-hubspot-ratelimit-remaining']).toBe('0');

    // The window rolls with the fake's clock.
    clock.now = new Date(clock.now.getTime() + 10_001);
    expect((await client.crm.contacts.basicApi.getPage(1)).results).toEqual([]);

    // Search: its own per-second budget, and no rate-limit headers.
    const search = () => call('/crm/v3/objects/contacts/search', { method: 'POST', body: JSON.stringify({ limit: 1 }) });
    const searched = await search();
    expect(searched.headers.get('x-hubspot-ratelimit-remaining')).toBeNull();
    expect(searched.headers.get('x-hubspot-correlation-id')).toEqual(expect.any(String));
    await search();
    const searchLimited = await search();
    expect(searchLimited.status).toBe(429);
    expect(await searchLimited.json()).toMatchObject({ policyName: 'SECONDLY', message: 'You have reached your secondly limit.' });
  });

  it('answers a DAILY 429 past the day’s budget (which the SDK does not retry) until midnight in the account’s time zone', async () => {
    await fake.close();
    clock.now = new Date('2026-06-01T21:00:00.000Z'); // 23:00 in Berlin
    fake = await startFakeHubSpot({ dailyLimit: 2, now: () => clock.now });
    client = new Client({ accessToken: fake.accessToken, basePath: fake.url, numberOfApiCallRetries: 3 });
    await client.crm.contacts.basicApi.getPage(1);
    await client.crm.contacts.basicApi.getPage(1);
    const before = fake.requests.length;
    const limited = await failure(client.crm.contacts.basicApi.getPage(1));
    expect(limited.body).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'DAILY' });
    expect(fake.requests.length - before).toBe(1);
    clock.now = new Date('2026-06-01T22:00:01.000Z'); // past midnight in Berlin
    const next = await call('/crm/v3/objects/contacts?limit=1');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('1');
  });

  it('plays a scripted storm, then answers normally; the SDK retries a 5xx itself when numberOfApiCallRetries > 1', async () => {
    fake.script({ method: 'GET', pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'rate-limited' }, 2);
    expect((await call('/crm/v3/objects/contacts')).status).toBe(429);
    expect((await call('/crm/v3/objects/contacts')).status).toBe(429);
    expect((await call('/crm/v3/objects/contacts')).status).toBe(200);

    // numberOfApiCallRetries counts attempts in all: 2 = one retry, 200 ms after a 5xx.
    const retrying = new Client({ accessToken: fake.accessToken, basePath: fake.url, numberOfApiCallRetries: 2 });
    fake.script({ pathPrefix: '/crm/v3/objects/contacts' }, { kind: 'error', status: 502, message: 'Bad gateway' });
    const before = fake.requests.length;
    const quietError = console.error;
    console.error = () => {};
    try {
      expect((await retrying.crm.contacts.basicApi.getPage(1)).results).toEqual([]);
    } finally {
      console.error = quietError;
    }
    expect(fake.requests.length - before).toBe(2);
  });
});

describe('HubSpot fake: subscriptions (opt-outs)', () => {
  it('reads definitions and statuses, unsubscribes, and refuses to resubscribe through the API', async () => {
    const contact = fake.addContact({ email: 'sam@example.com' });
    const definitions = await client.communicationPreferences.definitionApi.getPage();
    const marketing = definitions.subscriptionDefinitions[0]!;
    expect(marketing).toMatchObject({ id: '1001', isActive: true });

    const subscribed = await client.communicationPreferences.statusApi.subscribe({ emailAddress: 'sam@example.com', subscriptionId: marketing.id, legalBasis: 'CONSENT_WITH_NOTICE' as never, legalBasisExplanation: 'Signed up on our form' });
    expect(subscribed.status).toBe('SUBSCRIBED');

    const unsubscribed = await client.communicationPreferences.statusApi.unsubscribe({ emailAddress: 'sam@example.com', subscriptionId: marketing.id });
    expect(unsubscribed.status).toBe('NOT_SUBSCRIBED');
    const again = await failure(client.communicationPreferences.statusApi.subscribe({ emailAddress: 'sam@example.com', subscriptionId: marketing.id, legalBasis: 'CONSENT_WITH_NOTICE' as never }));
    expect(again.code).toBe(400);
    expect(again.body.category).toBe('VALIDATION_ERROR');

    // Opted out of all email in HubSpot (the person's own action): every type reads NOT_SUBSCRIBED, portal-wide.
    fake.changeSubscription('sam@example.com', 'all', 'NOT_SUBSCRIBED');
    const statuses = await client.communicationPreferences.statusApi.getEmailStatus('sam@example.com');
    expect(statuses.subscriptionStatuses.every((status) => status.status === 'NOT_SUBSCRIBED' && status.sourceOfStatus === 'PORTAL_WIDE_STATUS')).toBe(true);
    expect(fake.findContact(contact.id)!.properties.hs_email_optout).toBe('true');
  });
});

describe('HubSpot fake: webhooks', () => {
  it('posts HubSpot’s event array, signed v3, to a receiver and answers its status', async () => {
    const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/hubspot`;
    try {
      const status = await fake.fireWebhook(target, [{ subscriptionType: 'contact.propertyChange', objectId: 101, propertyName: 'hs_email_optout', propertyValue: 'true' }]);
      expect(status).toBe(204);
      const events = JSON.parse(received[0]!.body) as Array<Record<string, unknown>>;
      expect(events[0]).toMatchObject({ subscriptionType: 'contact.propertyChange', objectId: 101, portalId: fake.portalId, occurredAt: clock.now.getTime() });
      // The receiver checks it as HubSpot documents: base64 HMAC-SHA256(client secret, method + URI + body + timestamp).
      const expected = createHmac('sha256', 'fake-client-secret').update(`POST${target}${received[0]!.body}${String(clock.now.getTime())}`).digest('base64');
      expect(received[0]!.headers['x-hubspot-signature-v3']).toBe(expected);
      expect(received[0]!.headers['x-hubspot-request-timestamp']).toBe(String(clock.now.getTime()));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
