import { HOME_GROWTH_DAYS, type HomeOverview } from '@postlark/shared/dashboard';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { orderEvent } from './support/purchase-orders';
import { confirmSender, SENDERS } from './support/senders';
import { clickIn, hit, pixelIn } from './support/ab-tests';
import { CAMPAIGNS, customerWithAudience, draft, runEngine } from './support/campaigns';

// Home's one read (GET /api/home/v1/overview): the audience's growth, the last campaign against
// the account's average, what is scheduled, what runs, and the get-started steps' real state.

const accounts = useAccountsApp({}, {}, { startAt: new Date('2026-11-24T10:00:00Z') });
const DAY = 24 * 60 * 60 * 1000;
const OVERVIEW = 'home/v1/overview';

async function overviewOf(cookie: string): Promise<HomeOverview> {
  const response = await accounts.call('GET', OVERVIEW, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as HomeOverview;
}

const query = <Row = unknown>(text: string, params: unknown[]) => rawQuery<Row>(accounts.database.db, text, params);

/** `count` subscribers who joined `daysAgo` days before the test's clock, with `status`. */
async function joined(customerId: string, prefix: string, count: number, daysAgo: number, status = 'active') {
  const at = new Date(accounts.now().getTime() - daysAgo * DAY).toISOString();
  await query(
    `insert into subscribers (customer_id, email, status, created_at, updated_at, consent_source, consent_at)
     select $1::uuid, $2 || i || '@history.example', $3, $4::timestamptz, $4::timestamptz, 'import', $4::timestamptz from generate_series(1, ${count}) as i`,
    [customerId, prefix, status, at],
  );
}

/** A campaign to the list, sent by the engine, its subject unique so its mail can be told apart. */
async function sendCampaign(cookie: string, list: string, name: string) {
  const created = await accounts.call('POST', CAMPAIGNS, cookie, draft(list, { name, subject: name, content_html: '<p>Hello</p><p><a href="https://lark.example/read">Read on</a></p>' }));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().payload.campaign.id as string;
  expect((await accounts.call('POST', `${CAMPAIGNS}/${id}/send`, cookie)).statusCode).toBe(200);
  await runEngine(accounts);
  return id;
}

describe('Home’s overview', () => {
  it('needs a session', async () => {
    expect((await accounts.call('GET', OVERVIEW)).statusCode).toBe(401);
  });

  it('a new account: nothing yet, every step but Sign Up still to do, the address fields it lacks named (the country came with the sign-up)', async () => {
    const customer = await accounts.signedInCustomer();
    const overview = await overviewOf(customer.cookie);
    expect(overview.audience).toMatchObject({ size: 0, growth_30d: 0, growth_90d: 0 });
    expect(overview.audience.days).toHaveLength(HOME_GROWTH_DAYS);
    expect(overview.audience.days.every((day) => day.size === 0 && day.joined === 0 && day.left === 0)).toBe(true);
    expect(overview).toMatchObject({
      last_campaign: null,
      average: null,
      scheduled: { total: 0, campaigns: [] },
      automations: { total: 0, flows: [] },
      ab_tests: { total: 0, tests: [] },
      steps: { platform: { done: false, platforms: [] }, sending: { done: false, sender_confirmed: false }, profile: { done: false }, campaign: { done: false } },
      has_orders: false,
    });
    expect(overview.steps.profile.missing.sort()).toEqual(['city', 'postal_code', 'street_address']);
  });

  it('counts the audience day by day, the last campaign’s results beside the average, what is scheduled and running; never another account’s', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const other = await customerWithAudience(accounts);
    // History: 5 before the 90 days, one of them gone 20 days ago; 4 joined 45 days ago, 3 ten days ago.
    await joined(customer.customerId, 'early', 5, 120);
    await joined(customer.customerId, 'left', 1, 120, 'unsubscribed');
    await query(
      `insert into subscriber_events (subscriber_id, kind, at) select id, 'unsubscribed', $2::timestamptz from subscribers where customer_id = $1::uuid and email like 'left%'`,
      [customer.customerId, new Date(accounts.now().getTime() - 20 * DAY).toISOString()],
    );
    await joined(customer.customerId, 'autumn', 4, 45);
    await joined(customer.customerId, 'recent', 3, 10);
    // A profile made from events alone never subscribed: not audience.
    await joined(customer.customerId, 'events', 2, 5, 'not_subscribed');
    // The other account's people and campaign never count here.
    await joined(other.customer.customerId, 'theirs', 7, 15);

    // Two campaigns to the list of three (two active): Ada opens and clicks the first; nobody the second.
    await sendCampaign(customer.cookie, list, 'First news');
    const message = accounts.smtp.messagesTo(ada).find((received) => received.subject === 'First news')!;
    // A person reads a while after delivery: opens in the first seconds are a scanner's.
    accounts.advance(10 * 60 * 1000);
    expect((await hit(accounts, pixelIn(message.html))).statusCode).toBe(200);
    expect((await hit(accounts, clickIn(message.html))).statusCode).toBeLessThan(400);
    accounts.advance(60 * 60 * 1000);
    const second = await sendCampaign(customer.cookie, list, 'Second news');
    await sendCampaign(other.customer.cookie, other.list, 'Their news');

    // One scheduled for next week.
    const planned = (await accounts.call('POST', CAMPAIGNS, customer.cookie, draft(list, { name: 'December news' }))).json().payload.campaign.id as string;
    const scheduled = await accounts.call('POST', `${CAMPAIGNS}/${planned}/schedule`, customer.cookie, { send_at: '2026-12-01T09:00', timezone: 'UTC' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    const overview = await overviewOf(customer.cookie);
    // 5 + 1 counted when the 90 days began; 4 + 3 + the list's 2 active (its third left the moment it was added) joined since; 1 left.
    expect(overview.audience).toMatchObject({ size: 14, growth_90d: 8, growth_30d: 4 });
    const days = overview.audience.days;
    expect(days[0]!.date).toBe('2026-08-27');
    expect(days.at(-1)).toEqual({ date: '2026-11-24', size: 14, joined: 2, left: 0 });
    expect(days.find((day) => day.date === '2026-10-10')).toEqual({ date: '2026-10-10', size: 10, joined: 4, left: 0 });
    expect(days.find((day) => day.date === '2026-11-04')).toEqual({ date: '2026-11-04', size: 9, joined: 0, left: 1 });
    expect(days.find((day) => day.date === '2026-11-14')).toEqual({ date: '2026-11-14', size: 12, joined: 3, left: 0 });

    expect(overview.last_campaign).toMatchObject({
      id: second,
      name: 'Second news',
      platform: null,
      results: { sent: 2, delivered: 2, open_rate: 0, click_rate: 0, unsubscribes: 0, bounces: 0 },
    });
    expect(overview.average).toEqual({ campaigns: 2, results: { sent: 2, delivered: 2, open_rate: 0.25, click_rate: 0.25, unsubscribes: 0, bounces: 0 } });
    expect(overview.scheduled).toEqual({ total: 1, campaigns: [{ id: planned, name: 'December news', scheduled_at: '2026-12-01T09:00:00.000Z' }] });
    expect(overview.steps).toEqual({
      platform: { done: false, platforms: [] },
      sending: { done: true, sender_confirmed: true },
      profile: { done: true, missing: [] },
      campaign: { done: true },
    });

    // A live flow with people in it, a paused one, and an A/B test deciding.
    const flows = await query<{ id: string; name: string }>(
      `insert into flows (customer_id, name, status, trigger_type, trigger_ref, created_at, updated_at)
       values ($1::uuid, 'Welcome series', 'active', 'list_joined', $2, now(), now()), ($1::uuid, 'Paused flow', 'paused', 'list_joined', $2, now(), now()) returning id, name`,
      [customer.customerId, list],
    );
    const live = flows.find((flow) => flow.name === 'Welcome series')!.id;
    await query(
      `insert into flow_runs (customer_id, flow_id, subscriber_id, entry_id, version, status, started_at)
       select $1::uuid, $2::uuid, id, 900000 + row_number() over (), 1, 'active', now() from subscribers where customer_id = $1::uuid and email like 'autumn%'`,
      [customer.customerId, live],
    );
    await query(`insert into ab_tests (campaign_id, customer_id, settings, status, started_at, created_at) values ($1::uuid, $2::uuid, '{}'::jsonb, 'testing', now(), now())`, [
      planned,
      customer.customerId,
    ]);
    await query(`insert into connections (customer_id, platform, auth_kind, secret, account_name, account_ref, connected_at) values ($1::uuid, 'brevo', 'api_key', 'sealed', 'Lark', '', now())`, [
      customer.customerId,
    ]);

    const later = await overviewOf(customer.cookie);
    expect(later.automations).toEqual({ total: 1, flows: [{ id: live, name: 'Welcome series', people: 4 }] });
    expect(later.ab_tests).toEqual({ total: 1, tests: [{ id: planned, name: 'December news', status: 'testing', deadline_at: null }] });
    expect(later.steps.platform).toEqual({ done: true, platforms: ['brevo'] });

    // The other account sees its own figures only.
    const theirs = await overviewOf(other.customer.cookie);
    expect(theirs.audience).toMatchObject({ size: 9, growth_90d: 9 });
    expect(theirs.last_campaign).toMatchObject({ name: 'Their news' });
    expect(theirs.average?.campaigns).toBe(1);
    expect(theirs).toMatchObject({ scheduled: { total: 0 }, automations: { total: 0 }, ab_tests: { total: 0 }, steps: { platform: { done: false } } });
  });

  // Issue 38, point 4: Postlark is the customer's email platform; connecting another is an option.
  it('sending is set up by a confirmed sender alone, no platform connected; an unconfirmed one is not enough', async () => {
    const customer = await accounts.signedInCustomer();
    const pending = await accounts.call('POST', SENDERS, customer.cookie, { email: 'waiting@lark.example' });
    expect(pending.statusCode, pending.body).toBeLessThan(300);
    expect((await overviewOf(customer.cookie)).steps.sending).toEqual({ done: false, sender_confirmed: false });

    await confirmSender(accounts, customer.cookie, 'news@lark.example');
    const overview = await overviewOf(customer.cookie);
    expect(overview.steps.sending).toEqual({ done: true, sender_confirmed: true });
    expect(overview.steps.platform).toEqual({ done: false, platforms: [] });
  });

  // Issue 38, point 18: Home leads to the purchase insights only once there are orders to read.
  it('has_orders turns true with the first order_placed event, and only for its own account', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const other = await accounts.signedInCustomer();
    expect((await overviewOf(customer.cookie)).has_orders).toBe(false);

    const sent = await callWithKey(accounts, key, 'POST', 'events', { events: [orderEvent('buyer@shop.example', 'first', accounts.now(), 25)] });
    expect(sent.statusCode, sent.body).toBe(202);
    expect((await overviewOf(customer.cookie)).has_orders).toBe(true);
    expect((await overviewOf(other.cookie)).has_orders).toBe(false);
  });
});
