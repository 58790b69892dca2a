import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { type FakeMailchimp, startFakeMailchimp } from '../support/fakes/mailchimp';
import { useHookReceiver } from '../support/hook-receiver';

// The Mailchimp fake driven with plain fetch the way the product will: OAuth and its metadata quirk,
// Basic-auth API keys, paging to the end with a change cursor, the upsert and its compliance refusal,
// webhooks (form-encoded, unsigned, API changes only with sources.api), campaigns sent and reported,
// and the 10-connection limit's 429.

const receiver = useHookReceiver('/hooks/mailchimp?secret=s3cret');

let clock = new Date('2026-06-01T10:07:00Z');
let fake: FakeMailchimp;
let basic: string;

beforeEach(async () => {
  clock = new Date('2026-06-01T10:07:00Z');
  fake = await startFakeMailchimp({ now: () => clock });
  basic = `Basic ${Buffer.from(`anystring:${fake.apiKey}`).toString('base64')}`;
});
afterEach(async () => {
  await fake.close();
});

/** The parts of Mailchimp's answers the assertions read directly (the rest is checked with toMatchObject). */
interface Answer {
  [key: string]: unknown;
  /** A campaign's id (string) or a segment's (number: passed through Number()). */
  id: string;
  status: unknown;
  total_items: number;
  members: Array<Record<string, unknown>>;
  merge_fields: Array<{ tag: string }>;
  tags: unknown;
  segments: Array<Record<string, unknown>>;
  campaigns: Array<{ id: string }>;
  emails: Array<{ email_address: string; activity: Array<{ action: string; timestamp: string }> }>;
  opens: { unique_opens: number };
  emails_sent: number;
}

const api = async (path: string, init: { method?: string; body?: unknown; auth?: string } = {}) => {
  const response = await fetch(`${fake.url}/3.0${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: init.auth ?? basic, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', json: (text ? JSON.parse(text) : null) as Answer };
};

describe('Mailchimp fake: connecting', () => {
  it('runs OAuth: authorize redirects with code and state, the token has expires_in 0 and scope null, metadata gives dc and api_endpoint', async () => {
    const redirect = 'https://postlark.test/api/integrations/mailchimp/callback';
    const authorize = await fetch(`${fake.url}/oauth2/authorize?response_type=code&client_id=${fake.clientId}&redirect_uri=${encodeURIComponent(redirect)}&state=xyz`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const location = new URL(authorize.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirect);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;

    const exchange = (form: Record<string, string>) =>
      fetch(`${fake.url}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const base = { grant_type: 'authorization_code', client_id: fake.clientId, redirect_uri: redirect, code };
    const wrongSecret = await exchange({ ...base, client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const token = await exchange({ ...base, client_secret: fake.clientSecret });
    expect(token.status).toBe(200);
    const tokenBody = (await token.json()) as { access_token: string; expires_in: number; scope: null };
    expect(tokenBody).toMatchObject({ expires_in: 0, scope: null });
    const reused = await exchange({ ...base, client_secret: fake.clientSecret });
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const metadata = await fetch(`${fake.url}/oauth2/metadata`, { headers: { authorization: `OAuth ${tokenBody.access_token}` } });
    expect(await metadata.json()).toMatchObject({ dc: 'us18', accountname: 'Fake Shop', api_endpoint: fake.url, login: { login_email: 'owner@fake-shop.test' } });
    // The token works on the API as a bearer.
    expect((await api('/', { auth: `Bearer ${tokenBody.access_token}` })).json).toMatchObject({ account_name: 'Fake Shop' });

    fake.revoke();
    const bad = await fetch(`${fake.url}/oauth2/metadata`, { headers: { authorization: `OAuth ${tokenBody.access_token}` } });
    expect(bad.status).toBe(200); // the quirk: 200 with an error field
    expect(await bad.json()).toEqual({ error: 'invalid_token' });
  });

  it('redirects with access_denied when the account owner denies', async () => {
    fake.state.oauthDecision = 'deny';
    const authorize = await fetch(`${fake.url}/oauth2/authorize?response_type=code&client_id=${fake.clientId}&redirect_uri=${encodeURIComponent('https://postlark.test/cb')}&state=s1`, { redirect: 'manual' });
    const location = new URL(authorize.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('answers ping and root with a key, and the real 401 problem once revoked or for the wrong key', async () => {
    expect(fake.apiKey).toMatch(/^[0-9a-f]{32}-us18$/);
    expect((await api('/ping')).json).toEqual({ health_status: "Everything's Chimpy!" });
    const wrong = await api('/ping', { auth: `Basic ${Buffer.from('x:0123456789abcdef0123456789abcdef-us18').toString('base64')}` });
    expect(wrong.status).toBe(401);
    expect(wrong.contentType).toContain('application/problem+json');
    expect(wrong.json).toMatchObject({ type: expect.any(String), title: 'API Key Invalid', status: 401, detail: expect.stringContaining('wrong datacenter'), instance: expect.any(String) });
    fake.revoke();
    expect((await api('/')).json).toMatchObject({ status: 401, title: 'API Key Invalid' });
  });
});

describe('Mailchimp fake: audiences and members', () => {
  it('pages an audience to the end, then reads only what changed since the cursor', async () => {
    const { listId } = fake.seedAudience({ count: 2500, seed: 7, campaigns: 0 });
    const lists = await api('/lists?count=10&offset=0');
    expect(lists.json).toMatchObject({ total_items: 1, lists: [{ id: listId, stats: { member_count: expect.any(Number) } }] });
    expect((await api(`/lists/${listId}/merge-fields`)).json.merge_fields.map((field) => field.tag)).toEqual(['FNAME', 'LNAME', 'PHONE']);
    expect((await api(`/lists/${listId}/members?count=1001`)).status).toBe(400);

    const seen = new Set<string>();
    let total = -1;
    for (let offset = 0; total < 0 || offset < total; offset += 1000) {
      const page = await api(`/lists/${listId}/members?count=1000&offset=${offset}&fields=members.id,members.email_address,members.status,members.last_changed,total_items`);
      total = page.json.total_items;
      for (const member of page.json.members) {
        expect(Object.keys(member).sort()).toEqual(['email_address', 'id', 'last_changed', 'status']);
        seen.add(String(member.id));
      }
    }
    expect(total).toBe(2500);
    expect(seen.size).toBe(2500);

    const cursor = '2026-06-01T10:07:00+00:00';
    clock = new Date('2026-06-01T10:08:00Z');
    const someone = fake.getMember(listId, [...fake.state.lists.get(listId)!.members.values()].find((member) => member.status === 'subscribed')!.email_address)!;
    await fake.changeMember(listId, someone.email_address, { merge_fields: { FNAME: 'Changed' } });
    const changed = await api(`/lists/${listId}/members?count=1000&since_last_changed=${encodeURIComponent(cursor)}`);
    expect(changed.json.total_items).toBe(1);
    expect(changed.json.members[0]).toMatchObject({ id: fake.hash(someone.email_address), merge_fields: { FNAME: 'Changed' }, last_changed: '2026-06-01T10:08:00+00:00' });
  });

  it('upserts with PUT, refuses a re-subscribe of an unsubscriber (pending allowed), refuses POST of an existing member, archives on DELETE', async () => {
    const listId = fake.createList();
    const hash = fake.hash('Pat@Example.com');
    const created = await api(`/lists/${listId}/members/${hash}`, { method: 'PUT', body: { email_address: 'Pat@Example.com', status_if_new: 'subscribed', merge_fields: { FNAME: 'Pat' } } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ id: hash, email_address: 'Pat@Example.com', status: 'subscribed', merge_fields: { FNAME: 'Pat' }, tags: [] });

    const exists = await api(`/lists/${listId}/members`, { method: 'POST', body: { email_address: 'pat@example.com', status: 'subscribed' } });
    expect(exists.json).toMatchObject({ status: 400, title: 'Member Exists' });

    await fake.changeMember(listId, 'pat@example.com', { status: 'unsubscribed' });
    const refused = await api(`/lists/${listId}/members/${hash}`, { method: 'PUT', body: { email_address: 'pat@example.com', status_if_new: 'subscribed', status: 'subscribed' } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ title: 'Member In Compliance State', detail: expect.stringContaining('compliance state') });
    expect(fake.getMember(listId, 'pat@example.com')!.status).toBe('unsubscribed');
    const pending = await api(`/lists/${listId}/members/${hash}`, { method: 'PATCH', body: { status: 'pending' } });
    expect(pending.json).toMatchObject({ status: 'pending' });

    const tagged = await api(`/lists/${listId}/members/${hash}/tags`, { method: 'POST', body: { tags: [{ name: 'postlark-ab-a', status: 'active' }] } });
    expect(tagged.status).toBe(204);
    expect((await api(`/lists/${listId}/members/${hash}`)).json.tags).toEqual([{ id: expect.any(Number), name: 'postlark-ab-a' }]);

    expect((await api(`/lists/${listId}/members/${hash}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/lists/${listId}/members/${hash}`)).json.status).toBe('archived');
    expect((await api(`/lists/${listId}/members`)).json.total_items).toBe(0);
    expect((await api(`/lists/${listId}/members?status=archived`)).json.total_items).toBe(1);
    // Archived, a member keeps its compliance state: still no way back as subscribed.
    await fake.changeMember(listId, 'pat@example.com', { status: 'unsubscribed' });
    fake.getMember(listId, 'pat@example.com')!.statusBeforeArchive = 'unsubscribed';
    fake.getMember(listId, 'pat@example.com')!.status = 'archived';
    expect((await api(`/lists/${listId}/members/${hash}`, { method: 'PUT', body: { email_address: 'pat@example.com', status_if_new: 'subscribed' } })).json).toMatchObject({ title: 'Member In Compliance State' });
    expect((await api(`/lists/${listId}/members/${hash}/actions/delete-permanent`, { method: 'POST' })).status).toBe(204);
    expect((await api(`/lists/${listId}/members/${hash}`)).status).toBe(404);
    const forgotten = await api(`/lists/${listId}/members`, { method: 'POST', body: { email_address: 'pat@example.com', status: 'subscribed' } });
    expect(forgotten.json).toMatchObject({ status: 400, title: 'Forgotten Email Not Subscribed' });
  });

  it('restores an archived subscriber through PUT with status_if_new', async () => {
    const listId = fake.createList();
    fake.addMember(listId, 'kim@example.com');
    const hash = fake.hash('kim@example.com');
    await api(`/lists/${listId}/members/${hash}`, { method: 'DELETE' });
    const back = await api(`/lists/${listId}/members/${hash}`, { method: 'PUT', body: { email_address: 'kim@example.com', status_if_new: 'subscribed' } });
    expect(back.json).toMatchObject({ status: 'subscribed' });
  });

  it('makes a static segment from addresses and adds a member to it', async () => {
    const listId = fake.createList();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) fake.addMember(listId, email);
    const segment = await api(`/lists/${listId}/segments`, { method: 'POST', body: { name: 'Postlark: winners', static_segment: ['a@example.com', 'nobody@example.com'] } });
    expect(segment.json).toMatchObject({ name: 'Postlark: winners', member_count: 1, type: 'static' });
    await api(`/lists/${listId}/segments/${segment.json.id}/members`, { method: 'POST', body: { email_address: 'b@example.com' } });
    expect((await api(`/lists/${listId}/segments`)).json.segments[0]).toMatchObject({ id: segment.json.id, member_count: 2 });
  });
});

describe('Mailchimp fake: webhooks', () => {
  it('checks the URL with a GET, posts form-encoded unsigned bodies, and fires for API changes only with sources.api', async () => {
    const listId = fake.createList();
    fake.addMember(listId, 'sam@example.com', { merge_fields: { FNAME: 'Sam', LNAME: 'Lee', PHONE: '' } });
    receiver.getStatus = 404;
    const refused = await api(`/lists/${listId}/webhooks`, { method: 'POST', body: { url: receiver.url, events: { unsubscribe: true }, sources: { user: true, admin: true, api: false } } });
    expect(refused.status).toBe(400);
    receiver.getStatus = 200;
    const hook = await api(`/lists/${listId}/webhooks`, { method: 'POST', body: { url: receiver.url, events: { subscribe: true, unsubscribe: true, profile: true, cleaned: true, upemail: true, campaign: false }, sources: { user: true, admin: true, api: false } } });
    expect(hook.json).toMatchObject({ url: receiver.url, sources: { api: false } });
    expect(receiver.gets).toBe(2);

    clock = new Date('2026-06-01T10:09:05Z');
    await fake.changeMember(listId, 'sam@example.com', { status: 'unsubscribed' });
    expect(receiver.posts).toHaveLength(1);
    const post = receiver.posts[0]!;
    expect(post.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(post.headers).filter((name) => name.includes('signature'))).toEqual([]);
    const form = new URLSearchParams(post.body);
    expect(form.get('type')).toBe('unsubscribe');
    expect(form.get('fired_at')).toBe('2026-06-01 10:09:05');
    expect(form.get('data[email]')).toBe('sam@example.com');
    expect(form.get('data[list_id]')).toBe(listId);
    expect(form.get('data[merges][FNAME]')).toBe('Sam');
    expect(form.get('data[action]')).toBe('unsub');
    expect(form.get('data[reason]')).toBe('manual');

    // Our own API write does not come back (sources.api is off)...
    await api(`/lists/${listId}/members/${fake.hash('sam@example.com')}`, { method: 'PATCH', body: { merge_fields: { FNAME: 'Samuel' } } });
    // ...but a replay fired on purpose does.
    expect(await fake.fireWebhook({ listId, type: 'profile', email: 'sam@example.com' })).toBe(200);
    expect(receiver.posts.map((entry) => new URLSearchParams(entry.body).get('type'))).toEqual(['unsubscribe', 'profile']);

    await fake.changeMember(listId, 'sam@example.com', { newEmail: 'sam.lee@example.com' });
    const upemail = new URLSearchParams(receiver.posts.at(-1)!.body);
    expect([upemail.get('type'), upemail.get('data[old_email]'), upemail.get('data[new_email]')]).toEqual(['upemail', 'sam@example.com', 'sam.lee@example.com']);
    expect((await api(`/lists/${listId}/members/${fake.hash('sam.lee@example.com')}`)).json).toMatchObject({ email_address: 'sam.lee@example.com' });

    await api(`/lists/${listId}/webhooks/${hook.json.id}`, { method: 'DELETE' });
    expect((await api(`/lists/${listId}/webhooks`)).json.total_items).toBe(0);
  });

  it('fires for API changes when sources.api is on', async () => {
    const listId = fake.createList();
    await api(`/lists/${listId}/webhooks`, { method: 'POST', body: { url: receiver.url, events: { subscribe: true }, sources: { user: true, admin: true, api: true } } });
    await api(`/lists/${listId}/members`, { method: 'POST', body: { email_address: 'new@example.com', status: 'subscribed' } });
    const post = await eventually(() => receiver.posts[0]);
    expect(new URLSearchParams(post.body).get('type')).toBe('subscribe');
  });
});

describe('Mailchimp fake: campaigns and history', () => {
  it('seeds sent campaigns whose email activity pages to the end with person-specific open hours', async () => {
    const { listId, campaignIds, people } = fake.seedAudience({ count: 300, seed: 3, campaigns: 4 });
    const sent = await api(`/campaigns?status=sent&count=1000&since_send_time=${encodeURIComponent('2025-06-01T00:00:00+00:00')}`);
    expect(sent.json.total_items).toBe(4);
    expect(sent.json.campaigns.map((campaign) => campaign.id)).toEqual(campaignIds);
    const report = await api(`/reports/${campaignIds[0]}`);
    expect(report.json).toMatchObject({ list_id: listId, emails_sent: expect.any(Number), opens: { unique_opens: expect.any(Number) }, clicks: { clicks_total: expect.any(Number) }, bounces: { hard_bounces: expect.any(Number) } });
    expect(report.json.opens.unique_opens).toBeGreaterThan(0);

    const activity: Answer['emails'] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await api(`/reports/${campaignIds[0]}/email-activity?count=100&offset=${offset}`);
      activity.push(...page.json.emails);
      if (offset + 100 >= page.json.total_items) break;
    }
    expect(activity).toHaveLength(report.json.emails_sent);
    const byEmail = new Map(people.map((person) => [person.email, person.preferredHour]));
    const firstOpens = activity.flatMap((row) => row.activity.filter((event) => event.action === 'open').slice(0, 1).map((event) => ({ row, event })));
    expect(firstOpens.length).toBe(report.json.opens.unique_opens);
    for (const { row, event } of firstOpens) expect(new Date(event.timestamp).getUTCHours()).toBe(byEmail.get(row.email_address));
    // The same seed makes the same history.
    const again = await startFakeMailchimp({ now: () => clock });
    try {
      const second = again.seedAudience({ count: 300, seed: 3, campaigns: 4 });
      expect(second.people).toEqual(people);
    } finally {
      await again.close();
    }
  });

  it('creates, refuses an unready send, schedules on the quarter-hour only, sends and reports what recipients did', async () => {
    const listId = fake.createList();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) fake.addMember(listId, email);
    await fake.changeMember(listId, 'c@example.com', { status: 'unsubscribed' });
    const created = await api('/campaigns', { method: 'POST', body: { type: 'regular', recipients: { list_id: listId }, settings: { subject_line: 'Hello', preview_text: 'Hi', title: 'Postlark #1', from_name: 'Fake Shop', reply_to: 'shop@example.com' } } });
    expect(created.json).toMatchObject({ status: 'save', recipients: { list_id: listId, recipient_count: 2 } });
    const id = created.json.id;
    const notReady = await api(`/campaigns/${id}/actions/send`, { method: 'POST' });
    expect(notReady.json).toMatchObject({ status: 400, title: 'Bad Request', detail: 'Your Campaign is not ready to send.' });
    await api(`/campaigns/${id}/content`, { method: 'PUT', body: { html: '<p>Hello *|FNAME|*</p>' } });

    const offQuarter = await api(`/campaigns/${id}/actions/schedule`, { method: 'POST', body: { schedule_time: '2026-06-01T11:10:00+00:00' } });
    expect(offQuarter.json).toMatchObject({ status: 400, detail: expect.stringContaining('quarter-hour') });
    expect((await api(`/campaigns/${id}/actions/schedule`, { method: 'POST', body: { schedule_time: '2026-06-01T11:15:00+00:00' } })).status).toBe(204);
    expect((await api(`/campaigns/${id}`)).json).toMatchObject({ status: 'schedule' });
    clock = new Date('2026-06-01T11:16:00Z');
    expect((await api(`/campaigns/${id}`)).json).toMatchObject({ status: 'sent', emails_sent: 2, send_time: '2026-06-01T11:15:00+00:00' });

    fake.recordActivity(id, 'a@example.com', { action: 'open', timestamp: '2026-06-01T12:00:00+00:00' });
    fake.recordActivity(id, 'a@example.com', { action: 'click', url: 'https://shop.test/x', timestamp: '2026-06-01T12:01:00+00:00' });
    fake.recordActivity(id, 'b@example.com', { action: 'bounce', type: 'hard' });
    const report = await api(`/reports/${id}`);
    expect(report.json).toMatchObject({ emails_sent: 2, opens: { opens_total: 1, unique_opens: 1 }, clicks: { clicks_total: 1, unique_clicks: 1 }, bounces: { hard_bounces: 1, soft_bounces: 0 }, unsubscribed: 0 });
    const since = await api(`/reports/${id}/email-activity?since=${encodeURIComponent('2026-06-01T12:00:30+00:00')}`);
    expect(since.json.emails).toEqual([expect.objectContaining({ email_address: 'a@example.com', activity: [expect.objectContaining({ action: 'click', url: 'https://shop.test/x' })] })]);

    const again = await api(`/campaigns/${id}/actions/send`, { method: 'POST' });
    expect(again.json).toMatchObject({ status: 400 });

    await api(`/lists/${listId}/webhooks`, { method: 'POST', body: { url: receiver.url, events: { unsubscribe: true }, sources: { user: true, admin: true, api: false } } });
    await fake.unsubscribeFromCampaign(id, 'a@example.com');
    expect((await api(`/reports/${id}`)).json).toMatchObject({ unsubscribed: 1 });
    expect(new URLSearchParams(receiver.posts.at(-1)!.body).get('data[campaign_id]')).toBe(id);
    expect(fake.getMember(listId, 'a@example.com')!.status).toBe('unsubscribed');
  });

  it('sends to a saved segment only', async () => {
    const listId = fake.createList();
    for (const email of ['a@example.com', 'b@example.com']) fake.addMember(listId, email);
    const segment = await api(`/lists/${listId}/segments`, { method: 'POST', body: { name: 'variant A', static_segment: ['b@example.com'] } });
    const created = await api('/campaigns', { method: 'POST', body: { type: 'regular', recipients: { list_id: listId, segment_opts: { saved_segment_id: Number(segment.json.id) } }, settings: { subject_line: 'A', title: 'A', from_name: 'Shop', reply_to: 'shop@example.com' } } });
    await api(`/campaigns/${created.json.id}/content`, { method: 'PUT', body: { html: '<p>A</p>' } });
    expect((await api(`/campaigns/${created.json.id}/actions/send`, { method: 'POST' })).status).toBe(204);
    expect(fake.state.campaigns.get(created.json.id)!.sentTo).toEqual([fake.hash('b@example.com')]);
  });
});

describe('Mailchimp fake: limits and scripted failures', () => {
  it('answers 429 beyond 10 simultaneous connections per key', async () => {
    let letGo = () => {};
    const until = new Promise<void>((resolve) => (letGo = resolve));
    fake.script({ path: '/3.0/ping' }, { kind: 'hold', until }, 10);
    const held = Array.from({ length: 10 }, () => api('/ping'));
    await eventually(() => (fake.state.inFlight.get(`key:${fake.apiKey}`) === 10 ? true : undefined));
    const eleventh = await api('/ping');
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toMatchObject({ title: 'Too Many Requests', status: 429 });
    letGo();
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await api('/ping')).status).toBe(200);
  });

  it('plays a scripted 429 storm, then answers normally', async () => {
    fake.script({ method: 'GET', path: '/3.0/lists' }, { kind: 'too-many-requests' }, 3);
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await api('/lists')).status);
    expect(statuses).toEqual([429, 429, 429, 200]);
    expect(fake.requests.filter((request) => request.path === '/3.0/lists')).toHaveLength(4);
  });
});
