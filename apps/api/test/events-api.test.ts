import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { EVENT_MESSAGES } from '@postlark/shared/events';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

function order(email: string, orderId: string, value: number, extra: object = {}) {
  return { name: 'order_placed', email, id: `order-${orderId}`, occurred_at: '2026-11-20T10:00:00Z', value, currency: 'EUR', properties: { order_id: orderId, items: [{ product_id: 'sku-1', quantity: 1, price: value }] }, ...extra };
}

async function storedEvents(customerEmail: string) {
  const result = await accounts.database.db.execute(sql`
    select e.name, e.value, e.currency, e.machine, e.campaign_ref as "campaignRef", e.properties, s.email, s.status
    from events e join subscribers s on s.id = e.subscriber_id join customers c on c.id = e.customer_id
    where c.email = ${customerEmail} order by e.occurred_at, e.id`);
  return rowsOf<{ name: string; value: string | number | null; currency: string | null; machine: boolean | null; campaignRef: string | null; properties: Record<string, unknown> | null; email: string; status: string }>(result);
}

describe('POST /api/v1/events', () => {
  it('stores good events, refuses bad ones one by one, and a repeated batch changes nothing', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const batch = {
      events: [
        order('ada@shop.example', 'A1', 42.5),
        { name: 'Bad Name', email: 'ada@shop.example' },
        { name: 'product_viewed', email: 'bob@shop.example', properties: { product_id: 'sku-9' }, occurred_at: '2026-11-21T08:00:00+02:00' },
        { name: 'order_placed', email: 'ada@shop.example', value: 10, currency: 'EUR', properties: {} },
        { name: 'signed_up_for_trial', email: 'ada@shop.example', colour: 'blue' },
        { name: 'trial_started', subscriber_id: '00000000-0000-4000-8000-000000000000' },
        { name: 'trial_started', email: 'ada@shop.example', occurred_at: 'yesterday' },
        { name: 'trial_started', email: 'ada@shop.example', occurred_at: '2099-01-01T00:00:00Z' },
        { name: 'trial_started', email: 'ada@shop.example', value: 3, currency: 'XYZ' },
        { name: 'trial_started', email: 'ada@shop.example', properties: { blob: 'x'.repeat(17_000) } },
        { name: 'trial_started', email: 'ada@shop.example', properties: { note: 'nul \u0000 here' } },
        { name: 'trial_started', email: 'ada@shop.example', properties: { ['half \ud800']: 1 } },
      ],
    };
    const first = await callWithKey(accounts, key, 'POST', 'events', batch);
    expect(first.statusCode).toBe(202);
    expect(first.json().payload).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [
        { index: 1, message: EVENT_MESSAGES.nameInvalid },
        { index: 3, message: EVENT_MESSAGES.orderIdMissing },
        { index: 4, message: EVENT_MESSAGES.unknownField('colour') },
        { index: 5, message: EVENT_MESSAGES.subscriberIdInvalid },
        { index: 6, message: EVENT_MESSAGES.occurredAtInvalid },
        { index: 7, message: EVENT_MESSAGES.occurredAtFuture },
        { index: 8, message: EVENT_MESSAGES.currencyInvalid },
        { index: 9, message: EVENT_MESSAGES.propertiesTooLarge },
        { index: 10, message: EVENT_MESSAGES.propertiesUnstorable },
        { index: 11, message: EVENT_MESSAGES.propertiesUnstorable },
      ],
    });
    const again = await callWithKey(accounts, key, 'POST', 'events', batch);
    expect(again.json().payload).toMatchObject({ accepted: 0, duplicates: 2 });

    const stored = await storedEvents(customer.email);
    expect(stored.map((row) => [row.name, row.email, row.status])).toEqual([
      ['order_placed', 'ada@shop.example', 'not_subscribed'],
      ['product_viewed', 'bob@shop.example', 'not_subscribed'],
    ]);
    expect(Number(stored[0]!.value)).toBe(42.5);
    expect(stored[0]!.currency).toBe('EUR');
  });

  it('treats an event without an id by its content, and the same id twice in one call once', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const viewed = { name: 'product_viewed', email: 'cy@shop.example', occurred_at: '2026-11-22T09:00:00Z', properties: { product_id: 'p1' } };
    const result = await callWithKey(accounts, key, 'POST', 'events', { events: [viewed, { ...viewed }, { ...viewed, occurred_at: '2026-11-22T10:00:00Z' }, order('cy@shop.example', 'Z', 1), order('cy@shop.example', 'Z', 1)] });
    expect(result.json().payload).toEqual({ accepted: 3, duplicates: 2, rejected: [] });
    expect((await storedEvents(customer.email)).map((row) => row.name)).toEqual(['order_placed', 'product_viewed', 'product_viewed']);
  });

  it('judges imported opens by their user agent, keeps the send reference, and drops the agent', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const opened = (agent: string, at: string) => ({ name: 'email_opened', email: 'dee@shop.example', occurred_at: at, properties: { campaign_ref: 'mc-123', user_agent: agent } });
    const result = await callWithKey(accounts, key, 'POST', 'events', {
      events: [
        opened('Mozilla/5.0', '2026-11-01T10:00:00Z'),
        opened('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', '2026-11-01T12:00:00Z'),
        { name: 'email_clicked', email: 'dee@shop.example', properties: { user_agent: 'x' } },
      ],
    });
    expect(result.json().payload).toEqual({ accepted: 2, duplicates: 0, rejected: [{ index: 2, message: EVENT_MESSAGES.campaignRefMissing }] });
    const stored = await storedEvents(customer.email);
    expect(stored.map((row) => [row.machine, row.campaignRef, row.properties])).toEqual([
      [true, 'mc-123', null],
      [false, 'mc-123', null],
    ]);
  });

  it('refuses events for an erased address, and keeps an unsubscribed buyer unsubscribed', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const added = await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'gone@shop.example' });
    const left = await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'left@shop.example', status: 'unsubscribed' });
    const goneId = added.json().payload.subscriber.id as string;
    await callWithKey(accounts, key, 'POST', 'events', { events: [order('gone@shop.example', 'G0', 5)] });
    expect((await accounts.call('DELETE', `audience/v1/subscribers/${goneId}`, customer.cookie)).statusCode).toBe(200);
    // Their events went with them.
    const kept = await accounts.database.db.execute(sql`select count(*)::int as count from events where subscriber_id = ${goneId}::uuid`);
    expect(rowsOf<{ count: number }>(kept)[0]!.count).toBe(0);

    const result = await callWithKey(accounts, key, 'POST', 'events', { events: [order('gone@shop.example', 'G', 5), order('left@shop.example', 'L', 7)] });
    expect(result.json().payload).toEqual({ accepted: 1, duplicates: 0, rejected: [{ index: 0, message: EVENT_MESSAGES.erased }] });
    const person = await accounts.call('GET', `audience/v1/subscribers/${left.json().payload.subscriber.id}`, customer.cookie);
    expect(person.json().payload.status).toBe('unsubscribed');
  });

  it('lets a profile made from events subscribe, and then they are a subscriber like any other', async () => {
    const { customer, key } = await customerWithKey(accounts);
    await callWithKey(accounts, key, 'POST', 'events', { events: [order('eve@shop.example', 'E', 12)] });
    const created = await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'eve@shop.example', first_name: 'Eve' });
    expect(created.statusCode).toBe(201);
    expect(created.json().payload.subscriber).toMatchObject({ email: 'eve@shop.example', first_name: 'Eve', status: 'active' });
    // The same person: their order stays with them.
    expect((await storedEvents(customer.email)).map((row) => [row.email, row.status])).toEqual([['eve@shop.example', 'active']]);
    const again = await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'eve@shop.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.message).toBe(AUDIENCE_MESSAGES.subscriberExists);
  });

  it('lets the customer make a profile a subscriber by hand, as adding one by hand does', async () => {
    const { customer, key } = await customerWithKey(accounts);
    await callWithKey(accounts, key, 'POST', 'events', { events: [order('hal@shop.example', 'H', 3)] });
    const id = (await callWithKey(accounts, key, 'GET', 'subscribers?q=hal%40shop.example')).json().payload.subscribers[0].id as string;
    const saved = await accounts.call('PATCH', `audience/v1/subscribers/${id}`, customer.cookie, { status: 'active' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload.subscriber.status).toBe('active');
  });

  it('unsubscribes a person whose platform history records an unsubscribe after they joined', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const joined = await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'fay@shop.example' });
    const at = new Date(accounts.now().getTime() + 60_000).toISOString();
    await callWithKey(accounts, key, 'POST', 'events', { events: [{ name: 'email_unsubscribed', email: 'fay@shop.example', occurred_at: at, properties: { campaign_ref: 'b-1' } }] });
    const person = await accounts.call('GET', `audience/v1/subscribers/${joined.json().payload.subscriber.id}`, customer.cookie);
    expect(person.json().payload.status).toBe('unsubscribed');
  });

  it('answers a body that is not a batch, too many events, or no key, with a clear 4xx', async () => {
    const { key } = await customerWithKey(accounts);
    for (const body of [{}, { events: [] }, { events: {} }, { events: [order('a@b.example', '1', 1)], extra: 1 }]) {
      const answer = await callWithKey(accounts, key, 'POST', 'events', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().payload.message).toBe(EVENT_MESSAGES.bodyInvalid);
    }
    const many = await callWithKey(accounts, key, 'POST', 'events', { events: Array.from({ length: 5_001 }, () => ({ name: 'x' })) });
    expect(many.statusCode).toBe(400);
    expect(many.json().payload.message).toBe(EVENT_MESSAGES.tooMany);
    expect((await callWithKey(accounts, undefined, 'POST', 'events', { events: [] })).statusCode).toBe(401);
  });

  it('never lets one customer write to or read another customer\'s people', async () => {
    const first = await customerWithKey(accounts);
    const second = await customerWithKey(accounts);
    const theirs = await accounts.call('POST', 'audience/v1/subscribers', first.customer.cookie, { email: 'own@shop.example' });
    const id = theirs.json().payload.subscriber.id as string;
    const written = await callWithKey(accounts, second.key, 'POST', 'events', { events: [{ name: 'visited', subscriber_id: id }] });
    expect(written.json().payload).toEqual({ accepted: 0, duplicates: 0, rejected: [{ index: 0, message: EVENT_MESSAGES.subscriberIdInvalid }] });
    expect((await callWithKey(accounts, second.key, 'GET', `subscribers/${id}/events`)).statusCode).toBe(404);
    expect((await callWithKey(accounts, first.key, 'GET', `subscribers/${id}/events`)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/subscribers/{id}/events', () => {
  it('pages a person\'s events newest first, filtered by name and time, without skipping ties', async () => {
    const { key } = await customerWithKey(accounts);
    const same = '2026-11-10T12:00:00Z';
    const events = [
      ...Array.from({ length: 150 }, (_, index) => ({ name: 'page_viewed', email: 'gil@shop.example', id: `v${index}`, occurred_at: index < 120 ? same : `2026-11-0${1 + (index % 9)}T0${index % 10}:00:00Z` })),
      order('gil@shop.example', 'G1', 30),
    ];
    expect((await callWithKey(accounts, key, 'POST', 'events', { events })).json().payload.accepted).toBe(151);
    const id = (await callWithKey(accounts, key, 'GET', 'subscribers?q=gil%40shop.example')).json().payload.subscribers[0].id as string;

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await callWithKey(accounts, key, 'GET', `subscribers/${id}/events?name=page_viewed${cursor ? `&after=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      const body = page.json().payload as { events: { occurred_at: string }[]; next_cursor: string | null };
      seen.push(...body.events.map((event) => event.occurred_at));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(150);
    expect([...seen].sort().reverse()).toEqual(seen);

    const recent = await callWithKey(accounts, key, 'GET', `subscribers/${id}/events?after=2026-11-15T00:00:00Z`);
    expect(recent.json().payload.events.map((event: { name: string }) => event.name)).toEqual(['order_placed']);
    expect(recent.json().payload.events[0]).toMatchObject({ value: 30, currency: 'EUR', source: 'api', properties: { order_id: 'G1' } });
    const bad = await callWithKey(accounts, key, 'GET', `subscribers/${id}/events?after=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.message).toBe(EVENT_MESSAGES.cursorInvalid);
  });
});

describe('segments on events', () => {
  it('find who did an event at least N times lately, with a property, and who did not, machine opens aside', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const day = (daysAgo: number) => new Date(accounts.now().getTime() - daysAgo * 86_400_000).toISOString();
    const buy = (email: string, id: string, daysAgo: number, category: string) => ({
      name: 'order_placed', email, id, occurred_at: day(daysAgo), value: 20, currency: 'USD', properties: { order_id: id, category },
    });
    const opened = (email: string, agent: string) => ({ name: 'email_opened', email, occurred_at: day(1), properties: { campaign_ref: 'c1', user_agent: agent } });
    await callWithKey(accounts, key, 'POST', 'events', {
      events: [
        buy('often@shop.example', 'o1', 2, 'shoes'), buy('often@shop.example', 'o2', 5, 'shoes'), buy('often@shop.example', 'o3', 9, 'hats'),
        buy('once@shop.example', 'n1', 3, 'hats'),
        buy('lapsed@shop.example', 'l1', 200, 'shoes'),
        opened('proxy@shop.example', 'Mozilla/5.0'),
        opened('reader@shop.example', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)'),
      ],
    });
    async function matching(condition: object): Promise<number> {
      const answer = await accounts.call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { conditions: [condition] } });
      expect(answer.statusCode).toBe(200);
      return answer.json().payload.count as number;
    }
    expect(await matching({ field: 'event', op: 'did', value: 'order_placed', days: 30 })).toBe(2);
    expect(await matching({ field: 'event', op: 'did', value: 'order_placed', at_least: 3, days: 30 })).toBe(1);
    expect(await matching({ field: 'event', op: 'did', value: 'order_placed', at_least: 2, days: 4 })).toBe(0);
    expect(await matching({ field: 'event', op: 'did', value: 'order_placed' })).toBe(3);
    expect(await matching({ field: 'event', op: 'did', value: 'order_placed', key: 'category', property_value: 'shoes', at_least: 2 })).toBe(1);
    // Five people in all: two never bought, one bought only 200 days ago.
    expect(await matching({ field: 'event', op: 'did_not', value: 'order_placed', days: 90 })).toBe(3);
    expect(await matching({ field: 'event', op: 'did', value: 'email_opened' })).toBe(1);

    const bad = await accounts.call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { conditions: [{ field: 'event', op: 'did', value: 'Bad Name' }] } });
    expect(bad.statusCode).toBe(400);
  });
});
