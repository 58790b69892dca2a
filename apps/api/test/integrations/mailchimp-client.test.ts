import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailchimpClient } from '../../src/modules/integrations/mailchimp/client';
import { authorizeUrl, dataCentreOfKey, exchangeCode, mailchimpApiUrl, metadata } from '../../src/modules/integrations/mailchimp/oauth';
import { type HistoryActivity, type PlatformClient, PlatformError, type RemotePerson } from '../../src/modules/integrations/platform-client';
import { PLATFORM_HTTP_DEFAULTS, type PlatformHttpSettings } from '../../src/modules/integrations/platform-http';
import { eventually } from '../support/eventually';
import { type FakeMailchimp, startFakeMailchimp } from '../support/fakes/mailchimp';
import { useHookReceiver } from '../support/hook-receiver';

// The Mailchimp client driven against the local fake: OAuth and its metadata quirk, keys revoked,
// paging and the change cursor, upserts and the compliance refusal, the 10-connection pool and 429s,
// history from reports, webhooks, and a campaign created, sent and reported.

const fast: PlatformHttpSettings = { ...PLATFORM_HTTP_DEFAULTS, backoffMs: 1, sleep: () => new Promise((resolve) => setImmediate(resolve)) };

const receiver = useHookReceiver('/api/integrations/hooks/mailchimp/c1');

let clock = new Date('2026-06-01T10:07:00Z');
let fake: FakeMailchimp;
let client: PlatformClient;

const withKey = (key: string, http: PlatformHttpSettings = fast) => mailchimpClient({ apiUrl: fake.url, auth: { kind: 'api_key', secret: key }, http });
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as PlatformError);

beforeEach(async () => {
  clock = new Date('2026-06-01T10:07:00Z');
  fake = await startFakeMailchimp({ now: () => clock });
  client = withKey(fake.apiKey);
});
afterEach(async () => {
  await fake.close();
});

describe('Mailchimp client: connecting', () => {
  it('reads the account with a key, and answers unauthorized with Mailchimp’s words for a wrong or revoked key', async () => {
    expect(await client.account()).toEqual({ name: 'Fake Shop', ref: 'us18' });
    const wrong = await failure(withKey('0123456789abcdef0123456789abcdef-us18').account());
    expect(wrong).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(wrong!.message).toContain('API Key Invalid');
    fake.revoke();
    const revoked = await failure(client.audiences());
    expect(revoked).toMatchObject({ kind: 'unauthorized' });
    expect(revoked!.message).not.toContain(fake.apiKey);
  });

  it('runs OAuth: authorize, code for token, metadata for the data centre; a revoked token’s 200 invalid_token is unauthorized', async () => {
    const redirect = 'https://postlark.test/api/integrations/mailchimp/callback';
    const authorize = await fetch(authorizeUrl(fake.url, fake.clientId, redirect, 'st4te'), { redirect: 'manual' });
    const location = new URL(authorize.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('st4te');
    const code = location.searchParams.get('code')!;
    const badSecret = await failure(exchangeCode(fake.url, { clientId: fake.clientId, clientSecret: 'nope', redirectUri: redirect, code }, fast));
    expect(badSecret).toMatchObject({ kind: 'unauthorized' });
    const token = await exchangeCode(fake.url, { clientId: fake.clientId, clientSecret: fake.clientSecret, redirectUri: redirect, code }, fast);
    expect(await metadata(fake.url, token, fast)).toEqual({ dc: 'us18', accountName: 'Fake Shop', loginEmail: 'owner@fake-shop.test' });
    const oauth = mailchimpClient({ apiUrl: mailchimpApiUrl(fake.url, 'us18'), auth: { kind: 'oauth', secret: token }, http: fast });
    expect((await oauth.account()).name).toBe('Fake Shop');
    fake.revoke();
    expect(await failure(metadata(fake.url, token, fast))).toMatchObject({ kind: 'unauthorized', message: expect.stringContaining('invalid_token') });
    expect(await failure(oauth.account())).toMatchObject({ kind: 'unauthorized' });
  });

  it('takes the data centre from a key only when it can go into a host name', () => {
    expect(dataCentreOfKey('0123456789abcdef0123456789abcdef-us18')).toBe('us18');
    expect(dataCentreOfKey('abc-def-us6')).toBe('us6');
    expect(dataCentreOfKey('0123456789abcdef')).toBeNull();
    expect(dataCentreOfKey('key-evil.example.com/x')).toBeNull();
    expect(dataCentreOfKey('key-')).toBeNull();
    expect(mailchimpApiUrl('https://{dc}.api.mailchimp.com', 'us18')).toBe('https://us18.api.mailchimp.com');
    expect(mailchimpApiUrl('http://127.0.0.1:9999', 'us18')).toBe('http://127.0.0.1:9999');
  });
});

describe('Mailchimp client: audiences and people', () => {
  it('lists audiences and their merge fields', async () => {
    const first = fake.createList('Newsletter');
    const second = fake.createList('Customers');
    fake.addMember(first, 'a@example.com');
    expect(await client.audiences()).toEqual([
      { id: first, name: 'Newsletter', size: 1 },
      { id: second, name: 'Customers', size: 0 },
    ]);
    expect(await client.fieldNames(first)).toEqual(['FNAME', 'LNAME', 'PHONE']);
  });

  it('pages through 2,500 people, each once with its status mapped, then reads only who changed since the cursor', async () => {
    const { listId } = fake.seedAudience({ count: 2500, seed: 7, campaigns: 0 });
    const people: RemotePerson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.people(listId, { cursor, changedSince: null });
      people.push(...page.people);
      expect(page.total).toBe(2500);
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(people.map((person) => person.email)).size).toBe(2500);
    expect(people).toHaveLength(2500);
    const stored = [...fake.state.lists.get(listId)!.members.values()];
    const expected = { subscribed: 'subscribed', unsubscribed: 'unsubscribed', cleaned: 'bounced', pending: 'pending' } as Record<string, string>;
    const byEmail = new Map(people.map((person) => [person.email, person]));
    for (const member of stored) expect(byEmail.get(member.email_address.toLowerCase())!.status).toBe(expected[member.status]);
    expect(people.filter((person) => person.status === 'bounced').length).toBe(stored.filter((member) => member.status === 'cleaned').length);
    const sample = byEmail.get(stored[0]!.email_address.toLowerCase())!;
    expect(sample).toMatchObject({ remoteId: stored[0]!.id, firstName: stored[0]!.merge_fields.FNAME, lastName: stored[0]!.merge_fields.LNAME, fields: {} });
    expect(sample.changedAt!.toISOString()).toBe(new Date(stored[0]!.last_changed).toISOString());
    const listing = fake.requests.filter((request) => request.path === `/3.0/lists/${listId}/members`);
    expect(listing.map((request) => request.query.offset)).toEqual(['0', '990', '1980']);
    expect(listing[0]!.query).toMatchObject({ count: '1000', sort_field: 'last_changed', sort_dir: 'ASC' });

    // A change on Mailchimp's side, and an archive: only those come back (the archive from its own listing).
    clock = new Date('2026-06-01T10:08:00Z');
    const subscribed = stored.filter((member) => member.status === 'subscribed');
    await fake.changeMember(listId, subscribed[0]!.email_address, { merge_fields: { FNAME: 'Changed', PHONE: '+44 20 7946 0000' } });
    await fetch(`${fake.url}/3.0/lists/${listId}/members/${subscribed[1]!.id}`, { method: 'DELETE', headers: { authorization: `Basic ${Buffer.from(`x:${fake.apiKey}`).toString('base64')}` } });
    const changed: RemotePerson[] = [];
    cursor = null;
    do {
      const page = await client.people(listId, { cursor, changedSince: new Date('2026-06-01T10:07:30Z') });
      changed.push(...page.people);
      cursor = page.next;
    } while (cursor);
    expect(changed.map((person) => [person.email, person.status])).toEqual([
      [subscribed[0]!.email_address.toLowerCase(), 'subscribed'],
      [subscribed[1]!.email_address.toLowerCase(), 'archived'],
    ]);
    expect(changed[0]).toMatchObject({ firstName: 'Changed', fields: { PHONE: '+44 20 7946 0000' } });
    // Asked a second earlier than the cursor: since_last_changed is strictly after, to the second.
    expect(fake.requests.at(-1)!.query).toMatchObject({ since_last_changed: '2026-06-01T10:07:29+00:00', status: 'archived' });
  });
});

describe('Mailchimp client: writes', () => {
  it('creates and updates a person, answers Mailchimp’s compliance refusal as refused, and writes opt-outs as unsubscribed', async () => {
    const listId = fake.createList();
    const created = await client.upsert(listId, { email: 'Pat@Example.com', firstName: 'Pat', lastName: 'Lee', fields: { PHONE: '555' }, status: 'subscribed', tags: ['vip'] });
    expect(created.remoteId).toBe(fake.hash('pat@example.com'));
    expect(fake.getMember(listId, 'pat@example.com')).toMatchObject({ status: 'subscribed', merge_fields: { FNAME: 'Pat', LNAME: 'Lee', PHONE: '555' } });
    await client.upsert(listId, { email: 'pat@example.com', firstName: 'Patricia', lastName: 'Lee', fields: {}, status: 'subscribed' });
    expect(fake.getMember(listId, 'pat@example.com')!.merge_fields.FNAME).toBe('Patricia');
    const [person] = (await client.people(listId, { cursor: null, changedSince: null })).people;
    expect(person).toMatchObject({ email: 'pat@example.com', firstName: 'Patricia', tags: ['vip'] });

    await fake.changeMember(listId, 'pat@example.com', { status: 'unsubscribed' });
    const refused = await failure(client.upsert(listId, { email: 'pat@example.com', firstName: 'Pat', lastName: '', fields: {}, status: 'subscribed' }));
    expect(refused).toMatchObject({ kind: 'refused', status: 400 });
    expect(refused!.message).toContain('Member In Compliance State');
    expect(fake.getMember(listId, 'pat@example.com')!.status).toBe('unsubscribed');

    const unknownField = await failure(client.upsert(listId, { email: 'kim@example.com', firstName: 'Kim', lastName: '', fields: { NOPE: 'x' }, status: 'subscribed' }));
    expect(unknownField).toMatchObject({ kind: 'refused', message: expect.stringContaining('NOPE') });

    fake.addMember(listId, 'sam@example.com');
    await client.upsert(listId, { email: 'sam@example.com', firstName: '', lastName: '', fields: {}, status: 'complained' });
    await client.upsert(listId, { email: 'new@example.com', firstName: '', lastName: '', fields: {}, status: 'bounced' });
    expect(fake.getMember(listId, 'sam@example.com')!.status).toBe('unsubscribed');
    expect(fake.getMember(listId, 'new@example.com')!.status).toBe('unsubscribed');
  });

  it('writes many at once through at most 10 connections, one result per person in order', async () => {
    const listId = fake.createList();
    fake.addMember(listId, 'gone@example.com', { status: 'unsubscribed' });
    fake.script({ method: 'PUT' }, { kind: 'slow', delayMs: 20 }, 40);
    const people = Array.from({ length: 30 }, (_, index) => ({ email: `p${index}@example.com`, firstName: `P${index}`, lastName: '', fields: {}, status: 'subscribed' as const }));
    people.splice(5, 0, { email: 'gone@example.com', firstName: '', lastName: '', fields: {}, status: 'subscribed' });
    // maxWaitMs 0: a 429 from an 11th connection would fail a write instead of being waited out.
    const results = await withKey(fake.apiKey, { ...fast, maxWaitMs: 0 }).upsertMany(listId, people);
    expect(results).toHaveLength(31);
    expect(results[5]).toBeInstanceOf(PlatformError);
    expect((results[5] as PlatformError).kind).toBe('refused');
    expect(results.filter((result) => !(result instanceof PlatformError))).toHaveLength(30);
    expect(results[6]).toEqual({ remoteId: fake.hash('p5@example.com') });
    expect(fake.state.lists.get(listId)!.members.size).toBe(31);
  });

  it('waits out a 429 storm, and answers rate_limited with a time to come back when it outlasts the wait', async () => {
    fake.createList('Newsletter');
    fake.script({ method: 'GET', path: '/3.0/lists' }, { kind: 'too-many-requests' }, 3);
    expect(await client.audiences()).toHaveLength(1);
    expect(fake.requests.filter((request) => request.path === '/3.0/lists')).toHaveLength(4);

    fake.script({ method: 'GET', path: '/3.0/lists' }, { kind: 'too-many-requests' }, 100);
    const limited = await failure(withKey(fake.apiKey, { ...fast, maxWaitMs: 5 }).audiences());
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, message: expect.stringContaining('Too Many Requests') });
    expect(limited!.retryAt).toBeInstanceOf(Date);
  });
});

describe('Mailchimp client: history, webhooks and campaigns', () => {
  it('imports a year of sends, opens, clicks and bounces from the reports, with each campaign’s ref', async () => {
    const { listId, campaignIds } = fake.seedAudience({ count: 150, seed: 3, campaigns: 3 });
    const activities: HistoryActivity[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const page = await client.history!(listId, new Date('2025-06-01T00:00:00Z'), cursor);
      activities.push(...page.activities);
      cursor = page.next;
      if (++calls > 50) throw new Error('history does not end');
    } while (cursor);
    for (const id of campaignIds) {
      const campaign = fake.state.campaigns.get(id)!;
      const mine = activities.filter((activity) => activity.campaignRef === `mailchimp:${id}`);
      const bounced = [...campaign.activity.values()].filter((events) => events.some((event) => event.action === 'bounce')).length;
      expect(mine.filter((activity) => activity.kind === 'delivered')).toHaveLength(campaign.sentTo.length - bounced);
      const opens = [...campaign.activity.values()].flat().filter((event) => event.action === 'open').length;
      expect(mine.filter((activity) => activity.kind === 'opened')).toHaveLength(opens);
      expect(mine.filter((activity) => activity.kind === 'bounced')).toHaveLength(bounced);
      expect(mine[0]!.campaignName).toBe(campaign.settings.title);
    }
    const click = activities.find((activity) => activity.kind === 'clicked')!;
    expect(click.url).toMatch(/^https:\/\/fake-shop\.test\/offer\//);
    expect(activities.every((activity) => activity.email === activity.email.toLowerCase())).toBe(true);
  });

  it('registers a webhook without API changes, with the secret in its URL, and reads its form-encoded deliveries', async () => {
    const listId = fake.createList();
    fake.addMember(listId, 'Sam@Example.com');
    const hook = await client.webhooks!.register(listId, receiver.url, 's3cret');
    const stored = fake.state.lists.get(listId)!.webhooks.get(hook.id)!;
    expect(stored.sources).toEqual({ user: true, admin: true, api: false });
    expect(new URL(stored.url).searchParams.get('secret')).toBe('s3cret');
    expect(stored.events).toMatchObject({ unsubscribe: true, cleaned: true, profile: true, campaign: false });

    clock = new Date('2026-06-01T10:09:05Z');
    await fake.changeMember(listId, 'Sam@Example.com', { status: 'unsubscribed' });
    const post = await eventually(() => receiver.posts[0]);
    expect(client.webhooks!.parse(post.body, post.headers)).toEqual([{ email: 'sam@example.com', kind: 'unsubscribed', at: new Date('2026-06-01T10:09:05Z') }]);
    // As a form parser hands it over (flat keys), and a complaint, a cleaned address, a stranger's body.
    expect(client.webhooks!.parse({ type: 'unsubscribe', fired_at: '2026-06-01 10:10:00', 'data[email]': 'x@example.com', 'data[reason]': 'abuse' }, {})).toEqual([{ email: 'x@example.com', kind: 'complained', at: new Date('2026-06-01T10:10:00Z') }]);
    expect(client.webhooks!.parse({ type: 'cleaned', data: { email: 'y@example.com', reason: 'hard' } }, {})[0]).toMatchObject({ email: 'y@example.com', kind: 'bounced' });
    expect(client.webhooks!.parse({ hello: 'world' }, {})).toEqual([]);

    await client.webhooks!.remove(listId, hook.id);
    expect(fake.state.lists.get(listId)!.webhooks.size).toBe(0);
    await client.webhooks!.remove(listId, hook.id);
  });

  it('tags a split, creates a campaign for it, sends it and reads its report; schedules on the quarter-hour', async () => {
    const listId = fake.createList();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) fake.addMember(listId, email);
    const campaigns = client.campaigns!;
    await campaigns.tag(listId, 'postlark-ab-a', ['a@example.com', 'b@example.com']);
    // An address no longer in the audience is left out; the others keep their tag.
    await campaigns.tag(listId, 'postlark-other', ['stranger@example.com', 'c@example.com']);
    const segment = [...(fake.state.lists.get(listId)?.segments.values() ?? [])].find((entry) => entry.name === 'postlark-other');
    expect([...(segment?.members ?? [])]).toEqual([fake.hash('c@example.com')]);
    const draft = { title: 'Spring sale A', subject: 'Hello *|FNAME|*', preheader: 'Hi', fromName: 'Fake Shop', fromEmail: 'shop@example.com', replyTo: 'help@example.com', html: '<p>Hello *|FNAME|*</p>', tag: 'postlark-ab-a' };
    const { id } = await campaigns.create(listId, draft);
    expect(fake.state.campaigns.get(id)).toMatchObject({ html: draft.html, settings: { subject_line: draft.subject, title: draft.title, reply_to: 'shop@example.com' } });
    expect(await campaigns.report(id)).toMatchObject({ status: 'draft', sentAt: null });
    await campaigns.send(id, null);
    expect(fake.state.campaigns.get(id)!.sentTo.sort()).toEqual([fake.hash('a@example.com'), fake.hash('b@example.com')].sort());
    fake.recordActivity(id, 'a@example.com', { action: 'open' });
    fake.recordActivity(id, 'a@example.com', { action: 'click', url: 'https://shop.test/x' });
    fake.recordActivity(id, 'b@example.com', { action: 'bounce', type: 'hard' });
    expect(await campaigns.report(id)).toEqual({ status: 'sent', sent: 2, delivered: 1, uniqueOpens: 1, uniqueClicks: 1, bounces: 1, unsubscribes: 0, complaints: 0, sentAt: new Date('2026-06-01T10:07:00Z') });

    const later = await campaigns.create(listId, { ...draft, title: 'Later', tag: null });
    await campaigns.send(later.id, new Date('2026-06-01T11:07:12Z'));
    expect(fake.state.campaigns.get(later.id)).toMatchObject({ status: 'schedule', schedule_time: '2026-06-01T11:15:00+00:00' });
    expect((await campaigns.report(later.id)).status).toBe('scheduled');
    expect(await failure(campaigns.report('nope'))).toMatchObject({ kind: 'not_found' });
    expect(await failure(campaigns.send(id, null))).toMatchObject({ kind: 'refused', message: expect.stringContaining('already been sent') });

    expect(['email', 'first_name', 'last_name', 'attributes.COMPANY', 'attributes.company', 'unsubscribe_url'].map((field) => campaigns.mergeTag(field))).toEqual(['*|EMAIL|*', '*|FNAME|*', '*|LNAME|*', '*|COMPANY|*', null, null]);
  });
});
