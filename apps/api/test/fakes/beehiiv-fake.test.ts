import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBeehiiv, type FakeBeehiiv, type FakeBeehiivOptions } from '../support/fakes/beehiiv.js';

// The beehiiv fake's contract, driven with plain fetch the way the product will: auth and a revoked key, paging
// to the end (cursor and the deprecated page mode), the reactivate_existing quirk, an unsubscribe only polling sees,
// a webhook to a local receiver, an Enterprise-only post answered 202 then reported, 429s and error bodies.

let fake: FakeBeehiiv | null = null;
let receiver: Server | null = null;

afterEach(async () => {
  await fake?.close();
  fake = null;
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  receiver = null;
});

const start = async (options: FakeBeehiivOptions = {}) => {
  fake = await startFakeBeehiiv(options);
  return fake;
};

const call = async (path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
  const response = await fetch(`${fake!.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.key ?? fake!.apiKey}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  // JSON.parse's own type: bodies of many shapes, each asserted with expect below.
  const body: ReturnType<typeof JSON.parse> = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, body };
};

describe('beehiiv fake', () => {
  it('accepts the Bearer key, refuses a wrong or revoked one with beehiiv error envelope, and lists publications with stats', async () => {
    const beehiiv = await start();
    const wrong = await call('/publications', { key: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, statusText: 'Unauthorized', errors: [{ message: expect.any(String), code: expect.any(String) }] });

    beehiiv.seedAudience(beehiiv.publicationId, 5, { inactiveShare: 0 });
    const list = await call('/publications?expand[]=stats&limit=10&page=1');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ limit: 10, page: 1, total_results: 1, total_pages: 1 });
    expect(list.body.data[0]).toMatchObject({ id: beehiiv.publicationId, name: 'Postlark Weekly', organization_name: 'Postlark Test Org', referral_program_enabled: true, stats: { active_subscriptions: 5 } });
    expect(beehiiv.publicationId).toMatch(/^pub_/);
    const one = await call(`/publications/${beehiiv.publicationId}`);
    expect(one.body.data.id).toBe(beehiiv.publicationId);
    expect(one.body.data.stats).toBeUndefined();
    const missing = await call('/publications/pub_00000000-0000-4000-8000-0000000000ff');
    expect(missing.status).toBe(404);
    expect(missing.body.statusText).toBe('Not Found');

    beehiiv.revoke();
    const revoked = await call('/publications');
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors[0].code).toBe('unauthorized');
  });

  it('pages subscriptions to the end by cursor and by page, filters by status and refuses a limit over 100', async () => {
    const beehiiv = await start({ rateLimit: false });
    const seeded = beehiiv.seedAudience(beehiiv.publicationId, 250, { seed: 7, inactiveShare: 0.2 });
    const base = `/publications/${beehiiv.publicationId}/subscriptions`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await call(`${base}?limit=100&expand[]=custom_fields${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      pages += 1;
      seen.push(...page.body.data.map((sub: { id: string }) => sub.id));
      expect(page.body.limit).toBe(100);
      cursor = page.body.has_more ? page.body.next_cursor : null;
      if (!page.body.has_more) expect(page.body.next_cursor).toBeNull();
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(seeded.map((sub) => sub.id));

    const first = await call(`${base}?limit=1&expand[]=custom_fields&expand[]=stats`);
    expect(first.body.data[0]).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      email: seeded[0]!.email,
      created: seeded[0]!.created,
      subscription_tier: 'free',
      custom_fields: [
        { name: 'First Name', kind: 'string', value: expect.any(String) },
        { name: 'Last Name', kind: 'string', value: expect.any(String) },
      ],
      stats: { emails_received: expect.any(Number), open_rate: expect.any(Number), click_through_rate: expect.any(Number) },
    });

    const old = await call(`${base}?limit=100&page=3&status=inactive`);
    const inactive = seeded.filter((sub) => sub.status === 'inactive').length;
    expect(old.body).toMatchObject({ page: 3, limit: 100, total_results: inactive, total_pages: Math.ceil(inactive / 100) });
    expect(old.body.has_more).toBeUndefined();

    const tooMany = await call(`${base}?limit=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ status: 400, statusText: 'Bad Request', errors: [{ message: expect.stringContaining('limit') }] });
    const badCursor = await call(`${base}?cursor=not-a-cursor`);
    expect(badCursor.status).toBe(400);
  });

  it('keeps an unsubscribed email inactive on POST unless reactivate_existing is true, and only polling sees a platform-side unsubscribe', async () => {
    const beehiiv = await start();
    const base = `/publications/${beehiiv.publicationId}/subscriptions`;
    const created = await call(base, {
      method: 'POST',
      body: { email: 'ada@example.test', send_welcome_email: false, utm_source: 'postlark', custom_fields: [{ name: 'First Name', value: 'Ada' }, { name: 'Unknown', value: 'dropped' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'ada@example.test', status: 'active', utm_source: 'postlark', custom_fields: [{ name: 'First Name', kind: 'string', value: 'Ada' }] });
    const id = created.body.data.id as string;

    const unsubscribed = await call(`${base}/${id}`, { method: 'PATCH', body: { unsubscribe: true } });
    expect(unsubscribed.body.data.status).toBe('inactive');

    const again = await call(base, { method: 'POST', body: { email: 'ADA@example.test' } });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id, status: 'inactive' });
    const reactivated = await call(base, { method: 'POST', body: { email: 'ada@example.test', reactivate_existing: true } });
    expect(reactivated.body.data).toMatchObject({ id, status: 'active' });

    const byEmail = await call(`${base}/by_email/${encodeURIComponent('ada@example.test')}?expand[]=custom_fields`);
    expect(byEmail.body.data.custom_fields).toEqual([{ name: 'First Name', kind: 'string', value: 'Ada' }]);

    // Unsubscribed in beehiiv's UI: no event is delivered, the next poll of inactive subscriptions shows it.
    await call(`/publications/${beehiiv.publicationId}/webhooks`, { method: 'POST', body: { url: 'http://127.0.0.1:9/hook', event_types: ['subscription.created', 'subscription.deleted'] } });
    beehiiv.changeSubscription(beehiiv.publicationId, 'ada@example.test', { status: 'inactive' });
    expect(beehiiv.state.deliveries).toEqual([]);
    const polled = await call(`${base}?status=inactive`);
    expect(polled.body.data.map((sub: { id: string }) => sub.id)).toEqual([id]);

    const fields = await call(`/publications/${beehiiv.publicationId}/custom_fields`);
    expect(fields.body.data.map((field: { display: string }) => field.display)).toEqual(['First Name', 'Last Name']);

    const deleted = await call(`${base}/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await call(`${base}/${id}`)).status).toBe(404);
    const invalid = await call(base, { method: 'POST', body: { email: 'not an email' } });
    expect(invalid.status).toBe(400);
  });

  it('registers webhooks and fires beehiiv event JSON to a local receiver', async () => {
    const beehiiv = await start();
    const received: Array<{ headers: Record<string, unknown>; body: ReturnType<typeof JSON.parse> }> = [];
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/beehiiv?secret=s3cret`;

    const refused = await call(`/publications/${beehiiv.publicationId}/webhooks`, { method: 'POST', body: { url: hookUrl, event_types: ['subscription.unsubscribed'] } });
    expect(refused.status).toBe(400);
    const registered = await call(`/publications/${beehiiv.publicationId}/webhooks`, { method: 'POST', body: { url: hookUrl, event_types: ['subscription.created', 'post.sent'], description: 'Postlark' } });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({ id: expect.stringMatching(/^ep_/), url: hookUrl, event_types: ['subscription.created', 'post.sent'], description: 'Postlark' });
    const listed = await call(`/publications/${beehiiv.publicationId}/webhooks`);
    expect(listed.body.data).toHaveLength(1);

    const [sub] = beehiiv.seedAudience(beehiiv.publicationId, 1);
    expect(await beehiiv.fireWebhook(beehiiv.publicationId, 'subscription.created', sub!.id)).toBe(204);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toMatchObject({ uid: expect.any(String), event_timestamp: expect.any(Number), event_type: 'subscription.created', data: { id: sub!.id, email: sub!.email, status: 'active', tags: expect.any(Array), custom_fields: expect.any(Array) } });
    // Not registered for this type: nobody is called.
    expect(await beehiiv.fireWebhook(beehiiv.publicationId, 'subscription.upgraded', sub!.id)).toBe(0);

    const removed = await call(`/publications/${beehiiv.publicationId}/webhooks/${registered.body.data.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await call(`/publications/${beehiiv.publicationId}/webhooks`)).body.data).toEqual([]);
  });

  it('refuses post creation below Enterprise, and on Enterprise answers 202 with Retry-After, sends to active subscriptions and reports aggregate stats', async () => {
    const beehiiv = await start({ now: () => new Date('2026-03-01T10:00:00Z') });
    const base = `/publications/${beehiiv.publicationId}/posts`;
    const post = { title: 'Spring picks', body_content: '<p>Hello {{first_name}}</p>', email_settings: { email_subject_line: 'Your spring picks' } };
    const refused = await call(base, { method: 'POST', body: post });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 403, statusText: 'Forbidden', errors: [{ message: expect.stringContaining('Enterprise') }] });

    beehiiv.setPlan('enterprise');
    const people = beehiiv.seedAudience(beehiiv.publicationId, 4, { inactiveShare: 0 });
    beehiiv.changeSubscription(beehiiv.publicationId, people[3]!.email, { status: 'inactive' });
    expect((await call(base, { method: 'POST', body: { title: 'No body' } })).status).toBe(400);
    const accepted = await call(base, { method: 'POST', body: post });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('retry-after')).toBe('1');
    const postId = accepted.body.data.id as string;
    expect(postId).toMatch(/^post_/);

    const preparing = await call(`${base}/${postId}?expand[]=stats`);
    expect(preparing.status).toBe(202);
    expect(preparing.headers.get('retry-after')).toBe('1');
    const ready = await call(`${base}/${postId}?expand[]=stats`);
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ id: postId, status: 'confirmed', subject_line: 'Your spring picks', stats: { email: { recipients: 3, delivered: 3, unique_opens: 0 } } });

    beehiiv.recordEngagement(beehiiv.publicationId, postId, people[0]!.email, { opens: 3, clicks: 2 });
    beehiiv.recordEngagement(beehiiv.publicationId, postId, people[1]!.email, { opens: 1, unsubscribed: true });
    beehiiv.recordEngagement(beehiiv.publicationId, postId, people[2]!.email, { bounced: true });
    const report = await call(`${base}/${postId}?expand[]=stats`);
    expect(report.body.data.stats.email).toEqual({ recipients: 3, delivered: 2, opens: 4, unique_opens: 2, open_rate: 100, clicks: 2, unique_clicks: 1, click_rate: 50, unsubscribes: 1, spam_reports: 0 });
    expect((await call(`/publications/${beehiiv.publicationId}/subscriptions/by_email/${people[1]!.email}`)).body.data.status).toBe('inactive');

    const draft = await call(base, { method: 'POST', body: { ...post, title: 'Draft', status: 'draft' } });
    expect(draft.status).toBe(202);
    const drafts = await call(`${base}?status=draft&platform=all`);
    expect(drafts.body).toMatchObject({ total_results: 1, page: 1, data: [{ id: draft.body.data.id, status: 'draft' }] });
    expect((await call(`${base}?status=sent`)).status).toBe(400);
  });

  it('sends a scheduled post only once the injected clock reaches its time, to the people active then', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const beehiiv = await start({ plan: 'enterprise', preparingPolls: 0, now: () => clock });
    const people = beehiiv.seedAudience(beehiiv.publicationId, 2, { inactiveShare: 0 });
    const base = `/publications/${beehiiv.publicationId}/posts`;
    const refused = await call(base, { method: 'POST', body: { title: 'Draft later', body_content: '<p>x</p>', status: 'draft', scheduled_at: '2026-03-02T09:00:00Z' } });
    expect(refused.status).toBe(400);
    const accepted = await call(base, { method: 'POST', body: { title: 'Tomorrow', body_content: '<p>x</p>', scheduled_at: '2026-03-02T09:00:00Z' } });
    const postId = accepted.body.data.id as string;
    const before = await call(`${base}/${postId}?expand[]=stats`);
    expect(before.body.data).toMatchObject({ status: 'confirmed', publish_date: Date.parse('2026-03-02T09:00:00Z') / 1000, stats: { email: { recipients: 0 } } });
    beehiiv.changeSubscription(beehiiv.publicationId, people[1]!.id, { status: 'inactive' });
    clock = new Date('2026-03-02T09:00:01Z');
    const after = await call(`${base}/${postId}?expand[]=stats`);
    expect(after.body.data.stats.email.recipients).toBe(1);
  });

  it('answers 429 with RateLimit headers past the organisation budget, until the window passes; scripts errors and drops', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const beehiiv = await start({ rateLimit: { limit: 3 }, now: () => clock });
    for (let index = 0; index < 3; index += 1) {
      const ok = await call('/publications');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(2 - index));
    }
    const limited = await call('/publications');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, statusText: 'Too Many Requests' });
    expect(limited.headers.get('ratelimit-limit')).toBe('3');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('ratelimit-reset'))).toBe(Date.parse('2026-03-01T10:01:00Z') / 1000);
    clock = new Date('2026-03-01T10:01:00Z');
    expect((await call('/publications')).status).toBe(200);

    beehiiv.script({ method: 'GET', path: '/publications' }, { kind: 'rate-limited', resetSeconds: 30 }, 2);
    expect((await call('/publications')).status).toBe(429);
    expect((await call('/publications')).status).toBe(429);
    beehiiv.script({ path: '/publications' }, { kind: 'error', status: 500, message: 'Internal error' });
    const failed = await call('/publications');
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ status: 500, errors: [{ message: 'Internal error' }] });
    beehiiv.script({ path: '/publications' }, { kind: 'drop' });
    await expect(call('/publications')).rejects.toThrow();
    expect(beehiiv.requests.map((request) => request.status).slice(-4)).toEqual([429, 429, 500, -1]);
  });
});
