import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BREVO_KEEPS_OPT_OUT, brevoClient } from '../../src/modules/integrations/brevo/client';
import { PlatformError, type PlatformClient } from '../../src/modules/integrations/platform-client';
import { PLATFORM_HTTP_DEFAULTS } from '../../src/modules/integrations/platform-http';
import { type FakeBrevo, type FakeBrevoOptions, startFakeBrevo } from '../support/fakes/brevo';

// The Brevo client driven against the local fake: what it answers and what the fake then holds. The fake
// and the client share one clock that only the client's sleeps move, so waiting out a 429 or a spent
// budget takes no real time and shows as the clock having moved.

let fake: FakeBrevo;
let clock: Date;
let client: PlatformClient;

const http = { ...PLATFORM_HTTP_DEFAULTS, backoffMs: 1, sleep: async (ms: number) => void (clock = new Date(clock.getTime() + ms)), now: () => clock.getTime() };
const clientOf = (apiKey = fake.apiKey) => brevoClient({ apiUrl: fake.url, apiKey, http });

const start = async (options: FakeBrevoOptions = {}) => {
  await fake?.close();
  fake = await startFakeBrevo({ now: () => clock, ...options });
  client = clientOf();
};

const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

beforeEach(async () => {
  clock = new Date('2026-06-01T12:00:00.000Z');
  await start();
});

afterEach(async () => {
  await fake.close();
});

describe('Brevo client', () => {
  it('names the account, and a wrong or revoked key is unauthorized with Brevo’s message', async () => {
    expect(await client.account()).toEqual({ name: 'Example Shop', ref: 'owner@example.com' });
    expect(fake.requests.at(-1)?.headers['api-key']).toBe(fake.apiKey);

    const wrong = await failure(clientOf('xkeysib-wrong').account());
    expect([wrong.kind, wrong.message, wrong.status]).toEqual(['unauthorized', 'Key not found', 401]);
    expect(wrong.message).not.toContain('xkeysib');
    fake.revoke();
    expect((await failure(client.audiences())).kind).toBe('unauthorized');
  });

  it('lists the lists as audiences, pages 2,500 people once each with their statuses, and finds only what changed', async () => {
    const other = fake.addList('Other');
    const { list } = fake.seedAudience({ count: 2500, seed: 4, campaigns: 0, listName: 'Newsletter' });
    fake.changeContact('person4-1@example.com', { emailBlacklisted: true });
    fake.changeContact('person4-2@example.com', { listUnsubscribed: [list.id] });
    fake.changeContact('person4-3@example.com', { listUnsubscribed: [other.id], attributes: { COMPANY: 'Acme', AGE: 41, EMPTY: '' } });
    expect(await client.audiences()).toEqual([
      { id: String(other.id), name: 'Other', size: 0 },
      { id: String(list.id), name: 'Newsletter', size: 2499 },
    ]);
    expect(await client.fieldNames(String(list.id))).toEqual(expect.arrayContaining(['FIRSTNAME', 'LASTNAME', 'COMPANY']));

    const seen = new Map<string, Awaited<ReturnType<PlatformClient['people']>>['people'][number]>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.people(String(list.id), { cursor, changedSince: null });
      expect(page.total).toBe(2500);
      for (const person of page.people) {
        expect(seen.has(person.email)).toBe(false);
        seen.set(person.email, person);
      }
      cursor = page.next;
      pages++;
    } while (cursor);
    expect([seen.size, pages]).toEqual([2500, 5]);
    expect(fake.requests.filter((request) => request.path.endsWith('/contacts')).every((request) => request.query.get('limit') === '500' && request.query.get('sort') === 'asc')).toBe(true);
    expect(seen.get('person4-1@example.com')?.status).toBe('unsubscribed');
    expect(seen.get('person4-2@example.com')?.status).toBe('unsubscribed');
    const third = seen.get('person4-3@example.com')!;
    const stored = fake.contactByEmail(third.email)!;
    expect(third).toMatchObject({ remoteId: String(stored.id), status: 'subscribed', firstName: stored.attributes.FIRSTNAME, lastName: stored.attributes.LASTNAME, fields: { COMPANY: 'Acme', AGE: '41' }, tags: [], confirmedAt: null, changedAt: clock, subscribedAt: stored.createdAt });
    expect([...seen.values()].filter((person) => person.status === 'subscribed')).toHaveLength(2498);

    const since = new Date(clock.getTime() + 60_000);
    clock = new Date(clock.getTime() + 3_600_000);
    fake.changeContact('person4-77@example.com', { attributes: { FIRSTNAME: 'Changed' } });
    const changed = await client.people(String(list.id), { cursor: null, changedSince: since });
    expect(changed.people.map((person) => [person.email, person.firstName])).toEqual([['person4-77@example.com', 'Changed']]);
    expect(changed.next).toBeNull();
    expect((await failure(client.people('999', { cursor: null, changedSince: null }))).kind).toBe('not_found');
  });

  it('creates and updates a contact with updateEnabled, tells Brevo’s refusal, and writes opt-outs as the blocklist', async () => {
    const list = fake.addList('Newsletter');
    const created = await client.upsert(String(list.id), { email: 'Ana@Example.com', firstName: 'Ana', lastName: 'Lima', fields: { COMPANY: 'Acme' }, status: 'subscribed' });
    const ana = fake.contactByEmail('ana@example.com')!;
    expect(created).toEqual({ remoteId: String(ana.id) });
    expect(ana).toMatchObject({ listIds: [list.id], emailBlacklisted: false, attributes: { FIRSTNAME: 'Ana', LASTNAME: 'Lima', COMPANY: 'Acme' } });

    // Without updateEnabled Brevo refuses an existing address (duplicate_parameter): the client always sends it.
    expect(await client.upsert(String(list.id), { email: 'ana@example.com', firstName: 'Anna', lastName: 'Lima', fields: {}, status: 'subscribed' })).toEqual({ remoteId: String(ana.id) });
    expect(ana.attributes.FIRSTNAME).toBe('Anna');
    expect(fake.requests.filter((request) => request.method === 'POST' && request.path === '/v3/contacts').every((request) => (request.body as { updateEnabled?: boolean }).updateEnabled === true)).toBe(true);

    const refused = await failure(client.upsert(String(list.id), { email: 'not-an-address', firstName: '', lastName: '', fields: {}, status: 'subscribed' }));
    expect([refused.kind, refused.message, refused.status]).toEqual(['refused', 'Invalid email address', 400]);

    await client.upsert(String(list.id), { email: 'ana@example.com', firstName: 'Anna', lastName: 'Lima', fields: {}, status: 'unsubscribed' });
    expect(ana.emailBlacklisted).toBe(true);
    // A subscribed write never lifts Brevo's blocklist: an opt-out there wins.
    await client.upsert(String(list.id), { email: 'ana@example.com', firstName: 'Anna', lastName: 'Lima', fields: {}, status: 'subscribed' });
    expect(ana.emailBlacklisted).toBe(true);
    const bounced = await client.upsert(String(list.id), { email: 'gone@example.com', firstName: '', lastName: '', fields: {}, status: 'bounced' });
    expect(fake.contactByEmail('gone@example.com')).toMatchObject({ id: Number(bounced.remoteId), emailBlacklisted: true, listIds: [list.id] });

    const many = await client.upsertMany(String(list.id), [
      { email: 'ben@example.com', firstName: 'Ben', lastName: '', fields: {}, status: 'subscribed', tags: ['vip'] },
      { email: 'bad', firstName: '', lastName: '', fields: {}, status: 'subscribed' },
      { email: 'cleo@example.com', firstName: 'Cleo', lastName: '', fields: {}, status: 'complained' },
    ]);
    expect(many[0]).toEqual({ remoteId: String(fake.contactByEmail('ben@example.com')!.id) });
    expect(many[1]).toMatchObject({ kind: 'refused' });
    expect(fake.contactByEmail('cleo@example.com')?.emailBlacklisted).toBe(true);
    const vip = [...fake.state.lists.values()].find((item) => item.name === 'postlark:vip')!;
    expect(fake.contactByEmail('ben@example.com')?.listIds).toEqual([list.id, vip.id]);
  });

  it('takes no one back through the API (pending refused, nothing written), unlinks someone who left the list, and blocklists an opt-out whose attributes are refused (review findings 4, 5, 12a)', async () => {
    const list = fake.addList('Newsletter');
    fake.addContact({ email: 'out@example.com', attributes: { FIRSTNAME: 'Out' }, listIds: [list.id], emailBlacklisted: true });
    const before = fake.requests.length;
    const pending = await failure(client.upsert(String(list.id), { email: 'out@example.com', firstName: 'Out', lastName: '', fields: {}, status: 'pending' }));
    expect([pending.kind, pending.message]).toEqual(['refused', BREVO_KEEPS_OPT_OUT]);
    expect(fake.requests.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(fake.contactByEmail('out@example.com')).toMatchObject({ emailBlacklisted: true, listIds: [list.id] });

    const other = fake.addList('Other');
    fake.addContact({ email: 'left@example.com', listIds: [list.id, other.id] });
    const left = await client.upsert(String(list.id), { email: 'left@example.com', firstName: '', lastName: '', fields: {}, status: 'left' });
    expect(fake.contactByEmail('left@example.com')).toMatchObject({ id: Number(left.remoteId), emailBlacklisted: false, listIds: [other.id] });

    fake.addContact({ email: 'field@example.com', listIds: [list.id] });
    fake.script({ method: 'POST', path: '/contacts' }, { kind: 'error', status: 400, code: 'invalid_parameter', message: 'Invalid value for attribute BIRTHDAY' }, 1);
    const written = await client.upsert(String(list.id), { email: 'field@example.com', firstName: 'F', lastName: '', fields: { BIRTHDAY: 'soon' }, status: 'unsubscribed' });
    expect(written).toMatchObject({ fieldsRefused: 'Invalid value for attribute BIRTHDAY' });
    expect(fake.contactByEmail('field@example.com')).toMatchObject({ emailBlacklisted: true });
  });

  it('waits out a 429 storm and a spent budget by the reset header, and answers rate_limited past maxWaitMs', async () => {
    await start({ rateLimits: { contacts: { limit: 3, windowSeconds: 1 }, others: { limit: 100, windowSeconds: 3600 } } });
    fake.addList('Newsletter');
    const before = clock.getTime();
    fake.script({ method: 'GET', path: '/contacts/lists' }, { kind: 'rate-limited', resetSeconds: 30 }, 2);
    expect(await client.audiences()).toHaveLength(1);
    expect(clock.getTime() - before).toBeGreaterThanOrEqual(60_000);

    // Three a second: the client stops at remaining 0 and waits for the reset instead of spending a 429.
    const requestsBefore = fake.requests.length;
    const paced = clock.getTime();
    for (let index = 0; index < 7; index++) await client.fieldNames('1');
    expect(fake.requests.length - requestsBefore).toBe(7);
    expect(clock.getTime() - paced).toBeGreaterThanOrEqual(2000);

    fake.script({ path: '/account' }, { kind: 'rate-limited', resetSeconds: 120 }, 5);
    const limited = await failure(client.account());
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt?.getTime()).toBe(clock.getTime() + 120_000);
  });

  it('imports a contact’s campaign statistics a 90-day window at a time as email activities with their campaign', async () => {
    const { list, contacts, campaigns } = fake.seedAudience({ count: 12, seed: 5, campaigns: 4, months: 10 });
    const since = new Date(clock.getTime() - 365 * 86_400_000);
    const activities: NonNullable<Awaited<ReturnType<NonNullable<PlatformClient['history']>>>>['activities'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.history!(String(list.id), since, cursor);
      activities.push(...page.activities);
      cursor = page.next;
      pages++;
      expect(page.progress?.total).toBe(12);
    } while (cursor);
    // 12 contacts × 5 windows = 60 calls: more than one page, cut inside a contact's windows.
    expect(pages).toBe(2);
    const windows = fake.requests.filter((request) => request.path.endsWith('/campaignStats')).map((request) => [request.query.get('startDate'), request.query.get('endDate')]);
    expect(windows.slice(0, 5)).toEqual([['2025-06-01', '2025-08-30'], ['2025-08-31', '2025-11-29'], ['2025-11-30', '2026-02-28'], ['2026-03-01', '2026-05-30'], ['2026-05-31', '2026-06-01']]);
    expect(windows).toHaveLength(60);

    const byId = new Map(contacts.map((contact) => [contact.id, contact.email]));
    const expected = (kind: string) => fake.state.activity.filter((entry) => entry.kind === kind).map((entry) => `${byId.get(entry.contactId)} brevo:${entry.campaignId} ${entry.at.toISOString()}`).sort();
    const got = (kind: string) => activities.filter((activity) => activity.kind === kind).map((activity) => `${activity.email} ${activity.campaignRef} ${activity.at.toISOString()}`).sort();
    expect(got('delivered')).toEqual(expected('sent'));
    expect(got('opened')).toEqual(expected('opened'));
    expect(got('clicked')).toEqual(expected('clicked'));
    expect(got('opened').length).toBeGreaterThan(0);
    const names = new Map(campaigns.map((campaign) => [`brevo:${campaign.id}`, campaign.name]));
    expect(activities.every((activity) => activity.campaignName === names.get(activity.campaignRef))).toBe(true);
    expect(activities.find((activity) => activity.kind === 'clicked')?.url).toBe('https://example.com/offer');
    // Names are read once per campaign.
    expect(fake.requests.filter((request) => request.path.startsWith('/v3/emailCampaigns/'))).toHaveLength(4);
  });

  it('registers a marketing webhook with the secret as its Bearer token and reads Brevo’s payloads into notices', async () => {
    const { list, contacts, campaigns } = fake.seedAudience({ count: 3, seed: 9, campaigns: 1 });
    const url = 'http://127.0.0.1:9/hooks/brevo/abc';
    const { id } = await client.webhooks!.register(String(list.id), url, 's3cret');
    expect(fake.state.webhooks.get(Number(id))).toMatchObject({ url, type: 'marketing', auth: { type: 'bearer', token: 's3cret' }, events: expect.arrayContaining(['unsubscribed', 'hardBounce', 'spam', 'listAddition']) });

    clock = new Date('2026-06-02T08:00:00.000Z');
    await fake.fireWebhook('unsubscribed', { email: contacts[0]!.email, campaignId: campaigns[0]!.id });
    await fake.fireWebhook('hardBounce', { email: contacts[1]!.email, campaignId: campaigns[0]!.id });
    await fake.fireWebhook('spam', { email: contacts[2]!.email, campaignId: campaigns[0]!.id });
    await fake.fireWebhook('listAddition', { email: contacts[2]!.email, listIds: [list.id] });
    const notices = fake.state.webhookDeliveries.flatMap((delivery) => {
      expect(delivery.headers.authorization).toBe('Bearer s3cret');
      return client.webhooks!.parse(delivery.payload, delivery.headers);
    });
    expect(notices).toEqual([
      { email: contacts[0]!.email, kind: 'unsubscribed', at: clock },
      { email: contacts[1]!.email, kind: 'bounced', at: clock },
      { email: contacts[2]!.email, kind: 'complained', at: clock },
      { email: contacts[2]!.email, kind: 'subscribed', at: clock },
    ]);
    expect(client.webhooks!.parse({ event: 'opened', email: 'x@example.com', ts_event: 1 }, {})).toEqual([]);
    expect(client.webhooks!.parse('nonsense', {})).toEqual([]);

    await client.webhooks!.remove(String(list.id), id);
    expect(fake.state.webhooks.size).toBe(0);
    await client.webhooks!.remove(String(list.id), id);
  });

  it('sends a campaign to a tagged split as a list, refuses an unverified sender, and reads its report', async () => {
    const list = fake.addList('Customers');
    for (const [email, name] of [['ana@example.com', 'Ana'], ['ben@example.com', 'Ben'], ['cleo@example.com', 'Cleo']] as const) fake.addContact({ email, attributes: { FIRSTNAME: name }, listIds: [list.id] });
    const campaigns = client.campaigns!;
    expect([campaigns.mergeTag('first_name'), campaigns.mergeTag('email'), campaigns.mergeTag('attributes.company'), campaigns.mergeTag('unsubscribe_url')]).toEqual(['{{ contact.FIRSTNAME }}', '{{ contact.EMAIL }}', '{{ contact.COMPANY }}', null]);

    await campaigns.tag(String(list.id), 'split-a', ['ana@example.com', 'Ben@example.com']);
    await campaigns.tag(String(list.id), 'split-a', ['ana@example.com']);
    const split = [...fake.state.lists.values()].find((item) => item.name === 'postlark:split-a')!;
    expect([...fake.state.contacts.values()].filter((contact) => contact.listIds.includes(split.id)).map((contact) => contact.email)).toEqual(['ana@example.com', 'ben@example.com']);
    expect((await client.audiences()).map((audience) => audience.name)).toEqual(['Customers']);

    const draft = { title: 'June news', subject: 'Hi {{ contact.FIRSTNAME }}', preheader: 'Inside', fromName: 'Shop', fromEmail: 'news@example.com', replyTo: 'news@example.com', html: `<p>Hello ${campaigns.mergeTag('first_name')}</p>`, tag: 'split-a' };
    const refused = await failure(campaigns.create(String(list.id), { ...draft, fromEmail: 'unknown@example.com' }));
    expect([refused.kind, refused.message]).toEqual(['refused', 'Sender is invalid / inactive']);
    const { id } = await campaigns.create(String(list.id), draft);
    expect(fake.state.campaigns.get(Number(id))).toMatchObject({ name: 'June news', previewText: 'Inside', listIds: [split.id], status: 'draft' });
    expect(await campaigns.report(id)).toMatchObject({ status: 'draft', sent: 0, sentAt: null });

    await campaigns.send(id, null);
    expect(fake.state.sentMessages.map((message) => [message.email, message.html])).toEqual([['ana@example.com', '<p>Hello Ana</p>'], ['ben@example.com', '<p>Hello Ben</p>']]);
    fake.recordEngagement(Number(id), 'ana@example.com', { kind: 'opened' });
    fake.recordEngagement(Number(id), 'ana@example.com', { kind: 'clicked', url: 'https://example.com/a' });
    fake.recordEngagement(Number(id), 'ben@example.com', { kind: 'unsubscribed' });
    expect(await campaigns.report(id)).toEqual({ status: 'sent', sent: 2, delivered: 2, uniqueOpens: 1, uniqueClicks: 1, bounces: 0, unsubscribes: 1, complaints: 0, sentAt: clock });
    expect((await failure(campaigns.report('999'))).kind).toBe('not_found');
  });

  it('says plainly when the account lacks the credits to send', async () => {
    await start({ emailCredits: 1 });
    const { list } = fake.seedAudience({ count: 2, campaigns: 0 });
    const { id } = await client.campaigns!.create(String(list.id), { title: 'Big', subject: 'S', preheader: '', fromName: 'N', fromEmail: 'news@example.com', replyTo: 'news@example.com', html: '<p>x</p>', tag: null });
    const error = await failure(client.campaigns!.send(id, null));
    expect([error.kind, error.status]).toEqual(['plan_limit', 402]);
    expect(fake.state.sentMessages).toHaveLength(0);
  });
});
