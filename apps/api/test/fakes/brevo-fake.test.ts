import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBrevo, startFakeBrevo } from '../support/fakes/brevo';

// The Brevo fake's contract: driven with plain fetch the way the product will drive the real API, so a
// change to the fake that breaks Brevo's documented behaviour shows up here first.

let fake: FakeBrevo;
let clock: Date;

beforeEach(async () => {
  clock = new Date('2026-06-01T12:00:00.000Z');
  fake = await startFakeBrevo({ now: () => clock, rateLimits: { contacts: { limit: 1000, windowSeconds: 1 }, others: { limit: 1000, windowSeconds: 3600 } } });
});

afterEach(async () => {
  await fake.close();
});

const call = async (path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.key !== null) headers['api-key'] = init.key ?? fake.apiKey;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${fake.url}${path}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
};

describe('Brevo fake', () => {
  it('authenticates with the api-key header and answers 401 Key not found once revoked', async () => {
    const account = await call('/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ email: 'owner@example.com', companyName: 'Example Shop', plan: [expect.objectContaining({ type: 'free' })] });

    expect((await call('/account', { key: null })).body).toEqual({ message: 'authentication not found in headers', code: 'unauthorized' });
    expect(await call('/account', { key: 'xkeysib-wrong' })).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'Key not found' } });
    fake.revoke();
    expect(await call('/account')).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'Key not found' } });
  });

  it('pages a list to the end (limit ≤ 500), filters by modifiedSince and refuses a limit over the maximum', async () => {
    const { list } = fake.seedAudience({ count: 1203, seed: 7, campaigns: 0 });
    const lists = await call('/contacts/lists?limit=50&offset=0');
    expect(lists.body).toEqual({ lists: [{ id: list.id, name: list.name, totalBlacklisted: 0, totalSubscribers: 1203, uniqueSubscribers: 1203, folderId: 1 }], count: 1 });
    expect(await call('/contacts/lists?limit=51')).toMatchObject({ status: 400, body: { code: 'out_of_range' } });

    const seen = new Set<string>();
    for (let offset = 0; ; offset += 500) {
      const pageOf = await call(`/contacts/lists/${list.id}/contacts?limit=500&offset=${offset}&sort=asc`);
      expect(pageOf.body.count).toBe(1203);
      for (const contact of pageOf.body.contacts as Array<{ email: string }>) seen.add(contact.email);
      if ((pageOf.body.contacts as unknown[]).length < 500) break;
    }
    expect(seen.size).toBe(1203);
    expect(await call(`/contacts/lists/${list.id}/contacts?limit=501`)).toMatchObject({ status: 400, body: { code: 'out_of_range' } });
    expect(await call('/contacts/lists/999/contacts')).toMatchObject({ status: 404, body: { code: 'document_not_found' } });

    clock = new Date('2026-06-02T00:00:00.000Z');
    fake.changeContact('person7-5@example.com', { attributes: { FIRSTNAME: 'Changed' } });
    const changed = await call(`/contacts?modifiedSince=${encodeURIComponent('2026-06-01T18:00:00.000Z')}&limit=1000`);
    expect(changed.body.count).toBe(1);
    expect((changed.body.contacts as unknown[])[0]).toMatchObject({ email: 'person7-5@example.com', attributes: { FIRSTNAME: 'Changed' }, listIds: [list.id], emailBlacklisted: false, modifiedAt: '2026-06-02T00:00:00.000Z' });
    expect(await call('/contacts?limit=1001')).toMatchObject({ status: 400, body: { code: 'out_of_range' } });
  });

  it('creates a contact, refuses the same address without updateEnabled, and updates it with it', async () => {
    const list = fake.addList('Newsletter');
    const created = await call('/contacts', { method: 'POST', body: { email: 'Ana@Example.com', attributes: { FIRSTNAME: 'Ana' }, listIds: [list.id] } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });

    const again = await call('/contacts', { method: 'POST', body: { email: 'ana@example.com', attributes: { FIRSTNAME: 'Anna' } } });
    expect(again).toMatchObject({ status: 400, body: { code: 'duplicate_parameter', message: 'Contact already exist' } });
    expect(fake.contactByEmail('ana@example.com')?.attributes.FIRSTNAME).toBe('Ana');

    const upsert = await call('/contacts', { method: 'POST', body: { email: 'ana@example.com', attributes: { LASTNAME: 'Lima' }, updateEnabled: true } });
    expect(upsert.status).toBe(204);
    const byEmail = await call(`/contacts/${encodeURIComponent('ana@example.com')}`);
    expect(byEmail.body).toMatchObject({ id: created.body.id, email: 'ana@example.com', attributes: { FIRSTNAME: 'Ana', LASTNAME: 'Lima' }, listIds: [list.id] });
    expect((await call(`/contacts/${String(created.body.id)}`)).body.email).toBe('ana@example.com');

    expect((await call('/contacts/ana%40example.com', { method: 'PUT', body: { emailBlacklisted: true } })).status).toBe(204);
    expect(fake.contactByEmail('ana@example.com')?.emailBlacklisted).toBe(true);
    expect(await call('/contacts/nobody%40example.com')).toMatchObject({ status: 404, body: { code: 'document_not_found', message: 'Contact does not exist' } });
    expect(await call('/contacts', { method: 'POST', body: { email: 'not-an-address' } })).toMatchObject({ status: 400, body: { code: 'invalid_parameter' } });

    const other = await call('/contacts/lists', { method: 'POST', body: { name: 'VIP', folderId: 1 } });
    expect(other.status).toBe(201);
    const added = await call(`/contacts/lists/${String(other.body.id)}/contacts/add`, { method: 'POST', body: { emails: ['ana@example.com', 'ghost@example.com'] } });
    expect(added).toMatchObject({ status: 201, body: { contacts: { success: ['ana@example.com'], failure: ['ghost@example.com'] } } });
    expect(fake.contactByEmail('ana@example.com')?.listIds).toEqual([list.id, other.body.id]);
  });

  it('answers a contact’s campaign statistics within a 90-day range, with opens at each person’s own hour', async () => {
    const { contacts, campaigns, preferredHourOf } = fake.seedAudience({ count: 40, seed: 3, campaigns: 6, months: 6 });
    const tooLong = await call(`/contacts/${encodeURIComponent(contacts[0]!.email)}/campaignStats?startDate=2026-01-01&endDate=2026-04-15`);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'invalid_parameter' } });

    let openedRows = 0;
    for (const contact of contacts) {
      const windowsOf = [['2025-12-01', '2026-02-28'], ['2026-03-01', '2026-05-29'], ['2026-05-30', '2026-06-01']];
      for (const [startDate, endDate] of windowsOf) {
        const stats = await call(`/contacts/${contact.id}/campaignStats?startDate=${startDate}&endDate=${endDate}`);
        expect(stats.status).toBe(200);
        for (const row of (stats.body.opened ?? []) as Array<{ campaignId: number; count: number; eventTime: string; ip: string }>) {
          openedRows++;
          expect(campaigns.map((campaign) => campaign.id)).toContain(row.campaignId);
          expect(new Date(row.eventTime).getUTCHours()).toBe(preferredHourOf.get(contact.id));
        }
      }
    }
    expect(openedRows).toBeGreaterThan(40);
    const sent = await call(`/contacts/${contacts[0]!.id}/campaignStats?startDate=2026-03-01&endDate=2026-05-29`);
    expect((sent.body.messagesSent as unknown[]).length).toBeGreaterThan(0);
  });

  it('registers a marketing webhook and fires Brevo’s payload with the Bearer token to it', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/brevo`;
    try {
      const created = await call('/webhooks', { method: 'POST', body: { url, description: 'Postlark sync', events: ['unsubscribed', 'hardBounce', 'spam', 'listAddition'], type: 'marketing', auth: { type: 'bearer', token: 's3cret' } } });
      expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
      expect((await call('/webhooks')).body.webhooks).toEqual([]);
      expect((await call('/webhooks?type=marketing')).body.webhooks).toEqual([expect.objectContaining({ id: created.body.id, url, type: 'marketing', events: ['unsubscribed', 'hardBounce', 'spam', 'listAddition'] })]);
      expect(await call('/webhooks', { method: 'POST', body: { url, events: ['uniqueOpened'], type: 'marketing' } })).toMatchObject({ status: 400, body: { code: 'invalid_parameter' } });

      const { list, contacts, campaigns } = fake.seedAudience({ count: 3, seed: 9, campaigns: 1 });
      fake.recordEngagement(campaigns[0]!.id, contacts[1]!.email, { kind: 'unsubscribed' });
      expect(await fake.fireWebhook('unsubscribed', { email: contacts[1]!.email, campaignId: campaigns[0]!.id })).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.headers.authorization).toBe('Bearer s3cret');
      expect(received[0]!.body).toMatchObject({ id: created.body.id, camp_id: campaigns[0]!.id, email: contacts[1]!.email, 'campaign name': 'Seeded campaign 1', event: 'unsubscribed', list_id: [list.id], ts_event: Math.floor(clock.getTime() / 1000), date_event: '2026-06-01 12:00:00' });
      expect(fake.contactByEmail(contacts[1]!.email)?.emailBlacklisted).toBe(true);

      // Only events the webhook listens to are delivered.
      expect(await fake.fireWebhook('opened', { email: contacts[0]!.email, campaignId: campaigns[0]!.id })).toBe(0);
      expect((await call(`/webhooks/${String(created.body.id)}`, { method: 'DELETE' })).status).toBe(204);
      expect(await call(`/webhooks/${String(created.body.id)}`)).toMatchObject({ status: 404, body: { code: 'document_not_found' } });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('creates a campaign, refuses an unverified sender, sends it to the list and reports what recipients did', async () => {
    const list = fake.addList('Customers');
    const excluded = fake.addList('Staff');
    fake.addContact({ email: 'ana@example.com', attributes: { FIRSTNAME: 'Ana' }, listIds: [list.id] });
    fake.addContact({ email: 'ben@example.com', attributes: { FIRSTNAME: 'Ben' }, listIds: [list.id] });
    fake.addContact({ email: 'gone@example.com', listIds: [list.id], emailBlacklisted: true });
    fake.addContact({ email: 'staff@example.com', listIds: [list.id, excluded.id] });
    const content = { name: 'June news', subject: 'Hi {{ contact.FIRSTNAME }}', previewText: 'Inside', htmlContent: '<p>Hello {{ contact.FIRSTNAME }}</p>', recipients: { listIds: [list.id], exclusionListIds: [excluded.id] } };

    const refused = await call('/emailCampaigns', { method: 'POST', body: { ...content, sender: { name: 'Shop', email: 'unknown@example.com' } } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_parameter', message: 'Sender is invalid / inactive' } });

    const created = await call('/emailCampaigns', { method: 'POST', body: { ...content, sender: { name: 'Shop', email: 'news@example.com' } } });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const id = created.body.id as number;
    expect((await call(`/emailCampaigns/${id}`)).body.status).toBe('draft');
    expect((await call(`/emailCampaigns/${id}/sendNow`, { method: 'POST' })).status).toBe(204);
    expect(await call(`/emailCampaigns/${id}/sendNow`, { method: 'POST' })).toMatchObject({ status: 400 });
    expect(fake.state.sentMessages.map((message) => [message.email, message.subject, message.html])).toEqual([
      ['ana@example.com', 'Hi Ana', '<p>Hello Ana</p>'],
      ['ben@example.com', 'Hi Ben', '<p>Hello Ben</p>'],
    ]);

    fake.recordEngagement(id, 'ana@example.com', { kind: 'opened' });
    fake.recordEngagement(id, 'ana@example.com', { kind: 'opened' });
    fake.recordEngagement(id, 'ana@example.com', { kind: 'clicked', url: 'https://example.com/a' });
    fake.recordEngagement(id, 'ben@example.com', { kind: 'unsubscribed' });
    const report = await call(`/emailCampaigns/${id}?statistics=globalStats`);
    expect(report.body.status).toBe('sent');
    expect((report.body.statistics as { globalStats: unknown }).globalStats).toMatchObject({ sent: 2, delivered: 2, uniqueViews: 1, viewed: 2, trackableViews: 1, uniqueClicks: 1, clickers: 1, unsubscriptions: 1, hardBounces: 0, softBounces: 0, complaints: 0 });
  });

  it('lists the verified senders and sends a scheduled campaign once its time has come', async () => {
    expect((await call('/senders')).body).toEqual({ senders: [{ id: 1, name: 'news', email: 'news@example.com', active: true, ips: [] }] });
    const { list } = fake.seedAudience({ count: 3, campaigns: 0 });
    const scheduledAt = '2026-06-01T15:00:00.000Z';
    const body = { name: 'Later', subject: 'S', sender: { name: 'N', email: 'news@example.com' }, htmlContent: '<p>x</p>', recipients: { listIds: [list.id] } };
    expect(await call('/emailCampaigns', { method: 'POST', body: { ...body, scheduledAt: '2026-06-01T11:00:00.000Z' } })).toMatchObject({ status: 400, body: { code: 'invalid_parameter' } });
    const created = await call('/emailCampaigns', { method: 'POST', body: { ...body, scheduledAt } });
    expect((await call(`/emailCampaigns/${String(created.body.id)}`)).body).toMatchObject({ status: 'queued', scheduledAt });
    clock = new Date(scheduledAt);
    const report = await call(`/emailCampaigns/${String(created.body.id)}?statistics=globalStats`);
    expect(report.body).toMatchObject({ status: 'sent', sentDate: scheduledAt, statistics: { globalStats: { sent: 3, delivered: 3 } } });
  });

  it('answers 402 when the account lacks credits for every recipient', async () => {
    await fake.close();
    fake = await startFakeBrevo({ now: () => clock, rateLimits: false, emailCredits: 1 });
    const { list } = fake.seedAudience({ count: 2, campaigns: 0 });
    const created = await call('/emailCampaigns', { method: 'POST', body: { name: 'Big', subject: 'S', sender: { name: 'N', email: 'news@example.com' }, htmlContent: '<p>x</p>', recipients: { listIds: [list.id] } } });
    expect(await call(`/emailCampaigns/${String(created.body.id)}/sendNow`, { method: 'POST' })).toMatchObject({ status: 402, body: { code: 'not_enough_credits' } });
    expect(fake.state.sentMessages).toHaveLength(0);
  });

  it('carries the x-sib-ratelimit headers, answers 429 when the budget is spent, and plays a scripted storm', async () => {
    await fake.close();
    fake = await startFakeBrevo({ now: () => clock, rateLimits: { contacts: { limit: 2, windowSeconds: 1 }, others: { limit: 5, windowSeconds: 3600 } } });
    const first = await call('/contacts');
    expect([first.headers.get('x-sib-ratelimit-limit'), first.headers.get('x-sib-ratelimit-remaining'), first.headers.get('x-sib-ratelimit-reset')]).toEqual(['2', '1', '1']);
    expect((await call('/contacts')).headers.get('x-sib-ratelimit-remaining')).toBe('0');
    const limited = await call('/contacts');
    expect(limited).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    expect(limited.headers.get('x-sib-ratelimit-reset')).toBe('1');
    // Other endpoints have their own budget.
    expect((await call('/account')).headers.get('x-sib-ratelimit-remaining')).toBe('4');
    clock = new Date(clock.getTime() + 1000);
    expect((await call('/contacts')).status).toBe(200);

    fake.script({ method: 'GET', path: '/contacts/lists' }, { kind: 'rate-limited', resetSeconds: 30 }, 2);
    const storm = [await call('/contacts/lists'), await call('/contacts/lists')];
    expect(storm.map((answer) => [answer.status, answer.headers.get('x-sib-ratelimit-reset')])).toEqual([[429, '30'], [429, '30']]);
    expect((await call('/contacts/lists')).status).toBe(200);

    fake.script({ path: '/account' }, { kind: 'error', status: 500, code: 'internal_error', message: 'Something went wrong' });
    expect(await call('/account')).toMatchObject({ status: 500, body: { code: 'internal_error', message: 'Something went wrong' } });
    fake.script({ path: '/account' }, { kind: 'drop' });
    await expect(call('/account')).rejects.toThrow();
    expect((await call('/account')).status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v3/account' });
  });

  it('applies a per-second and a per-hour budget together, as Brevo does for /v3/contacts', async () => {
    await fake.close();
    fake = await startFakeBrevo({ now: () => clock, rateLimits: { contacts: [{ limit: 3, windowSeconds: 1 }, { limit: 4, windowSeconds: 3600 }] } });
    for (let index = 0; index < 3; index++) expect((await call('/contacts')).status).toBe(200);
    const perSecond = await call('/contacts');
    expect([perSecond.status, perSecond.headers.get('x-sib-ratelimit-limit'), perSecond.headers.get('x-sib-ratelimit-reset')]).toEqual([429, '3', '1']);
    clock = new Date(clock.getTime() + 1000);
    const last = await call('/contacts');
    expect([last.status, last.headers.get('x-sib-ratelimit-limit'), last.headers.get('x-sib-ratelimit-remaining')]).toEqual([200, '4', '0']);
    const perHour = await call('/contacts');
    expect([perHour.status, perHour.headers.get('x-sib-ratelimit-limit'), perHour.headers.get('x-sib-ratelimit-reset')]).toEqual([429, '4', '3599']);
  });
});
