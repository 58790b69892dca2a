import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, FLOWS, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// The rules a customer sets per flow, on the test's clock: the frequency cap across flows and
// quiet hours defer (never drop) with the reason recorded, re-entry never / after N days / always,
// a goal ends the run, unsubscribing ends every flow at once, profiles without consent are never
// mailed, and a live edit moves people at a removed step to the next one.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const engine = useFlowEngine(accounts);

const oneEmail = (event: string, rules: object = {}, extra: object = {}) => ({
  trigger: { type: 'event', event },
  start: 'mail',
  steps: [emailStep('mail', null, { subject: `About ${event}` })],
  rules,
  ...extra,
});

describe('frequency cap and quiet hours', () => {
  it('defers a second automation email within the cap to the next allowed time, across flows, and says why', async () => {
    const customer = await flowCustomer(accounts);
    const ann = personEmail('ann');
    await customer.subscriber(ann);
    await customer.activeFlow('First', oneEmail('first_thing', { frequency_cap_hours: 16 }));
    const second = await customer.activeFlow('Second', oneEmail('second_thing', { frequency_cap_hours: 16 }));
    await customer.events([{ name: 'first_thing', email: ann, id: 'f1' }]);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(ann)).subject).toBe('About first_thing');
    const sentAt = accounts.now().getTime();
    accounts.advance(HOUR);
    await customer.events([{ name: 'second_thing', email: ann, id: 's1' }]);
    await engine.drain();
    expect(accounts.smtp.messagesTo(ann)).toHaveLength(1);
    const [run] = await customer.runs(second);
    expect(run!.notes[0]).toMatchObject({ kind: 'deferred', step_id: 'mail' });
    expect(run!.notes[0]!.reason).toContain(`frequency cap (at most one automation email per 16 hours`);
    expect(run!.notes[0]!.reason).toContain(new Date(sentAt + 16 * HOUR).toISOString());
    // Not before the cap allows, then sent: deferred, never dropped.
    accounts.advance(15 * HOUR - 60_000);
    await engine.drain();
    expect(accounts.smtp.messagesTo(ann)).toHaveLength(1);
    accounts.advance(60_000);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(ann, { after: 1 })).subject).toBe('About second_thing');
  });

  it('defers an email in quiet hours (the person’s timezone) to their end', async () => {
    const customer = await flowCustomer(accounts);
    const kai = personEmail('kai');
    await customer.subscriber(kai, { timezone: 'Asia/Tokyo' });
    const flowId = await customer.activeFlow('Quiet', oneEmail('late_browse', { quiet_hours: { start: 21, end: 8 } }));
    // To the next 13:00 UTC: 22:00 in Tokyo (UTC+9), inside quiet hours until 08:00 Tokyo (23:00 UTC).
    const now = accounts.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (now.getUTCHours() >= 13 ? 1 : 0), 13));
    accounts.advance(target.getTime() - now.getTime());
    await customer.events([{ name: 'late_browse', email: kai, id: 'k1' }]);
    await engine.drain();
    expect(accounts.smtp.messagesTo(kai)).toHaveLength(0);
    const [run] = await customer.runs(flowId);
    expect(run!.notes[0]!.reason).toContain('quiet hours (21:00 to 8:00 in Asia/Tokyo)');
    accounts.advance(10 * HOUR - 60_000);
    await engine.drain();
    expect(accounts.smtp.messagesTo(kai)).toHaveLength(0);
    accounts.advance(60_000);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(kai)).subject).toBe('About late_browse');
  });
});

describe('re-entry', () => {
  it('enters once per trigger occurrence: never again, again after N days, or always, with the refusals recorded', async () => {
    const customer = await flowCustomer(accounts);
    const rae = personEmail('rae');
    await customer.subscriber(rae);
    const never = await customer.activeFlow('Never', oneEmail('visit_never', { reentry: 'never' }));
    const after = await customer.activeFlow('After', oneEmail('visit_after', { reentry: 'after_days', reentry_days: 7 }));
    const always = await customer.activeFlow('Always', oneEmail('visit_always', { reentry: 'always' }));
    const visit = async (id: string) => {
      await customer.events(['never', 'after', 'always'].map((kind) => ({ name: `visit_${kind}`, email: rae, id: `${kind}-${id}` })));
      await engine.drain();
    };
    await visit('1');
    accounts.advance(DAY);
    await visit('2');
    // Sessions end after 7 idle days: the customer keeps theirs in use.
    await accounts.advanceInUse(7 * DAY, customer.cookie);
    await visit('3');
    const count = async (flowId: string) => (await customer.runs(flowId)).length;
    expect(await count(never)).toBe(1);
    expect(await count(after)).toBe(2);
    expect(await count(always)).toBe(3);
    const stats = (await call('GET', `${FLOWS}/${never}/stats`, customer.cookie)).json().payload.stats;
    expect(stats.entries.refused).toBe(2);
    const subjects = accounts.smtp.messagesTo(rae).map((message) => message.subject);
    expect(subjects.filter((subject) => subject === 'About visit_never')).toHaveLength(1);
    expect(subjects.filter((subject) => subject === 'About visit_after')).toHaveLength(2);
    expect(subjects.filter((subject) => subject === 'About visit_always')).toHaveLength(3);
  });
});

describe('goals, unsubscribing and consent', () => {
  it('a goal event ends the flow for that person, counted as a conversion with its revenue', async () => {
    const customer = await flowCustomer(accounts);
    const [gus, hal] = [personEmail('gus'), personEmail('hal')];
    for (const email of [gus, hal]) await customer.subscriber(email);
    // The customer's own systems listen for automation emails and attributed orders.
    const hook = await call('POST', 'home/v1/webhooks', customer.cookie, { url: 'https://crm.example.com/hooks', event_types: ['automation.email_sent', 'order.attributed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const flowId = await customer.activeFlow('Abandoned', {
      trigger: { type: 'event', event: 'cart_updated' },
      start: 'first',
      steps: [emailStep('first', 'wait'), { id: 'wait', type: 'wait', duration: { amount: 1, unit: 'days' }, next: 'second' }, emailStep('second')],
      goal: { event: 'order_placed' },
    });
    await customer.events([
      { name: 'cart_updated', email: gus, id: 'g1' },
      { name: 'cart_updated', email: hal, id: 'h1' },
    ]);
    await engine.drain();
    accounts.advance(2 * HOUR);
    await customer.events([{ name: 'order_placed', email: gus, id: 'order-g', value: 42.5, currency: 'EUR', properties: { order_id: 'g-1' } }]);
    accounts.advance(DAY);
    await engine.drain();
    expect(accounts.smtp.messagesTo(gus).map((message) => message.subject)).toEqual(['Step first for you']);
    expect(accounts.smtp.messagesTo(hal)).toHaveLength(2);
    const runs = await customer.runs(flowId);
    expect(runs.find((run) => run.email === gus)).toMatchObject({ status: 'goal' });
    expect(runs.find((run) => run.email === gus)!.end_reason).toContain('Reached the goal: order_placed');
    const stats = await customer.stats(flowId);
    expect(stats.runs).toMatchObject({ goal: 1, completed: 1 });
    expect(stats.steps[0]).toMatchObject({ step_id: 'first', goal_conversions: 1, revenue: { EUR: 42.5 } });
    expect(stats.revenue).toEqual({ EUR: 42.5 });
    const outbox = rowsOf<{ type: string; data: Record<string, unknown> }>(
      await accounts.database.db.execute(sql`select type, data from webhook_outbox where customer_id = ${customer.customerId}::uuid order by created_at`),
    );
    expect(outbox.filter((row) => row.type === 'automation.email_sent')).toHaveLength(3);
    expect(outbox.find((row) => row.type === 'automation.email_sent')!.data).toMatchObject({ flow: { id: flowId }, step_id: 'first', subscriber: { email: expect.any(String) } });
    expect(outbox.filter((row) => row.type === 'order.attributed').map((row) => row.data)).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ order_id: 'g-1', value: 42.5, currency: 'EUR' }), attributed_to: expect.objectContaining({ type: 'automation', flow_id: flowId }) }),
    ]);
  });

  it('unsubscribing ends every flow for the person at once', async () => {
    const customer = await flowCustomer(accounts);
    const uma = personEmail('uma');
    const umaId = await customer.subscriber(uma);
    const flows = [];
    for (const name of ['one', 'two']) {
      flows.push(
        await customer.activeFlow(`Flow ${name}`, {
          trigger: { type: 'event', event: `start_${name}` },
          start: 'wait',
          steps: [{ id: 'wait', type: 'wait', duration: { amount: 2, unit: 'days' }, next: 'mail' }, emailStep('mail')],
        }),
      );
    }
    await customer.events([{ name: 'start_one', email: uma, id: 'u1' }, { name: 'start_two', email: uma, id: 'u2' }]);
    await engine.drain();
    expect((await call('PATCH', `audience/v1/subscribers/${umaId}`, customer.cookie, { status: 'unsubscribed' })).statusCode).toBe(200);
    for (const flowId of flows) {
      const [run] = await customer.runs(flowId);
      expect(run).toMatchObject({ status: 'unsubscribed', end_reason: 'The person unsubscribed.' });
      expect(run!.steps[0]).toMatchObject({ step_id: 'wait', status: 'cancelled' });
    }
    accounts.advance(3 * DAY);
    await engine.drain();
    expect(accounts.smtp.messagesTo(uma)).toHaveLength(0);
    // Nor does a new trigger bring them back in.
    await customer.events([{ name: 'start_one', email: uma, id: 'u3' }]);
    await engine.drain();
    expect((await customer.stats(flows[0]!)).entries.refused).toBe(1);
  });

  it('never mails a profile made from events (no consent), and records the skip', async () => {
    const customer = await flowCustomer(accounts);
    const ned = personEmail('ned');
    const flowId = await customer.activeFlow('Browse', oneEmail('viewed_pricing'));
    await customer.events([{ name: 'viewed_pricing', email: ned, id: 'n1' }]);
    await engine.drain();
    expect(accounts.smtp.messagesTo(ned)).toHaveLength(0);
    const [run] = await customer.runs(flowId);
    expect(run).toMatchObject({ status: 'completed' });
    expect(run!.steps[0]).toMatchObject({ status: 'skipped', reason: 'Not sent: this profile was made from events and has not subscribed (no consent to email).' });
    expect(run!.notes[0]).toMatchObject({ kind: 'skipped', step_id: 'mail' });
    expect((await customer.stats(flowId)).steps[0]).toMatchObject({ skipped: 1, emails_sent: 0 });
  });
});

describe('editing a live flow', () => {
  it('keeps people going: a removed step moves its people to the next one, and every change is a version', async () => {
    const customer = await flowCustomer(accounts);
    const [lia, max] = [personEmail('lia'), personEmail('max')];
    for (const email of [lia, max]) await customer.subscriber(email);
    const definition = {
      trigger: { type: 'event', event: 'joined_trial' },
      start: 'long-wait',
      steps: [{ id: 'long-wait', type: 'wait', duration: { amount: 7, unit: 'days' }, next: 'tips' }, emailStep('tips', 'short-wait'), { id: 'short-wait', type: 'wait', duration: { amount: 1, unit: 'days' }, next: 'bye' }, emailStep('bye')],
    };
    const flowId = await customer.activeFlow('Trial', definition);
    await customer.events([{ name: 'joined_trial', email: lia, id: 'l1' }]);
    await engine.drain();
    // Lia waits at long-wait; the new version drops it and rewrites the tips email.
    const edited = {
      ...definition,
      start: 'tips',
      steps: [emailStep('tips', 'short-wait', { subject: 'New tips' }), definition.steps[2], definition.steps[3]],
    };
    const saved = await call('PUT', `${FLOWS}/${flowId}`, customer.cookie, { definition: edited });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toMatchObject({ message: 'Flow saved. People already in it carry on with the new version.', flow: { version: 2, status: 'active' } });
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(lia)).subject).toBe('New tips');
    await customer.events([{ name: 'joined_trial', email: max, id: 'm1' }]);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(max)).subject).toBe('New tips');
    const lias = (await customer.runs(flowId)).find((run) => run.email === lia)!;
    expect(lias.steps[0]).toMatchObject({ step_id: 'long-wait', status: 'moved' });
    expect(lias.notes.find((note) => note.kind === 'moved')!.reason).toBe('The step "long-wait" was removed in version 2; moved on to "tips".');
    expect(lias.version).toBe(2);
    const versions = (await call('GET', `${FLOWS}/${flowId}/versions`, customer.cookie)).json().payload.versions;
    expect(versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    const first = (await call('GET', `${FLOWS}/${flowId}/versions/1`, customer.cookie)).json().payload.version;
    expect(first.definition.start).toBe('long-wait');
    // A live flow's edit must be complete: an email step without content is refused.
    const incomplete = await call('PUT', `${FLOWS}/${flowId}`, customer.cookie, { definition: { ...edited, steps: [emailStep('tips', 'short-wait', { content_html: '' }), definition.steps[2], definition.steps[3]] } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().payload.errors['steps.0.content_html']).toBe('Write the content of every email step before activating.');
  });
});

describe('pausing', () => {
  it('a paused flow lets nobody in and moves nobody on until it is active again', async () => {
    const customer = await flowCustomer(accounts);
    const [pia, quin] = [personEmail('pia'), personEmail('quin')];
    for (const email of [pia, quin]) await customer.subscriber(email);
    const flowId = await customer.activeFlow('Pausable', {
      trigger: { type: 'event', event: 'tried_it' },
      start: 'wait',
      steps: [{ id: 'wait', type: 'wait', duration: { amount: 1, unit: 'hours' }, next: 'mail' }, emailStep('mail')],
    });
    await customer.events([{ name: 'tried_it', email: pia, id: 'p1' }]);
    await engine.drain();
    expect((await call('POST', `${FLOWS}/${flowId}/pause`, customer.cookie)).statusCode).toBe(200);
    await customer.events([{ name: 'tried_it', email: quin, id: 'q1' }]);
    accounts.advance(2 * HOUR);
    await engine.drain();
    expect(accounts.smtp.messagesTo(pia)).toHaveLength(0);
    expect((await customer.runs(flowId)).map((run) => run.email)).toEqual([pia]);
    expect((await call('POST', `${FLOWS}/${flowId}/activate`, customer.cookie)).statusCode).toBe(200);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(pia)).subject).toBe('Step mail for you');
    // An event while paused started nothing.
    expect(accounts.smtp.messagesTo(quin)).toHaveLength(0);
  });
});
