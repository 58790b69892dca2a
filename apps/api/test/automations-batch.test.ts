import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { runFlowsOnce } from '../src/modules/automations/flow-engine';
import type { CampaignTransport } from '../src/modules/campaigns/campaign-transport';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, flowCustomer, flowEngine, personEmail } from './support/flows';

// The engine sends a pass's emails as one batch (decided together, then offered one per lane):
// what happens between the decision and the relay. A person who unsubscribes while the batch is
// being sent gets nothing, and a worker stopped after the relay took an email but before its
// step was settled leaves it done (not unknown, never sent again) for the next worker.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', WEBHOOKS_ALLOW_LOCAL: 'true' });
const { call } = accounts;
const LEASE_MS = 60_000;

/** The flow's steps and ledger rows by address, as stored. */
async function stored(flowId: string) {
  const db = accounts.database.db;
  const steps = rowsOf<{ email: string; status: string; reason: string | null }>(
    await db.execute(sql`select s.email, r.status, r.reason from flow_step_runs r join subscribers s on s.id = r.subscriber_id where r.flow_id = ${flowId}::uuid`),
  );
  const ledger = rowsOf<{ email: string; status: string }>(
    await db.execute(sql`select m.email, m.status from campaign_messages m join flow_step_campaigns c on c.campaign_id = m.campaign_id where c.flow_id = ${flowId}::uuid`),
  );
  return { step: (email: string) => steps.find((row) => row.email === email), ledger: (email: string) => ledger.find((row) => row.email === email)?.status };
}

describe('a batch of automation emails', () => {
  it('sends nothing to a person who unsubscribes while the batch is being sent, and records why', async () => {
    const customer = await flowCustomer(accounts);
    const [first, second] = [personEmail('batch'), personEmail('batch')];
    await customer.subscriber(first);
    const secondId = await customer.subscriber(second);
    const flowId = await customer.activeFlow('Thanks', { trigger: { type: 'event', event: 'ordered' }, start: 'mail', steps: [emailStep('mail')] });
    await customer.events([first, second].map((email, index) => ({ name: 'ordered', email, id: `batch-order-${index}-${email}` })));
    const engine = await flowEngine(accounts, { concurrency: 1 });
    const relay = engine.deps.transport;
    // The second person unsubscribes while the relay takes the first's email: both were decided already.
    const transport: CampaignTransport = {
      async send(mail) {
        if (mail.to === first) expect((await call('PATCH', `audience/v1/subscribers/${secondId}`, customer.cookie, { status: 'unsubscribed' })).statusCode).toBe(200);
        await relay.send(mail);
      },
      close: () => relay.close(),
    };
    engine.deps.transport = transport;
    try {
      await engine.drain();
    } finally {
      await engine.close();
    }
    expect(accounts.smtp.messagesTo(first)).toHaveLength(1);
    expect(accounts.smtp.messagesTo(second)).toHaveLength(0);
    const rows = await stored(flowId);
    expect(rows.step(first)).toMatchObject({ status: 'done' });
    expect(rows.step(second)).toMatchObject({ status: 'skipped', reason: 'The run had ended.' });
    expect([rows.ledger(first), rows.ledger(second)]).toEqual(['sent', 'skipped']);
    const runs = await customer.runs(flowId);
    expect(runs.find((run) => run.email === second)).toMatchObject({ status: 'unsubscribed', end_reason: 'The person unsubscribed.' });
  });

  it('leaves an email the relay took done when its worker stops before settling it, and the one it was offering unknown', async () => {
    const customer = await flowCustomer(accounts);
    const hook = await call('POST', 'home/v1/webhooks', customer.cookie, { url: 'http://127.0.0.1:9/hooks', event_types: ['automation.email_sent'], description: 'Our CRM' });
    expect(hook.statusCode, hook.body).toBe(201);
    const [taken, held] = [personEmail('stopped'), personEmail('stopped')];
    for (const email of [taken, held]) await customer.subscriber(email);
    const flowId = await customer.activeFlow('Welcome', {
      trigger: { type: 'event', event: 'joined' },
      start: 'hello',
      steps: [emailStep('hello', 'later'), { id: 'later', type: 'wait', duration: { amount: 1, unit: 'days' } }],
    });
    await customer.events([taken, held].map((email, index) => ({ name: 'joined', email, id: `stopped-${index}-${email}` })));

    // The first worker: the relay takes the first email, then the second never comes back (the worker is gone).
    const stopping = await flowEngine(accounts, { concurrency: 1, leaseMs: LEASE_MS });
    const relay = stopping.deps.transport;
    let offeredSecond: () => void = () => {};
    const secondOffered = new Promise<void>((resolve) => (offeredSecond = resolve));
    let release: (error: Error) => void = () => {};
    stopping.deps.transport = {
      async send(mail) {
        if (mail.to === taken) return relay.send(mail);
        offeredSecond();
        await new Promise<void>((_, reject) => (release = reject));
      },
      close: () => relay.close(),
    };
    const pass = runFlowsOnce(stopping.deps);
    await secondOffered;

    // The next worker, past the lease.
    accounts.advance(LEASE_MS + 1_000);
    const next = await flowEngine(accounts, { leaseMs: LEASE_MS });
    try {
      await next.drain();
    } finally {
      await next.close();
    }
    release(new Error('the stopped worker’s connection is gone'));
    await pass;
    await stopping.close();

    expect(accounts.smtp.messagesTo(taken)).toHaveLength(1);
    expect(accounts.smtp.messagesTo(held)).toHaveLength(0);
    const rows = await stored(flowId);
    expect(rows.step(taken)).toMatchObject({ status: 'done' });
    expect(rows.step(held)?.status).toBe('unknown');
    expect([rows.ledger(taken), rows.ledger(held)]).toEqual(['sent', 'unknown']);
    // Both runs went on to the wait; the customer's systems heard of the one email sent, once.
    const runs = await customer.runs(flowId);
    for (const email of [taken, held]) expect(runs.find((run) => run.email === email)!.steps.map((step) => [step.step_id, step.status])).toContainEqual(['later', 'waiting']);
    const events = rowsOf<{ email: string }>(
      await accounts.database.db.execute(
        sql`select data->'subscriber'->>'email' as email from webhook_outbox where customer_id = ${customer.customerId}::uuid and type = 'automation.email_sent'`,
      ),
    );
    expect(events).toEqual([{ email: taken }]);
  });
});
