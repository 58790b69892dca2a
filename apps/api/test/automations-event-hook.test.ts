import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/results';
import { flowEventHook } from '../src/modules/automations/flow-event-hook';
import { ingestEvents } from '../src/modules/events/events.service';
import { useAccountsApp } from './support/accounts-app';
import { flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Issue 31, point 9: what a batch of events does to flows (goals reached, waiting steps woken)
// takes as many statements in the ingest transaction for a large batch as for a small one.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', WEBHOOKS_ALLOW_LOCAL: 'true' });
const engine = useFlowEngine(accounts);
const HOUR = 3_600_000;

/** The transaction as the hook gets it, counting the statements the hook sends through it. */
function counting(tx: Db, counter: { statements: number }): Db {
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'execute' && typeof value === 'function') {
        return (...args: unknown[]) => {
          counter.statements += 1;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Ingests the batch as POST /api/v1/events does, answering how many statements the flows' hook took. */
async function ingestCounted(customerId: string, events: object[]): Promise<number> {
  const counter = { statements: 0 };
  const deps = { db: accounts.database.db, now: accounts.now, onEventsStored: (tx: Db, customer: string, stored: Parameters<typeof flowEventHook>[2]) => flowEventHook(counting(tx, counter), customer, stored) };
  const result = await ingestEvents(deps, customerId, { events }, 'api');
  expect(result).toMatchObject({ accepted: events.length, rejected: [] });
  return counter.statements;
}

const answers = (people: readonly string[], method = 'card') =>
  people.flatMap((email) => [
    { name: 'order_placed', email, id: `order-${email}`, value: 25, currency: 'EUR', properties: { order_id: `order-${email}` } },
    { name: 'payment_added', email, id: `payment-${email}`, properties: { method } },
  ]);

describe('events reaching flows, a batch at a time', () => {
  it('ends runs at their goal and wakes waiting steps for a whole batch, in as many statements for 62 events as for 6', async () => {
    const customer = await flowCustomer(accounts);
    const hook = await accounts.call('POST', 'home/v1/webhooks', customer.cookie, { url: 'http://127.0.0.1:9/hooks', event_types: ['order.attributed'], description: 'Our CRM' });
    expect(hook.statusCode, hook.body).toBe(201);
    const people = Array.from({ length: 40 }, () => personEmail('shopper'));
    for (const email of people) await customer.subscriber(email);
    const browse = await customer.activeFlow('Browse abandonment', {
      trigger: { type: 'event', event: 'viewed' },
      start: 'rest',
      steps: [{ id: 'rest', type: 'wait', duration: { amount: 1, unit: 'days' }, next: null }],
      goal: { event: 'order_placed' },
    });
    const checkout = await customer.activeFlow('Checkout', {
      trigger: { type: 'event', event: 'started' },
      start: 'await',
      steps: [{ id: 'await', type: 'wait_event', event: 'payment_added', filters: [{ path: 'method', op: 'equals', value: 'card' }], timeout: { amount: 1, unit: 'days' }, next: null }],
    });
    await customer.events(people.flatMap((email) => [{ name: 'viewed', email, id: `viewed-${email}` }, { name: 'started', email, id: `started-${email}` }]));
    await engine.drain();
    accounts.advance(HOUR);
    const answeredAt = accounts.now().toISOString();

    const small = await ingestCounted(customer.customerId, answers(people.slice(0, 3)));
    // 31 people: 30 pay by card, one by voucher (the wait's filter refuses it; its order still reaches the goal).
    const large = await ingestCounted(customer.customerId, [...answers(people.slice(3, 33)), ...answers(people.slice(33, 34), 'voucher')]);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(6);

    const db = accounts.database.db;
    const runs = rowsOf<{ email: string; status: string; endReason: string | null }>(
      await db.execute(sql`select s.email, r.status, r.end_reason as "endReason" from flow_runs r join subscribers s on s.id = r.subscriber_id where r.flow_id = ${browse}::uuid`),
    );
    const reached = new Set(people.slice(0, 34));
    for (const run of runs) {
      expect(run).toEqual(
        reached.has(run.email)
          ? { email: run.email, status: 'goal', endReason: `Reached the goal: order_placed at ${answeredAt}.` }
          : { email: run.email, status: 'active', endReason: null },
      );
    }
    expect(runs).toHaveLength(40);
    const notes = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from flow_run_notes n join flow_runs r on r.id = n.run_id where r.flow_id = ${browse}::uuid and n.kind = 'ended'`));
    expect(notes[0]!.n).toBe(34);
    const cancelled = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from flow_step_runs where flow_id = ${browse}::uuid and status = 'cancelled'`));
    expect(cancelled[0]!.n).toBe(34);
    const attributed = rowsOf<{ runs: number }>(
      await db.execute(sql`select jsonb_array_length(data->'attributed_to'->'run_ids') as runs from webhook_outbox where customer_id = ${customer.customerId}::uuid and type = 'order.attributed'`),
    );
    expect(attributed).toEqual(Array(34).fill({ runs: 1 }));

    const woken = rowsOf<{ email: string; eventAt: string | null }>(
      await db.execute(sql`select s.email, r.event_at as "eventAt" from flow_step_runs r join subscribers s on s.id = r.subscriber_id where r.flow_id = ${checkout}::uuid`),
    );
    const paid = new Set(people.slice(0, 33));
    for (const wait of woken) expect({ email: wait.email, eventAt: wait.eventAt && new Date(wait.eventAt).toISOString() }).toEqual({ email: wait.email, eventAt: paid.has(wait.email) ? answeredAt : null });
    expect(woken).toHaveLength(40);
  });
});
