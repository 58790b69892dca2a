import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { verifyWebhook } from '../src/modules/outgoing-webhooks/signature';
import { useAccountsApp } from './support/accounts-app';
import { CONTACT } from './support/campaigns';
import { eventually } from './support/eventually';
import { emailStep, FLOWS, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Each step type through the routes, the events API and the real SMTP server, on the test's clock
// (2026-06-01 10:00 UTC, a Monday).

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', WEBHOOKS_ALLOW_LOCAL: 'true' });
const { call } = accounts;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const engine = useFlowEngine(accounts);

const wait = (id: string, next: string | null, amount = 1, unit = 'days') => ({ id, type: 'wait', duration: { amount, unit }, next });

describe('email and wait steps', () => {
  it('starts on an event passing its filter, sends as a campaign does (merge tags, tracking, footer, unsubscribe), waits, sends the next, and enters once per event', async () => {
    const customer = await flowCustomer(accounts);
    const ada = personEmail('ada');
    const adaId = await customer.subscriber(ada, { first_name: 'Ada' });
    const flowId = await customer.activeFlow('Cart', {
      trigger: { type: 'event', event: 'cart_updated', filters: [{ path: 'total', op: 'gt', value: 20 }] },
      start: 'one',
      steps: [
        emailStep('one', 'wait', {
          preheader: 'Your cart misses you',
          content_html: '<p>Hello {{ first_name }}, this is one. <a href="https://shop.example/cart">Your cart</a> of {{ event.total }} ({{ event.coupon | default: "no coupon" }}).</p>',
        }),
        wait('wait', 'two'),
        emailStep('two'),
      ],
    });
    await customer.events([
      { name: 'cart_updated', email: ada, id: 'cart-small', properties: { total: 5 } },
      { name: 'cart_updated', email: ada, id: 'cart-big', properties: { total: 50 } },
    ]);
    // The same event again (its id) is a duplicate: it enters nobody a second time.
    expect((await customer.events([{ name: 'cart_updated', email: ada, id: 'cart-big', properties: { total: 50 } }])).duplicates).toBe(1);
    await engine.drain();

    const first = await accounts.smtp.waitForMessage(ada);
    expect(first.subject).toBe('Step one for Ada');
    expect(first.html).toContain('Hello Ada, this is one.');
    // The triggering event's properties are merge tags of the email ({{ event.total }}).
    expect(first.html).toContain('Your cart</a> of 50 (no coupon).');
    expect(first.html).toContain('Your cart misses you');
    // The campaign footer: who sends it, the postal address, the unsubscribe link; and tracking.
    expect(first.html).toContain('You receive this email because you subscribed to Lark Shop.');
    expect(first.html).toContain(CONTACT.street_address);
    expect(first.html).toMatch(/\/t\/o\/[^"]+/);
    expect(first.html).toMatch(/\/t\/c\/[^"]+\?u=https%3A%2F%2Fshop\.example%2Fcart/);
    // Headers unfolded (a long one spans lines).
    // One-click only: no mailto to the customer's own inbox (issue 30).
    expect(first.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/[^>]+>\r\n/);
    expect(first.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(first.text).toContain('Unsubscribe or choose what you receive');

    // Nothing more until the day has passed.
    accounts.advance(DAY - 60_000);
    await engine.drain();
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(1);
    accounts.advance(60_000);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(ada, { after: 1 })).subject).toBe('Step two for Ada');

    const runs = await customer.runs(flowId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', end_reason: 'Reached the end of the flow.' });
    expect(runs[0]!.steps.map((step) => [step.step_id, step.status])).toEqual([
      ['one', 'done'],
      ['wait', 'done'],
      ['two', 'done'],
    ]);
    const stats = await customer.stats(flowId);
    expect(stats.steps.map((step: { step_id: string; entered: number; emails_sent: number; completed: number }) => [step.step_id, step.entered, step.completed, step.emails_sent])).toEqual([
      ['one', 1, 1, 1],
      ['wait', 1, 1, 0],
      ['two', 1, 1, 1],
    ]);

    // An open and a click of the first email count for its step, as a campaign's do.
    const open = /\/t\/o\/[^"]+/.exec(first.html)![0];
    const click = /\/t\/c\/[^"]+/.exec(first.html)![0].replace(/&amp;/g, '&');
    accounts.advance(HOUR);
    await accounts.app.inject({ method: 'GET', url: open, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/128.0' } });
    await accounts.app.inject({ method: 'GET', url: click, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/128.0' } });
    // Hits are written in batches (a quarter second): the step's figures show them once stored.
    await eventually(
      async () => {
        const step = (await customer.stats(flowId)).steps[0];
        return step.opens === 1 && step.clicks === 1 ? step : undefined;
      },
      { what: 'the open and click counted for the step' },
    );
    // The tracking rows tie to the step's hidden campaign row, never listed with the campaigns.
    expect((await call('GET', 'campaigns/v1/campaigns', customer.cookie)).json().payload.campaigns).toEqual([]);
    const [ledger] = rowsOf<{ count: number }>(
      await accounts.database.db.execute(sql`select count(*)::int as count from campaign_messages where subscriber_id = ${adaId}::uuid and flow_step_run_id > 0 and status = 'sent'`),
    );
    expect(ledger!.count).toBe(2);
  });
});

describe('waiting until a weekday and hour', () => {
  it('waits until the next chosen weekday at the hour in the person’s own timezone', async () => {
    const customer = await flowCustomer(accounts);
    const bo = personEmail('bo');
    await customer.subscriber(bo, { first_name: 'Bo', timezone: 'America/New_York' });
    // To the next Monday 10:00 UTC (other tests moved the clock).
    const now = accounts.now();
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7), 10));
    accounts.advance(monday.getTime() - now.getTime());
    await customer.activeFlow('Midweek', {
      trigger: { type: 'event', event: 'browsed' },
      start: 'until',
      // Wednesday 09:00 in New York (summer time, UTC-4) is 13:00 UTC; the clock reads Monday 10:00 UTC.
      steps: [{ id: 'until', type: 'wait', until: { weekdays: [3], hour: 9 }, next: 'mail' }, emailStep('mail')],
    });
    await customer.events([{ name: 'browsed', email: bo, id: 'b1' }]);
    await engine.drain();
    accounts.advance(2 * DAY + 3 * HOUR - 60_000); // Wednesday 12:59 UTC
    await engine.drain();
    expect(accounts.smtp.messagesTo(bo)).toHaveLength(0);
    accounts.advance(60_000);
    await engine.drain();
    const mail = await accounts.smtp.waitForMessage(bo);
    expect(mail.subject).toBe('Step mail for Bo');
  });
});

describe('waiting for an event', () => {
  it('takes the event path when the event comes in time, and the timeout path when it does not', async () => {
    const customer = await flowCustomer(accounts);
    const [quick, slow] = [personEmail('quick'), personEmail('slow')];
    for (const email of [quick, slow]) await customer.subscriber(email);
    const flowId = await customer.activeFlow('Checkout nudge', {
      trigger: { type: 'event', event: 'checkout_started' },
      start: 'await',
      steps: [
        { id: 'await', type: 'wait_event', event: 'payment_added', filters: [{ path: 'method', op: 'equals', value: 'card' }], timeout: { amount: 2, unit: 'hours' }, next: 'thanks', timeout_next: 'nudge' },
        emailStep('thanks', null, { subject: 'Thanks' }),
        emailStep('nudge', null, { subject: 'Need a hand?' }),
      ],
    });
    await customer.events([
      { name: 'checkout_started', email: quick, id: 'q1' },
      { name: 'checkout_started', email: slow, id: 's1' },
    ]);
    await engine.drain();
    accounts.advance(HOUR);
    // A payment of the wrong method does not count; the card does.
    await customer.events([
      { name: 'payment_added', email: quick, id: 'q2', properties: { method: 'voucher' } },
      { name: 'payment_added', email: quick, id: 'q3', properties: { method: 'card' } },
    ]);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(quick)).subject).toBe('Thanks');
    expect(accounts.smtp.messagesTo(slow)).toHaveLength(0);
    accounts.advance(HOUR);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(slow)).subject).toBe('Need a hand?');
    const runs = await customer.runs(flowId);
    const awaitOf = (email: string) => runs.find((run) => run.email === email)!.steps.find((step) => step.step_id === 'await');
    expect(awaitOf(quick)).toMatchObject({ outcome: 'event' });
    expect(awaitOf(slow)).toMatchObject({ outcome: 'timeout', reason: 'No payment_added within the time allowed.' });
  });
});

describe('splits, updates and exits', () => {
  it('splits on fields, lists, segments and events in the last N days, updates the person, and exits', async () => {
    const customer = await flowCustomer(accounts);
    const vip = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'VIP', double_opt_in: false })).json().payload.list.id as string;
    const segment = (
      await call('POST', 'audience/v1/segments', customer.cookie, { name: 'Gold plan', definition: { conditions: [{ field: 'attribute', key: 'plan', op: 'is', value: 'gold' }] } })
    ).json().payload.segment.id as string;
    const [gold, buyer, plain] = [personEmail('gold'), personEmail('buyer'), personEmail('plain')];
    await customer.subscriber(gold, { first_name: 'Gil', attributes: { plan: 'gold' } });
    await customer.subscriber(buyer, { first_name: 'Bea', list_ids: [vip] });
    const plainId = await customer.subscriber(plain, { first_name: 'Pat' });
    await customer.events([{ name: 'order_placed', email: buyer, id: 'o1', occurred_at: '2026-05-25T10:00:00Z', value: 30, currency: 'EUR', properties: { order_id: 'o1' } }]);
    const flowId = await customer.activeFlow('Sorting hat', {
      trigger: { type: 'event', event: 'sorted' },
      start: 'is-gold',
      steps: [
        { id: 'is-gold', type: 'split', condition: { rules: [{ type: 'segment', op: 'in', segment_id: segment }] }, yes: 'gold-mail', no: 'is-buyer' },
        emailStep('gold-mail', null, { subject: 'Gold' }),
        {
          id: 'is-buyer',
          type: 'split',
          condition: {
            match: 'all',
            rules: [
              { type: 'event', op: 'did', event: 'order_placed', days: 30 },
              { type: 'profile', condition: { field: 'list', op: 'in', value: vip } },
              { type: 'profile', condition: { field: 'first_name', op: 'is', value: 'bea' } },
            ],
          },
          yes: 'buyer-mail',
          no: 'tag',
        },
        emailStep('buyer-mail', null, { subject: 'Buyer' }),
        { id: 'tag', type: 'update', first_name: 'Patricia', attributes: { plan: 'trial' }, add_to_lists: [vip], next: 'leave' },
        { id: 'leave', type: 'exit' },
      ],
    });
    await customer.events(['gold', 'buyer', 'plain'].map((name, index) => ({ name: 'sorted', email: [gold, buyer, plain][index], id: `sort-${name}` })));
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(gold)).subject).toBe('Gold');
    expect((await accounts.smtp.waitForMessage(buyer)).subject).toBe('Buyer');
    expect(accounts.smtp.messagesTo(plain)).toHaveLength(0);
    const person = (await call('GET', `audience/v1/subscribers/${plainId}`, customer.cookie)).json().payload;
    expect(person.subscriber ?? person).toMatchObject({ first_name: 'Patricia' });
    expect(JSON.stringify(person)).toContain('"plan":"trial"');
    expect(JSON.stringify(person)).toContain(vip);
    const runs = await customer.runs(flowId);
    const run = (email: string) => runs.find((item) => item.email === email)!;
    expect(run(plain)).toMatchObject({ status: 'exited', end_reason: 'Left at the exit step "leave".' });
    expect(run(plain).steps.find((step) => step.step_id === 'is-buyer')!.reason).toContain('order_placed 0 times in the last 30 days');
    expect(run(buyer).steps.find((step) => step.step_id === 'is-buyer')).toMatchObject({ outcome: 'yes' });
    expect(run(gold).status).toBe('completed');
  });
});

describe('webhook steps', () => {
  let server: Server;
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let answers: number[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = answers.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts a signed request, tries again after a failure with the same id, and moves on once delivered', async () => {
    const customer = await flowCustomer(accounts);
    const cy = personEmail('cy');
    await customer.subscriber(cy, { first_name: 'Cy' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const flowId = await customer.activeFlow('To the CRM', {
      trigger: { type: 'event', event: 'lead_scored' },
      start: 'hook',
      steps: [{ id: 'hook', type: 'webhook', url, data: { pipeline: 'sales' }, next: 'mail' }, emailStep('mail')],
    });
    // The signing secret is shown once, when made; a flow never carries it.
    expect(JSON.stringify((await call('GET', `${FLOWS}/${flowId}`, customer.cookie)).json())).not.toContain('whsec_');
    const made = await call('POST', 'automations/v1/webhook-secret', customer.cookie);
    expect(made.headers['cache-control']).toBe('no-store');
    const secret = made.json().payload.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const stored = rowsOf<{ value: string }>(await accounts.database.db.execute(sql`select value from server_secrets where name like 'flow-webhooks:%'`));
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    answers = [500];
    await customer.events([{ name: 'lead_scored', email: cy, id: 'l1', properties: { score: 80 } }]);
    await engine.drain();
    expect(received).toHaveLength(1);
    expect(accounts.smtp.messagesTo(cy)).toHaveLength(0);
    const [deferred] = await customer.runs(flowId);
    expect(deferred!.notes[0]).toMatchObject({ kind: 'deferred', step_id: 'hook' });
    expect(deferred!.notes[0]!.reason).toContain('HTTP 500');
    accounts.advance(30_000);
    await engine.drain();
    expect(received).toHaveLength(2);
    expect((await accounts.smtp.waitForMessage(cy)).subject).toBe('Step mail for Cy');
    const [first, second] = received;
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    const headers = { id: String(second!.headers['webhook-id']), timestamp: String(second!.headers['webhook-timestamp']), signature: String(second!.headers['webhook-signature']) };
    expect(verifyWebhook(secret, headers, second!.body)).toBe(true);
    expect(verifyWebhook(secret, headers, second!.body.replace('sales', 'other'))).toBe(false);
    expect(JSON.parse(second!.body)).toMatchObject({ flow_id: flowId, step_id: 'hook', subscriber: { email: cy, first_name: 'Cy' }, trigger: { event: 'lead_scored', properties: { score: 80 } }, data: { pipeline: 'sales' } });
    const invalid = await call('POST', FLOWS, customer.cookie, {
      name: 'Bad hook',
      definition: { trigger: { type: 'event', event: 'x' }, start: 'hook', steps: [{ id: 'hook', type: 'webhook', url: 'http://10.0.0.5/in' }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().payload.errors['steps.0.url']).toBeDefined();
  });
});

describe('test with a person', () => {
  it('shows the path a person would take from a past event, and why, without sending', async () => {
    const customer = await flowCustomer(accounts);
    const di = personEmail('di');
    const diId = await customer.subscriber(di, { first_name: 'Di' });
    const flowId = await customer.activeFlow('Cart test', {
      trigger: { type: 'event', event: 'cart_updated', filters: [{ path: 'total', op: 'gt', value: 10 }] },
      start: 'wait',
      steps: [
        wait('wait', 'bought', 1, 'hours'),
        { id: 'bought', type: 'split', condition: { rules: [{ type: 'event', op: 'did', event: 'order_placed', days: 1 }] }, yes: null, no: 'mail' },
        emailStep('mail'),
      ],
    });
    accounts.advance(-DAY);
    await customer.events([{ name: 'cart_updated', email: di, id: 'small', properties: { total: 3 } }]);
    accounts.advance(60_000);
    await customer.events([{ name: 'cart_updated', email: di, id: 'big', properties: { total: 30 } }]);
    accounts.advance(DAY - 60_000);
    const events = (await call('GET', `audience/v1/subscribers/${diId}/events`, customer.cookie)).json();
    const list = events.payload.events as { name: string; occurred_at: string; properties: { total: number } }[];
    const byTotal = (total: number) => {
      const found = list.find((event) => event.properties.total === total)!;
      return { name: found.name, occurred_at: found.occurred_at };
    };
    const before = accounts.smtp.messages.length;
    const small = await call('POST', `${FLOWS}/${flowId}/test`, customer.cookie, { subscriber_id: diId, event: byTotal(3) });
    expect(small.json().payload.test).toMatchObject({ enters: false, path: [] });
    expect(small.json().payload.test.reason).toContain('total');
    const big = (await call('POST', `${FLOWS}/${flowId}/test`, customer.cookie, { subscriber_id: diId, event: byTotal(30) })).json().payload.test;
    expect(big.enters, big.reason).toBe(true);
    expect(big.path.map((step: { step_id: string; outcome: string }) => [step.step_id, step.outcome])).toEqual([
      ['wait', 'waits'],
      ['bought', 'no'],
      ['mail', 'would_send'],
    ]);
    expect(accounts.smtp.messages.length).toBe(before);
    await engine.drain();
    expect((await customer.runs(flowId))).toHaveLength(1);
  });
});
