import { afterEach, describe, expect, it } from 'vitest';
import { beehiivClient, BEEHIIV_KEEPS_OPT_OUT, BEEHIIV_NO_TAG_AUDIENCE } from '../../src/modules/integrations/beehiiv/client.js';
import { PlatformError, type RemotePerson } from '../../src/modules/integrations/platform-client.js';
import { PLATFORM_HTTP_DEFAULTS, type PlatformHttpSettings } from '../../src/modules/integrations/platform-http.js';
import { startFakeBeehiiv, type FakeBeehiiv, type FakeBeehiivOptions } from '../support/fakes/beehiiv.js';

// The beehiiv client against the local fake: the key, publications as audiences, cursor paging, upserts that never
// reactivate an opt-out, the organisation's 180-a-minute budget, webhooks and Enterprise-only posts.

let fake: FakeBeehiiv | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

/** A clock both sides share: the client's sleeps move it instead of waiting. */
function clock(start = Date.parse('2026-03-01T10:00:00Z')) {
  const state = { at: start, slept: 0 };
  const http: PlatformHttpSettings = {
    ...PLATFORM_HTTP_DEFAULTS,
    backoffMs: 1,
    now: () => state.at,
    sleep: async (ms) => {
      state.at += ms;
      state.slept += ms;
    },
  };
  return { state, http, now: () => new Date(state.at) };
}

async function setup(options: FakeBeehiivOptions = {}, publicationId: string | null = 'seeded') {
  const time = clock();
  fake = await startFakeBeehiiv({ now: time.now, ...options });
  const client = beehiivClient({ apiUrl: fake.url, apiKey: fake.apiKey, publicationId: publicationId === 'seeded' ? fake.publicationId : publicationId, http: time.http });
  return { fake, client, time };
}

const caught = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as PlatformError;
  }
  throw new Error('expected a PlatformError');
};

describe('beehiiv client', () => {
  it('reads the account with the key, and a wrong or revoked key is unauthorized with beehiiv’s words', async () => {
    const { fake: beehiiv, client, time } = await setup();
    expect(await client.account()).toEqual({ name: 'Postlark Weekly', ref: beehiiv.publicationId });
    const chosenless = beehiivClient({ apiUrl: beehiiv.url, apiKey: beehiiv.apiKey, publicationId: null, http: time.http });
    expect(await chosenless.account()).toEqual({ name: 'Postlark Weekly', ref: beehiiv.publicationId });

    const wrong = await caught(beehiivClient({ apiUrl: beehiiv.url, apiKey: 'not-the-key', publicationId: null, http: time.http }).account());
    expect(wrong).toMatchObject({ kind: 'unauthorized', status: 401, message: 'The API key is invalid or has been revoked' });
    expect(wrong.message).not.toContain('not-the-key');
    beehiiv.revoke();
    expect(await caught(client.account())).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(beehiiv.requests.at(-1)!.headers.authorization).toBe(`Bearer ${beehiiv.apiKey}`);
  });

  it('lists publications as audiences with their active size, their custom fields, and a missing one is not_found', async () => {
    const { fake: beehiiv, client } = await setup();
    const second = beehiiv.addPublication('Side Project');
    beehiiv.seedAudience(beehiiv.publicationId, 6, { inactiveShare: 0 });
    expect(await client.audiences()).toEqual([
      { id: beehiiv.publicationId, name: 'Postlark Weekly', size: 6 },
      { id: second.id, name: 'Side Project', size: 0 },
    ]);
    beehiiv.addCustomField(beehiiv.publicationId, 'Company');
    expect(await client.fieldNames(beehiiv.publicationId)).toEqual(['First Name', 'Last Name', 'Company']);
    expect(await caught(client.fieldNames('pub_00000000-0000-4000-8000-0000000000ff'))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('pages through 2,500 people once each, statuses and names mapped; changedSince reads everyone again (beehiiv has no filter) and shows a change made on beehiiv', async () => {
    const { fake: beehiiv, client } = await setup({ rateLimit: false });
    beehiiv.addCustomField(beehiiv.publicationId, 'Company');
    const seeded = beehiiv.seedAudience(beehiiv.publicationId, 2500, { seed: 3, inactiveShare: 0.1 });
    beehiiv.changeSubscription(beehiiv.publicationId, seeded[1]!.id, { status: 'invalid', customFields: { Company: 'Acme', 'First Name': 'Zoë' } });
    beehiiv.changeSubscription(beehiiv.publicationId, seeded[2]!.id, { status: 'validating' });

    const readAll = async (changedSince: Date | null) => {
      const people: RemotePerson[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await client.people(beehiiv.publicationId, { cursor, changedSince });
        people.push(...page.people);
        cursor = page.next;
        pages += 1;
      } while (cursor);
      return { people, pages };
    };
    const { people, pages } = await readAll(null);
    expect(pages).toBe(25);
    expect(people.map((person) => person.remoteId)).toEqual(seeded.map((sub) => sub.id));
    expect(new Set(people.map((person) => person.email)).size).toBe(2500);
    const byId = new Map(people.map((person) => [person.remoteId, person]));
    for (const sub of seeded.slice(3)) expect(byId.get(sub.id)!.status).toBe(sub.status === 'active' ? 'subscribed' : 'unsubscribed');
    expect(byId.get(seeded[1]!.id)).toMatchObject({ status: 'bounced', firstName: 'Zoë', fields: { Company: 'Acme' }, changedAt: null, confirmedAt: null });
    expect(byId.get(seeded[2]!.id)!.status).toBe('pending');
    const first = byId.get(seeded[0]!.id)!;
    expect(first).toMatchObject({ email: seeded[0]!.email, firstName: seeded[0]!.customFields['First Name'], lastName: seeded[0]!.customFields['Last Name'], fields: {}, tags: seeded[0]!.tags });
    expect(first.subscribedAt).toEqual(new Date(seeded[0]!.created * 1000));
    expect(beehiiv.requests.at(-1)!.query.getAll('expand[]')).toEqual(['custom_fields', 'tags']);
    expect(beehiiv.requests.at(-1)!.query.get('limit')).toBe('100');

    // Unsubscribed in beehiiv's UI (no event, no updated time): the next poll reads everyone and sees it.
    const changed = seeded[100]!;
    beehiiv.changeSubscription(beehiiv.publicationId, changed.id, { status: 'inactive' });
    const again = await readAll(new Date('2026-03-01T09:00:00Z'));
    expect(again.people).toHaveLength(2500);
    expect(again.people.find((person) => person.remoteId === changed.id)!.status).toBe('unsubscribed');
  });

  it('upserts: creates, updates fields and tags, never reactivates an opt-out (refused), and opts out', async () => {
    const { fake: beehiiv, client } = await setup();
    beehiiv.addCustomField(beehiiv.publicationId, 'Company');
    const publication = beehiiv.state.publications[0]!;
    const person = { email: 'Ada@Example.test', firstName: 'Ada', lastName: 'Lovelace', fields: { Company: 'Analytical', Unknown: 'dropped' }, status: 'subscribed' as const, tags: ['vip'] };
    const { remoteId } = await client.upsert(beehiiv.publicationId, person);
    const stored = () => publication.subscriptions.find((sub) => sub.id === remoteId)!;
    expect(stored()).toMatchObject({ email: 'ada@example.test', status: 'active', utm_source: 'postlark', customFields: { 'First Name': 'Ada', 'Last Name': 'Lovelace', Company: 'Analytical' }, tags: ['vip'] });
    const created = beehiiv.requests.find((request) => request.method === 'POST' && request.path.endsWith('/subscriptions'))!;
    expect(created.body).toMatchObject({ reactivate_existing: false, send_welcome_email: false });

    expect(await client.upsert(beehiiv.publicationId, { ...person, firstName: '', fields: { Company: 'Engines' }, tags: ['early'] })).toEqual({ remoteId });
    expect(stored()).toMatchObject({ status: 'active', customFields: { 'First Name': 'Ada', Company: 'Engines' }, tags: ['vip', 'early'] });

    // Opt-out write: PATCH unsubscribe.
    expect(await client.upsert(beehiiv.publicationId, { ...person, status: 'unsubscribed' })).toEqual({ remoteId });
    expect(stored().status).toBe('inactive');
    expect(beehiiv.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { unsubscribe: true } });
    // A new address opted out arrives inactive, without a confirmation email.
    const gone = await client.upsert(beehiiv.publicationId, { ...person, email: 'gone@example.test', status: 'complained' });
    expect(publication.subscriptions.find((sub) => sub.id === gone.remoteId)!.status).toBe('inactive');

    // Subscribing the opted-out address again: beehiiv keeps it inactive, and the client says so.
    const refused = await caught(client.upsert(beehiiv.publicationId, person));
    expect(refused).toMatchObject({ kind: 'refused', message: BEEHIIV_KEEPS_OPT_OUT });
    expect(stored().status).toBe('inactive');
    // beehiiv's own refusal (an invalid address) in its words; upsertMany goes on past it.
    const many = await client.upsertMany(beehiiv.publicationId, [{ ...person, email: 'not an email' }, { ...person, email: 'grace@example.test' }]);
    expect(many[0]).toBeInstanceOf(PlatformError);
    expect(many[0]).toMatchObject({ kind: 'refused', status: 400, message: 'Email is invalid' });
    expect(many[1]).toEqual({ remoteId: expect.stringMatching(/^sub_/) });
  });

  it('waits out the organisation budget by RateLimit-Reset, and a wait past maxWaitMs is rate_limited with retryAt', async () => {
    const { fake: beehiiv, client, time } = await setup({ rateLimit: { limit: 3 } });
    for (let index = 0; index < 7; index += 1) await client.account();
    // The budget read 0 after the third call: the client waited for the window's end instead of spending 429s.
    expect(beehiiv.requests.filter((request) => request.status === 429)).toHaveLength(0);
    expect(beehiiv.requests.filter((request) => request.status === 200)).toHaveLength(7);
    expect(time.state.slept).toBeGreaterThanOrEqual(60_000);

    beehiiv.script({ method: 'GET', path: '/publications' }, { kind: 'rate-limited', resetSeconds: 20 }, 2);
    const before = time.state.slept;
    await client.account();
    expect(beehiiv.requests.slice(-3).map((request) => request.status)).toEqual([429, 429, 200]);
    expect(time.state.slept - before).toBeGreaterThanOrEqual(20_000);

    beehiiv.script({ method: 'GET', path: '/publications' }, { kind: 'rate-limited', resetSeconds: 3600 }, 1);
    const limited = await caught(client.account());
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, message: 'Too many requests' });
    expect(limited.retryAt!.getTime()).toBeGreaterThanOrEqual(time.state.at + 3_500_000);
  });

  it('registers subscription webhooks with the secret in the URL, parses deliveries into notices, and removes them', async () => {
    const { fake: beehiiv, client } = await setup();
    const { id } = await client.webhooks!.register(beehiiv.publicationId, 'https://postlark.test/hooks/beehiiv/conn_1', 's3cret');
    const webhook = beehiiv.state.publications[0]!.webhooks[0]!;
    expect(webhook).toMatchObject({ id, url: 'https://postlark.test/hooks/beehiiv/conn_1?secret=s3cret', description: 'Postlark' });
    expect(webhook.event_types).toEqual(expect.arrayContaining(['subscription.created', 'subscription.confirmed', 'subscription.deleted']));

    const [sub] = beehiiv.seedAudience(beehiiv.publicationId, 1, { inactiveShare: 0 });
    const at = 1_772_359_200;
    const delivery = (eventType: string, data: unknown) => ({ uid: 'evt_1', event_timestamp: at, event_type: eventType, data });
    expect(client.webhooks!.parse(delivery('subscription.created', { id: sub!.id, email: sub!.email.toUpperCase(), status: 'active' }), {})).toEqual([{ email: sub!.email, kind: 'subscribed', at: new Date(at * 1000) }]);
    expect(client.webhooks!.parse(delivery('subscription.downgraded', { email: sub!.email, status: 'active' }), {})).toEqual([{ email: sub!.email, kind: 'changed', at: new Date(at * 1000) }]);
    expect(client.webhooks!.parse(delivery('subscription.deleted', { email: sub!.email, status: 'inactive' }), {})[0]!.kind).toBe('unsubscribed');
    expect(client.webhooks!.parse(delivery('post.sent', { id: 'post_1' }), {})).toEqual([]);
    expect(client.webhooks!.parse('not json', {})).toEqual([]);

    await client.webhooks!.remove(beehiiv.publicationId, id);
    expect(beehiiv.state.publications[0]!.webhooks).toEqual([]);
    await client.webhooks!.remove(beehiiv.publicationId, id);
  });

  it('posts below Enterprise are plan_limit; on Enterprise a post is created, waited for while prepared, sent and reported', async () => {
    const { fake: beehiiv, client, time } = await setup({ retryAfterSeconds: 2, preparingPolls: 2 });
    const people = beehiiv.seedAudience(beehiiv.publicationId, 3, { inactiveShare: 0 });
    const draft = { title: 'Spring picks', subject: 'Your spring picks', preheader: 'Three things', fromName: 'Postlark', fromEmail: 'news@postlark.test', replyTo: 'hi@postlark.test', html: `<p>Hi ${client.campaigns!.mergeTag('email')}</p>`, tag: null };
    const refused = await caught(client.campaigns!.create(beehiiv.publicationId, draft));
    expect(refused).toMatchObject({ kind: 'plan_limit', status: 403, message: expect.stringContaining('Enterprise') });
    expect(beehiiv.state.publications[0]!.posts).toEqual([]);
    expect(await caught(client.campaigns!.create(beehiiv.publicationId, { ...draft, tag: 'split-a' }))).toMatchObject({ kind: 'refused', message: BEEHIIV_NO_TAG_AUDIENCE });

    beehiiv.setPlan('enterprise');
    await client.campaigns!.tag(beehiiv.publicationId, 'split-a', [people[0]!.email.toUpperCase(), people[1]!.email]);
    expect(beehiiv.state.publications[0]!.subscriptions.map((sub) => sub.tags.includes('split-a'))).toEqual([true, true, false]);

    const { id } = await client.campaigns!.create(beehiiv.publicationId, draft);
    // The campaign's id names its publication: `<publicationId>:<postId>`.
    const [publicationOfPost, postId] = id.split(':');
    expect(publicationOfPost).toBe(beehiiv.publicationId);
    expect(beehiiv.state.publications[0]!.posts[0]).toMatchObject({ id: postId, status: 'confirmed', subjectLine: 'Your spring picks', previewText: 'Three things', bodyContent: '<p>Hi {{email}}</p>' });
    const slept = time.state.slept;
    await client.campaigns!.send(id, null);
    expect(time.state.slept - slept).toBe(4000);
    beehiiv.recordEngagement(beehiiv.publicationId, postId!, people[0]!.email, { opens: 2, clicks: 1 });
    beehiiv.recordEngagement(beehiiv.publicationId, postId!, people[1]!.email, { unsubscribed: true, opens: 1 });
    beehiiv.recordEngagement(beehiiv.publicationId, postId!, people[2]!.email, { bounced: true });
    const report = await client.campaigns!.report(id);
    expect(report).toEqual({ status: 'sent', sent: 3, delivered: 2, uniqueOpens: 2, uniqueClicks: 1, bounces: 1, unsubscribes: 1, complaints: 0, sentAt: expect.any(Date) });
    expect(client.campaigns!.mergeTag('first_name')).toBeNull();
    expect(await caught(client.campaigns!.report('post_00000000-0000-4000-8000-0000000000ff'))).toMatchObject({ kind: 'not_found' });
  });

  it('refuses pending without writing anything, and unsubscribes someone who left the linked list (review findings 5, 12a)', async () => {
    const { fake: beehiiv, client } = await setup();
    const publication = beehiiv.state.publications[0]!;
    const person = { email: 'ada@example.test', firstName: 'Ada', lastName: '', fields: {}, status: 'subscribed' as const };
    const { remoteId } = await client.upsert(beehiiv.publicationId, person);
    await client.upsert(beehiiv.publicationId, { ...person, status: 'unsubscribed' });
    const before = beehiiv.requests.length;
    const refused = await caught(client.upsert(beehiiv.publicationId, { ...person, status: 'pending' }));
    expect([refused.kind, refused.message]).toEqual(['refused', BEEHIIV_KEEPS_OPT_OUT]);
    expect(beehiiv.requests.length).toBe(before);
    const left = await client.upsert(beehiiv.publicationId, { ...person, email: 'bo@example.test', status: 'left' });
    expect(publication.subscriptions.find((sub) => sub.id === left.remoteId)!.status).toBe('inactive');
    expect(publication.subscriptions.find((sub) => sub.id === remoteId)!.status).toBe('inactive');
  });

  it('sends and reports a post in the publication it was made in, not the key’s first one (review finding 1c)', async () => {
    const { fake: beehiiv, client } = await setup({ retryAfterSeconds: 1, preparingPolls: 0 });
    beehiiv.setPlan('enterprise');
    const second = beehiiv.addPublication('Postlark Monthly');
    const people = beehiiv.seedAudience(second.id, 2, { inactiveShare: 0 });
    const draft = { title: 'Monthly', subject: 'This month', preheader: '', fromName: 'Postlark', fromEmail: 'news@postlark.test', replyTo: 'hi@postlark.test', html: '<p>Hi</p>', tag: null };
    const { id } = await client.campaigns!.create(second.id, draft);
    const postId = id.split(':')[1]!;
    expect(second.posts.map((post) => post.id)).toEqual([postId]);
    await client.campaigns!.send(id, null);
    beehiiv.recordEngagement(second.id, postId, people[0]!.email, { opens: 1 });
    expect(await client.campaigns!.report(id)).toMatchObject({ status: 'sent', sent: 2, uniqueOpens: 1 });
    // A post id stored before (bare) is still looked up in the connection's publication.
    const first = await client.campaigns!.create(beehiiv.publicationId, draft);
    expect(await client.campaigns!.report(first.id.split(':')[1]!)).toMatchObject({ sent: 0 });
  });
});
